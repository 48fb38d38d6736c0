/**
 * Environment variable names that hold secrets. A tool's processes never get them (unless passed on
 * purpose with `passEnv` / `--pass-env NAME`), and their values are redacted from tool output.
 * `*` matches any run of characters (none included); matching ignores case.
 */
export const DEFAULT_SECRET_NAME_PATTERNS: readonly string[] = [
  '*API_KEY*',
  '*APIKEY*',
  '*_KEY',
  '*TOKEN*',
  '*SECRET*',
  '*PASSWORD*',
  '*PASSWD*',
  'PG*PASS*',
  '*_PAT',
  // npm_config__authToken, HTTP_AUTHORIZATION, SSH_AUTH_SOCK (the SSH agent signs as you), XAUTHORITY (the X server's cookie)
  '*AUTH*',
  '*_ACCESS_KEY',
  '*CREDENTIALS*',
];

/**
 * Names the default patterns match that hold no secret and that ordinary work needs (a commit's author,
 * a tokenizer library's switch). Only with the default patterns: a caller's own patterns decide alone.
 */
export const DEFAULT_NOT_SECRET_NAMES: readonly string[] = ['GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_AUTHOR_DATE', 'TOKENIZERS_PARALLELISM'];

/** A matcher for names against `*` patterns, case-insensitive; the default patterns spare DEFAULT_NOT_SECRET_NAMES. */
export function secretNameMatcher(patterns: readonly string[] = DEFAULT_SECRET_NAME_PATTERNS): (name: string) => boolean {
  const source = patterns.map((pattern) => pattern.split('*').map(escapeRegExp).join('.*')).join('|');
  // Stryker disable next-line StringLiteral: with no patterns, an empty group matches only an empty name, and no variable has one
  const regex = new RegExp(`^(?:${source || '(?!)'})$`, 'i');
  const spared = new Set(patterns === DEFAULT_SECRET_NAME_PATTERNS ? DEFAULT_NOT_SECRET_NAMES : []);
  return (name) => regex.test(name) && !spared.has(name.toUpperCase());
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
