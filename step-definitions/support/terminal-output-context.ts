import { visibleCommand, visibleText, VisibleTextStream } from '../../src/visible-text';
import { block, section, type Narrating } from './transcript';

/**
 * Text with control characters, written in a feature: `\u001b` (any `\u` and four hex digits), `\r`, `\n` and
 * `\t` are the characters they name; every other backslash stays as it is (a YAML or JSON file may need its own).
 */
export function withControls(text: string): string {
  return text.replace(/\\u([0-9a-fA-F]{4})|\\([rnt])/g, (_escape, hex: string | undefined, letter: string | undefined) =>
    hex ? String.fromCharCode(Number.parseInt(hex, 16)) : ({ r: '\r', n: '\n', t: '\t' } as Record<string, string>)[letter!]!,
  );
}

/** Characters a terminal acts on or hides: C0 but line breaks and tabs, DEL, C1, format characters (bidi, zero-width), separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this looks for
export const ACTIVE_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u;

/** The library's visibleText, visibleCommand and VisibleTextStream, called in process. */
export class TerminalOutputContext implements Narrating {
  given?: string;
  asText?: string;
  asCommand?: string;
  streamed: string[] = [];

  show(text: string): void {
    this.given = text;
    this.asText = visibleText(text);
    this.asCommand = visibleCommand(text);
  }

  /** Each chunk's visible form as it is written, then what `end()` gives. */
  stream(chunks: string[]): void {
    const stream = new VisibleTextStream();
    this.streamed = [...chunks.map((chunk) => stream.write(chunk)), stream.end()];
  }

  narrate(): string[] {
    if (this.given === undefined && !this.streamed.length) return [];
    const shown = [`given: ${JSON.stringify(this.given)}`, `visibleText: ${JSON.stringify(this.asText)}`, `visibleCommand: ${JSON.stringify(this.asCommand)}`];
    return section('Terminal output (in process)', block('results', [...shown, `stream: ${JSON.stringify(this.streamed)}`].join('\n')));
  }
}
