/**
 * Text from a model, a tool, a file or a server, made safe to print on a terminal. A terminal acts on some
 * characters instead of showing them (ESC starts cursor moves, line erases, OSC 52 clipboard writes, OSC 8
 * links; CR and backspace overwrite what is on the line), and shows others as nothing or reorders the text
 * around them (bidi overrides, zero-width and other format characters). Each of these is replaced by a
 * visible form, as `cat -v` and less show them: C0 controls and DEL in caret notation (`^[` for ESC, `^M`
 * for CR, `^?` for DEL), every other one as `<U+202E>`. Each character is replaced on its own, so a
 * sequence split across streamed chunks is caught as surely as a whole one.
 */

/** Every character looked at: controls (C0, DEL, C1), format characters, line and paragraph separators, default ignorables. */
const SUSPECT = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const SUSPECTS = new RegExp(SUSPECT.source, 'gu');
/** What a joiner may join, and what a variation selector may follow: letters, marks, digits, pictographs. */
const JOINABLE = /^[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}]$/u;
const JOINERS = new Set(['\u200c', '\u200d']);
const VARIATION_SELECTOR = /^[\ufe00-\ufe0f]$/;

/**
 * How strict: `prose` (a reply, a tool's output, a title) keeps line breaks and tabs, a variation selector
 * after the character it styles (emoji presentation) and a zero-width (non-)joiner between two letters or
 * pictographs (emoji sequences, Persian and Indic words); `command` (what will run) keeps only line breaks
 * and shows every other invisible character, joiners and tabs included.
 */
type VisibleMode = 'prose' | 'command';

/** What came just before the text, for the first character's judgement (a stream's previous chunk). */
interface Before {
  /** The last character was shown as itself and may be joined to or styled. */
  joinable: boolean;
}

/** `text` with every character a terminal would act on, hide or reorder shown visibly; the rest as it was. */
export function visibleText(text: string): string {
  return render(text, 'prose', { joinable: false });
}

/** A command as it will run: every control and invisible character shown, only line breaks kept. */
export function visibleCommand(command: string): string {
  return render(command, 'command', { joinable: false });
}

/** The visible form of one character: `^[`, `^M`, `^?`, or `<U+202E>`. */
function visibleForm(char: string): string {
  const code = char.codePointAt(0)!;
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code === 0x7f) return '^?';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/**
 * visibleText over a stream (a reply as it arrives): each chunk's visible form as it comes, with a joiner
 * at a chunk's end (or half of a surrogate pair) held back until the next chunk says what follows it.
 * `end()` gives what was held back.
 */
export class VisibleTextStream {
  private held = '';
  private before: Before = { joinable: false };

  write(chunk: string): string {
    const text = this.held + chunk;
    const cut = undecidedTail(text);
    this.held = text.slice(cut);
    return render(text.slice(0, cut), 'prose', this.before);
  }

  /** What was held back; the next chunk starts afresh. */
  end(): string {
    const rest = render(this.held, 'prose', this.before);
    this.held = '';
    this.before = { joinable: false };
    return rest;
  }
}

/**
 * JSON for a terminal and for a parser alike: JSON.stringify escapes C0 controls but writes DEL, C1 controls
 * (U+009B is CSI, U+009D OSC to a terminal that reads UTF-8) and bidi or format characters as they are.
 * They are written as \u escapes here: the same value once parsed.
 */
export function terminalSafeJson(value: unknown): string {
  // split(''): UTF-16 units, so an astral character becomes its two escapes, as JSON writes them.
  return JSON.stringify(value).replace(SUSPECTS, (char) =>
    char
      .split('')
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join(''),
  );
}

/** `before` is updated to what the text ends with. */
function render(text: string, mode: VisibleMode, before: Before): string {
  if (!text) return '';
  if (!SUSPECT.test(text)) {
    before.joinable = JOINABLE.test(lastChar(text));
    return text;
  }
  const chars = [...text];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const keep = !SUSPECT.test(char) || kept(char, mode, before.joinable, chars[i + 1]);
    out += keep ? char : visibleForm(char);
    // A kept variation selector leaves its character joinable (an emoji, then a joiner).
    if (!keep || !VARIATION_SELECTOR.test(char)) before.joinable = keep && JOINABLE.test(char) && !SUSPECT.test(char);
  }
  return out;
}

/** Whether a suspect character is shown as itself: layout, or part of how a word or an emoji is written. */
function kept(char: string, mode: VisibleMode, afterJoinable: boolean, next: string | undefined): boolean {
  if (char === '\n') return true;
  if (mode === 'command') return false;
  if (char === '\t') return true;
  if (VARIATION_SELECTOR.test(char)) return afterJoinable;
  return JOINERS.has(char) && afterJoinable && next !== undefined && JOINABLE.test(next) && !SUSPECT.test(next);
}

/** Where the characters start that the next chunk decides: trailing joiners, a high surrogate without its pair. */
function undecidedTail(text: string): number {
  let cut = text.length;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  while (cut > 0 && JOINERS.has(text[cut - 1]!)) cut--;
  return cut;
}

function lastChar(text: string): string {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xdc00 && last <= 0xdfff ? text.slice(-2) : text.slice(-1);
}
