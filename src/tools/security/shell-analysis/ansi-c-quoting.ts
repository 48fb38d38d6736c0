const SIMPLE: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

const ESCAPE = /\\(?:x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})|([0-7]{1,3})|c(.)|([\s\S]))/g;

/**
 * The value of a `$'...'` word's body as bash decodes it (`$'\x72m'` is `rm`, `$'\u0072m'` too): \a \b \e \E \f
 * \n \r \t \v \\ \' \" \?, octal, \xHH, \uHHHH, \UHHHHHHHH and \cX; any other backslash stays.
 */
export function decodeAnsiC(body: string): string {
  return body.replace(ESCAPE, (whole, hex?: string, u4?: string, u8?: string, octal?: string, control?: string, other?: string) => {
    if (hex) return String.fromCharCode(parseInt(hex, 16));
    if (u4 ?? u8) return codePoint(parseInt((u4 ?? u8)!, 16));
    if (octal) return String.fromCharCode(parseInt(octal, 8) & 0xff);
    if (control) return String.fromCharCode(control.toUpperCase().charCodeAt(0) ^ 0x40);
    return SIMPLE[other!] ?? whole;
  });
}

function codePoint(value: number): string {
  return value <= 0x10ffff ? String.fromCodePoint(value) : '\ufffd';
}
