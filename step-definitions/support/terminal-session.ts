import { spawn, type IPty } from '@lydell/node-pty';

/**
 * A program on a real pseudo-terminal (@lydell/node-pty): it sees a TTY, line discipline and all, so
 * keys typed here (Enter is \r, Ctrl-C \x03, Ctrl-D \x04) reach it as they would from a person.
 * `screen` is everything it showed, escape sequences removed.
 */
export class TerminalSession {
  raw = '';
  readonly exited: Promise<{ exitCode: number; signal?: number }>;
  private readonly pty: IPty;
  private readonly watchers: Array<() => boolean> = [];
  private exitInfo?: { exitCode: number; signal?: number };

  constructor(argv: string[], options: { cwd: string; env: NodeJS.ProcessEnv; cols?: number; rows?: number }) {
    this.pty = spawn(argv[0]!, argv.slice(1), {
      name: 'xterm',
      cols: options.cols ?? 120,
      rows: options.rows ?? 40,
      cwd: options.cwd,
      env: { TERM: 'xterm', ...options.env } as Record<string, string>,
    });
    this.pty.onData((data) => {
      this.raw += data;
      this.notify();
    });
    this.exited = new Promise((resolve) =>
      this.pty.onExit((info) => {
        this.exitInfo = info;
        this.notify();
        resolve(info);
      }),
    );
  }

  get pid(): number {
    return this.pty.pid;
  }

  get screen(): string {
    return plain(this.raw);
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  /** Where the screen text ends now: `waitFor(..., { after })` looks only at what comes later. */
  mark(): number {
    return this.screen.length;
  }

  type(keys: string): void {
    this.pty.write(keys);
  }

  resize(cols: number, rows: number): void {
    this.pty.resize(cols, rows);
  }

  /** Resolves once the screen shows `text` (after `after`); rejects if the program ends first or in `timeoutMs`. */
  waitFor(text: string | RegExp, options: { after?: number; timeoutMs?: number } = {}): Promise<void> {
    const found = () => {
      const screen = this.screen.slice(options.after ?? 0);
      return typeof text === 'string' ? screen.includes(text) : text.test(screen);
    };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail(`did not show ${String(text)} within ${options.timeoutMs ?? 15_000} ms`), options.timeoutMs ?? 15_000);
      const fail = (why: string) => {
        clearTimeout(timer);
        reject(new Error(`The terminal ${why}; it showed:\n${this.screen.slice(-3000)}`));
      };
      const check = () => {
        if (found()) {
          clearTimeout(timer);
          resolve();
          return true;
        }
        if (this.exitInfo) {
          fail(`program ended (exit ${this.exitInfo.exitCode}) before it showed ${String(text)}`);
          return true;
        }
        return false;
      };
      if (!check()) this.watchers.push(check);
    });
  }

  /** Ends the program if it is still running (a scenario's cleanup). */
  kill(): void {
    if (!this.exitInfo) this.pty.kill('SIGKILL');
  }

  private notify(): void {
    for (const watcher of [...this.watchers]) if (watcher()) this.watchers.splice(this.watchers.indexOf(watcher), 1);
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC [ ... final byte, a control sequence (colours, cursor moves)
const CONTROL_SEQUENCE = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC ( or ESC ) and a letter, a character set designation
const CHARSET_DESIGNATION = /\x1b[()][A-Z0-9]/g;

/** Terminal output without escape sequences and carriage returns. */
export function plain(text: string): string {
  return text.replace(CONTROL_SEQUENCE, '').replace(CHARSET_DESIGNATION, '').replace(/\r/g, '');
}
