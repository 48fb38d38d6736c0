import { secretNameMatcher } from './secret-names';
import { credentialValues, stripUrlCredentials } from './url-credentials';

export const REDACTED = '[REDACTED]';

/** Values shorter than this, taken from variables by name, are too likely to be ordinary words. */
const MIN_ENVIRONMENT_SECRET_LENGTH = 8;
const MIN_SECRET_LENGTH = 4;

/**
 * Replaces every known secret value in tool output with `[REDACTED]`: defense in depth behind the
 * secret-free environment, for a key that still shows up (a file, `/proc/<pid>/environ`, a pasted config).
 * Only exact values are known: an encoded or partial secret is not recognised.
 */
export class SecretRedactor {
  private readonly values = new Set<string>();
  private pattern?: RegExp;

  /** Registers a value (the API key). Values under 4 characters are ignored. */
  add(value: string | undefined): this {
    if (value && value.length >= MIN_SECRET_LENGTH && !this.values.has(value)) {
      this.values.add(value);
      this.pattern = undefined;
    }
    return this;
  }

  /**
   * Registers the values of every variable whose name looks like a secret, and the credentials of URLs in
   * any variable (`user:password` and the password), each of at least 8 characters.
   */
  addFromEnvironment(env: NodeJS.ProcessEnv, patterns?: readonly string[]): this {
    const isSecret = secretNameMatcher(patterns);
    for (const [name, value] of Object.entries(env)) {
      if (!value) continue;
      const found = isSecret(name) ? [value] : stripUrlCredentials(value).credentials.flatMap(credentialValues);
      for (const secret of found) if (secret.length >= MIN_ENVIRONMENT_SECRET_LENGTH) this.add(secret);
    }
    return this;
  }

  has(value: string): boolean {
    return this.values.has(value);
  }

  get size(): number {
    return this.values.size;
  }

  redact(text: string): string {
    if (!this.values.size || !text) return text;
    this.pattern ??= this.buildPattern();
    return text.replace(this.pattern, REDACTED);
  }

  /** One alternation of literals, longest first: a key that contains another is replaced whole. */
  private buildPattern(): RegExp {
    return new RegExp(
      [...this.values]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|'),
      'g',
    );
  }

  /** The length of the longest end of `text` that is the beginning (not the whole) of a known value. */
  private partialSecretTail(text: string): number {
    let longest = 0;
    for (const value of this.values) {
      // Stryker disable next-line EqualityOperator: one more turn at the length already found finds it again and stops
      for (let length = Math.min(value.length - 1, text.length); length > longest; length--) {
        if (text.endsWith(value.slice(0, length))) {
          longest = length;
          break;
        }
      }
    }
    return longest;
  }

  /**
   * A redactor for text that arrives in pieces (a command's output streamed to a person): each piece is
   * passed on at once, except a tail that could be the start of a secret, held until the next piece (or
   * `end`) shows whether it is one. A secret split across pieces is still replaced whole.
   */
  stream(write: (text: string) => void): { write(text: string): void; end(): void } {
    let held = '';
    return {
      write: (text) => {
        const joined = held + text;
        let cut = joined.length - this.partialSecretTail(joined);
        let out = '';
        let from = 0;
        if (this.values.size) {
          this.pattern ??= this.buildPattern();
          this.pattern.lastIndex = 0;
          for (const match of joined.matchAll(this.pattern)) {
            const start = match.index!;
            if (start >= cut) break;
            out += joined.slice(from, start) + REDACTED;
            from = start + match[0].length;
            cut = Math.max(cut, from); // a secret that runs into the tail goes out whole
          }
        }
        out += joined.slice(from, cut);
        held = joined.slice(cut);
        if (out) write(out);
      },
      end: () => {
        if (held) write(this.redact(held));
        held = '';
      },
    };
  }

  /** Whether `text` holds a known value (used to drop variables that carry one under another name). */
  contains(text: string): boolean {
    return this.redact(text) !== text;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
