import { createInterface, type Interface } from 'node:readline';
import type { ReplTerminal } from '../repl/repl-controller';
import { visibleText } from '../visible-text';
import type { ChatScreen } from './chat-screen';
import type { InputHistory } from './input-history';

export const PROMPT = 'You> ';
const CONTINUATION_PROMPT = '...> ';
const ANSWER_PROMPT = '> ';

export interface ChatTerminalOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  screen: ChatScreen;
  history: InputHistory;
  /** A real terminal (line editing, Ctrl-C as a key, a prompt); otherwise lines are read one by one. */
  interactive: boolean;
  /** A whole input: one line, the lines joined by a trailing `\`, or a paste. */
  onInput(text: string): void;
  onInterrupt(): void;
  /** The input ended (Ctrl-D, end of piped input, or `end()`). */
  onClose(): void;
  /** Whether a turn runs now (keys typed then are typed ahead, under the output). */
  busy(): boolean;
}

/**
 * The chat's keyboard and prompt on node:readline: line editing and history (Up/Down, also from earlier
 * chats), a trailing `\` to go on to the next line, a paste kept as one input (the lines of one read
 * arrive together), Ctrl-C and Ctrl-D passed on. Piped input is read a line at a time, without prompts.
 */
export class ChatTerminal implements ReplTerminal {
  readonly rl: Interface;
  private continued: string[] = [];
  private pasted: string[] = [];

  constructor(private readonly options: ChatTerminalOptions) {
    const { input, output, interactive } = options;
    this.rl = createInterface({ input, output, terminal: interactive, prompt: PROMPT, history: interactive ? options.history.load() : [], historySize: 500, removeHistoryDuplicates: true });
    this.rl.on('line', (line) => {
      options.screen.lineEntered();
      this.received(line);
    });
    this.rl.on('SIGINT', () => options.onInterrupt());
    this.rl.on('close', () => options.onClose());
    options.screen.attach(this.rl);
    // Before readline echoes a key typed during a turn, give the typing a line of its own.
    if (interactive)
      input.prependListener('keypress', (text: string | undefined, key: { ctrl?: boolean; meta?: boolean } | undefined) => typed(text, key) && options.busy() && options.screen.keyDuringTurn());
  }

  /** The REPL's text is plain (it never styles) and quotes what sessions, skills and servers hold: all of it made visible. */
  print(text: string): void {
    this.options.screen.lines(visibleText(text));
  }

  prompt(answering = false): void {
    if (!this.options.interactive) return;
    this.options.screen.endTurn();
    this.rl.setPrompt(answering ? ANSWER_PROMPT : this.continued.length ? CONTINUATION_PROMPT : PROMPT);
    this.rl.prompt(true);
    this.options.screen.promptShown();
  }

  clearInput(): void {
    this.continued = [];
    this.rl.write(null, { ctrl: true, name: 'e' });
    this.rl.write(null, { ctrl: true, name: 'u' });
  }

  clearScreen(): void {
    this.options.screen.clear();
  }

  end(): void {
    this.rl.close();
  }

  /** While a turn runs, readline redraws only what is typed (no prompt). */
  startTurn(): void {
    this.rl.setPrompt('');
  }

  private received(line: string): void {
    if (!this.options.interactive) return this.entered(line);
    // Every line of one read (a paste) arrives before the next turn of the event loop.
    this.pasted.push(line);
    if (this.pasted.length === 1) setImmediate(() => this.entered(this.pasted.splice(0).join('\n')));
  }

  private entered(text: string): void {
    if (/(^|[^\\])\\$/.test(text)) {
      this.continued.push(text.slice(0, -1));
      if (this.options.interactive) {
        this.rl.setPrompt(CONTINUATION_PROMPT);
        this.rl.prompt();
        this.options.screen.promptShown();
      }
      return;
    }
    const whole = [...this.continued, text].join('\n');
    this.continued = [];
    if (this.options.interactive) this.options.history.add(whole);
    this.options.onInput(whole);
  }
}

/** A key that types text (not Ctrl-C, Ctrl-D, arrows or Enter). */
function typed(text: string | undefined, key: { ctrl?: boolean; meta?: boolean } | undefined): boolean {
  const first = text?.codePointAt(0);
  return first !== undefined && first >= 0x20 && first !== 0x7f && !key?.ctrl && !key?.meta;
}
