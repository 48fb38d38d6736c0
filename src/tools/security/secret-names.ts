/**
 * Environment variable names that hold secrets. A tool's processes never get them (unless passed on
 * purpose with `passEnv` / `--pass-env NAME`), and their values are redacted from tool output.
 * `*` matches any run of characters; matching ignores case.
 */
export const DEFAULT_SECRET_NAME_PATTERNS: readonly string[] = [
  // Stryker disable next-line StringLiteral: *_API_KEY matches it too; named for the reader
  'OPENAI_API_KEY',
  '*_API_KEY',
  '*_APIKEY',
  '*_TOKEN',
  '*_SECRET',
  '*_SECRET_*',
  '*_PASSWORD',
  '*_PASSWD',
  '*_PRIVATE_KEY',
  '*_ACCESS_KEY',
  '*_CREDENTIALS',
];

/** A matcher for names against `*` patterns, case-insensitive. */
export function secretNameMatcher(patterns: readonly string[] = DEFAULT_SECRET_NAME_PATTERNS): (name: string) => boolean {
  const source = patterns.map((pattern) => pattern.split('*').map(escapeRegExp).join('.*')).join('|');
  // Stryker disable next-line StringLiteral: with no patterns, an empty group matches only an empty name, and no variable has one
  const regex = new RegExp(`^(?:${source || '(?!)'})$`, 'i');
  return (name) => regex.test(name);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
