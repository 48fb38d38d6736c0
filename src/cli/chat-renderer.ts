import { formatRunSummary, RunSummary } from '../runner/run-summary';
import type { RunnerEvent } from '../runner/types';
import type { TurnOutcome } from '../repl/repl-controller';
import type { ChatScreen } from './chat-screen';
import { describeError } from './error-report';
import { visibleText } from '../visible-text';
import { oneLineCommand } from './terminal-style';
import { taskLabel, toolActivityLines } from './tool-activity';

/**
 * A chat turn on the screen: the answer as it streams, each command with its outcome and a few lines of
 * output, sub-agent tasks, permission notes, a spinner while the model thinks, and one line at the end
 * (also after an interrupt or an error): what the turn cost and took.
 */
export class ChatRenderer {
  private summary = new RunSummary();
  private running = 0;
  /** A model run is under way (not a `!` command): after a command the model is asked again. */
  private modelRun = false;
  /** A command of this turn already said it was interrupted. */
  private toolInterrupted = false;

  /** Warnings the chat showed before any turn (the banner's): a runner's first turn repeats them. */
  private readonly shownWarnings = new Set<string>();

  constructor(private readonly screen: ChatScreen) {}

  alreadyShown(warnings: readonly string[]): void {
    for (const warning of warnings) this.shownWarnings.add(warning);
  }

  readonly onEvent = (event: RunnerEvent): void => {
    this.summary.observe(event);
    const s = this.screen.style;
    switch (event.type) {
      case 'run_started':
        this.modelRun = true;
        this.summary = new RunSummary();
        this.screen.spin('thinking');
        break;
      case 'assistant_delta':
        this.screen.stream(event.text);
        break;
      case 'tool_call_started':
        this.running += 1;
        this.screen.lines(event.isTask ? s.cyan(`⇢ ${taskLabel(event.command, event.description)}`) : s.dim(`$ ${oneLineCommand(event.command ?? event.name, 200)}`));
        this.screen.spin('running');
        break;
      case 'tool_call_finished':
        this.running -= 1;
        if (event.result.extras?.exitCode === 130) this.toolInterrupted = true;
        this.screen.lines(toolActivityLines(event.command, event.result, event.durationMs, s).join('\n'));
        if (this.running > 0) this.screen.spin('running');
        else if (this.modelRun) this.screen.spin('thinking');
        break;
      case 'reminder':
        this.screen.lines(s.yellow('… todo items are still open: the agent continues'));
        break;
      case 'round_discarded':
        this.screen.lines(s.yellow(`… discarded a round: ${visibleText(event.reason)}`));
        break;
      case 'warning':
        if (!this.shownWarnings.has(event.message)) this.screen.lines(s.yellow(`warning: ${visibleText(event.message)}`));
        break;
      case 'permission_decided':
        if (event.decision === 'deny') this.screen.lines(s.yellow(`⚠ not run: ${oneLineCommand(event.command, 120)} (${visibleText(event.rule ?? 'policy')})`));
        break;
      case 'history_sanitized':
        this.screen.lines(s.dim(`… repaired the history: ${event.removed} message(s) moved to quarantine, ${event.added} missing tool result(s) added`));
        break;
      case 'session_warning':
        this.screen.lines(s.yellow(visibleText(`warning: ${event.file}${event.line ? ` line ${event.line}` : ''}: ${event.message}`)));
        break;
    }
  };

  /** The end of a turn, however it ended: held-back text, then the outcome and the figures. */
  turnEnded(outcome: TurnOutcome): void {
    const s = this.screen.style;
    this.running = 0;
    this.modelRun = false;
    this.screen.endTurn();
    if (outcome.status === 'interrupted' && !this.toolInterrupted) this.screen.lines(s.yellow('⏹ interrupted'));
    this.toolInterrupted = false;
    if (outcome.status === 'failed') this.screen.lines(s.red(`error: ${describeError(outcome.error)}`));
    if (outcome.kind === 'message') this.screen.lines(s.dim(formatRunSummary(this.summary.get())));
    this.summary = new RunSummary();
  }
}
