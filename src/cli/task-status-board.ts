import { createStyle, oneLine, type Style } from './terminal-style';

type TaskStatus = 'running' | 'done' | 'failed';

interface TaskLine {
  label: string;
  status: TaskStatus;
  startedAt: number;
  finishedAt?: number;
  brief?: string;
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * Parallel tasks as one status line each, redrawn in place on a terminal (running / done / failed with
 * the task's description); plain lines, one per change, anywhere else.
 */
export class TaskStatusBoard {
  private readonly tasks = new Map<string, TaskLine>();
  private drawnLines = 0;
  private frame = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly live: boolean,
    private readonly style: Style = createStyle(live),
  ) {}

  get active(): boolean {
    return this.tasks.size > 0;
  }

  started(id: string, label: string): void {
    this.tasks.set(id, { label, status: 'running', startedAt: Date.now() });
    if (!this.live) {
      this.stream.write(`task started: ${oneLine(label, Number.POSITIVE_INFINITY)}\n`);
      return;
    }
    this.timer ??= setInterval(() => this.redraw(), 100).unref();
    this.redraw();
  }

  finished(id: string, failed: boolean, brief?: string): void {
    const task = this.tasks.get(id);
    if (!task) return;
    Object.assign(task, { status: failed ? 'failed' : 'done', finishedAt: Date.now(), brief });
    if (!this.live) {
      this.stream.write(`task ${task.status}: ${oneLine(task.label, Number.POSITIVE_INFINITY)} (${seconds(task)})${failed && brief ? `: ${oneLine(brief, 100)}` : ''}\n`);
    } else this.redraw();
    if ([...this.tasks.values()].every((line) => line.status !== 'running')) this.settle();
  }

  /** Leaves the lines as they are: the batch is over, or something else needs the terminal. */
  settle(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.tasks.clear();
    this.drawnLines = 0;
  }

  private redraw(): void {
    this.frame = (this.frame + 1) % SPINNER.length;
    const width = Math.max(40, (this.stream.columns || 100) - 1);
    let text = this.drawnLines ? `\x1b[${this.drawnLines}F` : '';
    for (const task of this.tasks.values()) text += `\x1b[2K${this.render(task, width)}\n`;
    this.drawnLines = this.tasks.size;
    this.stream.write(text);
  }

  private render(task: TaskLine, width: number): string {
    const icon = task.status === 'running' ? this.style.cyan(SPINNER[this.frame]!) : task.status === 'done' ? this.style.green('✓') : this.style.red('✗');
    const detail = task.status === 'failed' && task.brief ? ` — ${task.brief}` : '';
    const line = oneLine(`${task.label}${detail}`, width - 20);
    return `${icon} ${line} ${this.style.dim(`${task.status} ${seconds(task)}`)}`;
  }
}

function seconds(task: TaskLine): string {
  return `${(((task.finishedAt ?? Date.now()) - task.startedAt) / 1000).toFixed(1)}s`;
}
