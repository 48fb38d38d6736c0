import { clearScreenDown, cursorTo, type Interface } from 'node:readline';
import { VisibleTextStream } from '../visible-text';
import { Spinner } from './spinner';
import type { Style } from './terminal-style';

/**
 * The chat's screen: the answer as it streams, whole lines (notes, tool activity, command output), a
 * spinner while the model thinks, and the line the person is typing. Keys typed while an answer streams
 * are echoed at once on a line of their own under the answer; from then on the answer is shown a whole
 * line at a time above that line, so neither overwrites the other.
 */
export class ChatScreen {
  private atLineStart = true;
  /** Streamed text not shown yet (an incomplete line while the person types ahead). */
  private held = '';
  /** The person typed during this turn: output goes above their line. */
  private typingAhead = false;
  private readonly spinner: Spinner;
  private rl?: Interface;
  /** The streamed answer is the model's: its control characters are made visible, across chunks too. */
  private readonly visible = new VisibleTextStream();

  constructor(
    private readonly out: NodeJS.WritableStream,
    readonly style: Style,
    /** A terminal: a spinner, and room for typing ahead. */
    private readonly interactive: boolean,
  ) {
    this.spinner = new Spinner(out, style);
  }

  /** The readline interface whose line is redrawn under output that arrives while the person types. */
  attach(rl: Interface): void {
    this.rl = rl;
  }

  /** Streamed answer text (the model's: shown with its control characters made visible). */
  stream(text: string): void {
    this.showStreamed(this.visible.write(text));
  }

  private showStreamed(text: string): void {
    if (!text) return;
    this.stopSpinner();
    if (!this.typingAhead) return this.write(text);
    this.held += text;
    const cut = this.held.lastIndexOf('\n');
    if (cut < 0) return;
    const complete = this.held.slice(0, cut + 1);
    this.held = this.held.slice(cut + 1);
    this.aboveInput(complete);
  }

  /** Whole lines, after whatever streamed before them. */
  lines(text: string): void {
    this.showStreamed(this.visible.end());
    this.stopSpinner();
    if (this.typingAhead) {
      const before = this.held ? `${this.held}\n` : '';
      this.held = '';
      return this.aboveInput(`${before}${text}\n`);
    }
    if (!this.atLineStart) this.write('\n');
    this.write(`${text}\n`);
  }

  /** The prompt (and what is typed after it) is on the current line. */
  promptShown(): void {
    this.atLineStart = false;
  }

  /** Enter was pressed: readline has moved to the next line. */
  lineEntered(): void {
    this.atLineStart = true;
  }

  /** A key was pressed while a turn runs: the typing gets a line of its own, under the output. */
  keyDuringTurn(): void {
    if (this.typingAhead || !this.interactive) return;
    this.stopSpinner();
    this.typingAhead = true;
    if (!this.atLineStart) this.write('\n');
  }

  /** The turn is over: what was held back is shown, and the screen is at the start of a line for the prompt. */
  endTurn(): void {
    this.showStreamed(this.visible.end());
    this.stopSpinner();
    if (this.typingAhead) {
      this.clearInputLine();
      if (this.held) this.out.write(`${this.held}\n`);
      this.held = '';
      this.typingAhead = false;
      this.atLineStart = true;
    } else if (!this.atLineStart) this.write('\n');
  }

  /** `⠋ thinking 2.1s` on the current line, until any output replaces it. Only on a terminal. */
  spin(label: string): void {
    if (!this.interactive || this.typingAhead || this.spinner.spinning) return;
    if (!this.atLineStart) this.write('\n');
    this.spinner.start(label);
  }

  stopSpinner(): void {
    this.spinner.stop();
  }

  clear(): void {
    if (this.interactive) this.out.write('\x1b[2J\x1b[H');
    this.atLineStart = true;
  }

  private write(text: string): void {
    this.out.write(text);
    this.atLineStart = text.endsWith('\n');
  }

  /** Output above the line being typed: erase that line, write, draw it again. */
  private aboveInput(text: string): void {
    this.clearInputLine();
    this.out.write(text);
    this.atLineStart = true;
    this.rl?.prompt(true);
  }

  private clearInputLine(): void {
    cursorTo(this.out, 0);
    clearScreenDown(this.out);
  }
}
