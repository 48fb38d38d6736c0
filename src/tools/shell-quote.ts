/** Quotes one argument for bash so it reaches the command verbatim (NUL cannot be carried, so it is dropped). */
export function quoteShellArg(value: string): string {
  const clean = value.replace(/\0/g, '');
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(clean)) return clean;
  return `'${clean.replace(/'/g, `'\\''`)}'`;
}
