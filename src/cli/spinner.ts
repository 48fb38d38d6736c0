import type { Style } from './terminal-style';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 100;

/**
 * `⠋ thinking 2.1s` redrawn in place on a terminal line while nothing else is shown; `stop()` erases it
 * before anything else is written. The caller shows it only on a terminal.
 */
export class Spinner {
  private state?: { timer: NodeJS.Timeout; started: number; label: string; frame: number };

  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly style: Style,
  ) {}

  get spinning(): boolean {
    return this.state !== undefined;
  }

  start(label: string): void {
    if (this.state) return;
    const timer = setInterval(() => this.draw(), FRAME_MS);
    timer.unref();
    this.state = { timer, started: Date.now(), label, frame: 0 };
    this.draw();
  }

  stop(): void {
    if (!this.state) return;
    clearInterval(this.state.timer);
    this.state = undefined;
    this.out.write('\r\x1b[K');
  }

  private draw(): void {
    const state = this.state!;
    const seconds = ((Date.now() - state.started) / 1000).toFixed(1);
    this.out.write(`\r\x1b[K${this.style.cyan(FRAMES[state.frame++ % FRAMES.length]!)} ${this.style.dim(`${state.label} ${seconds}s`)}`);
  }
}
