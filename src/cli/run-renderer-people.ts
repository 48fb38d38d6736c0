import { formatRunSummary } from '../runner/run-summary';
import type { RunnerEvent } from '../runner/types';
import type { RunOutcome, RunRenderer } from './run-renderer';
import { TaskStatusBoard } from './task-status-board';
import { Spinner } from './spinner';
import { taskLabel, toolActivityLines } from './tool-activity';
import { colorEnabled, createStyle, oneLineCommand } from './terminal-style';
import { VisibleTextStream, visibleText } from '../visible-text';

/**
 * For people: the assistant's text on stdout as it streams; tool activity, task status and notes on
 * stderr, so `synapse run ... > answer.txt` captures only the answer. Everything that came from the model, a
 * tool, a hook or a file is shown with its control characters made visible (--json and
 * --output-last-message keep the exact text).
 */
export class PeopleRunRenderer implements RunRenderer {
  private readonly style = createStyle(colorEnabled(process.stderr));
  private readonly tasks = new TaskStatusBoard(process.stderr, this.style.enabled);
  private stdoutAtLineStart = true;
  private readonly answer = new VisibleTextStream();
  /** While the model thinks: only when stdout and stderr are the terminal (the answer and the notes share a screen). */
  private readonly spinner = process.stdout.isTTY && process.stderr.isTTY ? new Spinner(process.stderr, this.style) : undefined;

  onEvent(event: RunnerEvent): void {
    this.spinner?.stop();
    switch (event.type) {
      case 'run_started':
        this.think();
        break;
      case 'assistant_delta':
        this.writeText(this.answer.write(event.text));
        break;
      case 'assistant_message':
        this.writeText(this.answer.end());
        if (!this.stdoutAtLineStart) this.writeText('\n');
        break;
      case 'tool_call_started':
        if (event.isTask) this.tasks.started(event.toolCallId, taskLabel(event.command, event.description));
        else this.note(this.style.dim(`$ ${oneLineCommand(event.command ?? event.name, 200)}`));
        break;
      case 'tool_call_finished':
        if (event.isTask) this.tasks.finished(event.toolCallId, event.result.isError, event.result.brief);
        else this.note(toolActivityLines(event.command, event.result, event.durationMs, this.style).join('\n'));
        if (!this.tasks.active) this.think();
        break;
      case 'reminder':
        this.note(this.style.yellow('… todo items are still open: the agent continues'));
        break;
      case 'round_discarded':
        this.note(this.style.yellow(`… discarded a round: ${visibleText(event.reason)}`));
        break;
      case 'warning':
        this.note(this.style.yellow(`synapse: warning: ${visibleText(event.message ?? '')}`));
        break;
      case 'permission_decided':
        if (event.decision === 'deny') this.note(this.style.yellow(`⚠ not run: ${oneLineCommand(event.command, 120)} (${visibleText(event.rule ?? 'policy')})`));
        else if (event.decision === 'defer') this.note(this.style.yellow(`⏸ waiting for approval: ${oneLineCommand(event.command, 120)} (${visibleText(event.rule ?? 'policy')})`));
        else if (event.by !== 'rule') this.note(this.style.dim(`… approved (${event.by.replace('_', ' ')}): ${oneLineCommand(event.command, 120)}`));
        break;
      case 'hook_finished':
        if (event.outcome === 'error') this.note(this.style.yellow(`⚠ ${event.hookEvent} hook failed (${oneLineCommand(event.command, 80)}): ${visibleText(event.message ?? '')}`));
        else if (event.outcome === 'blocking') this.note(this.style.dim(`… ${event.hookEvent} hook blocked: ${visibleText(event.message ?? '')}`));
        break;
      case 'hook_notice':
        this.note(this.style.yellow(`${event.hookEvent} hook: ${visibleText(event.message ?? '')}`));
        break;
      case 'history_sanitized':
        this.note(this.style.dim(`… repaired the history: ${event.removed} message(s) moved to quarantine, ${event.added} missing tool result(s) added`));
        break;
      case 'context_offloaded':
        this.note(this.style.dim(`… moved ${event.count} large tool result(s) to files: ${event.tokensBefore} -> ${event.tokensAfter} tokens`));
        break;
      case 'context_compacted':
        this.note(this.style.dim(`… compacted the conversation (${event.reason}): ${event.tokensBefore} -> ${event.tokensAfter} tokens; the full transcript stays in the session`));
        break;
      case 'session_warning':
        this.note(this.style.yellow(visibleText(`warning: ${event.file}${event.line ? ` line ${event.line}` : ''}: ${event.message}`)));
        break;
    }
  }

  /** Ends the streamed answer; every run ends with a one-line summary on stderr, an interrupted or failed one too. */
  finish(outcome: RunOutcome): void {
    this.spinner?.stop();
    this.writeText(this.answer.end());
    if (!this.stdoutAtLineStart) this.writeText('\n');
    if (outcome.interrupted) this.note(this.style.yellow('⏹ interrupted'));
    // A run that failed before doing anything has its error line; one that did some work says what it did.
    const { modelCalls, toolCalls } = outcome.summary;
    if (outcome.error && !outcome.stopReason && modelCalls + toolCalls === 0) return;
    const session = outcome.sessionId ? ` · session ${outcome.sessionId}` : '';
    this.note(this.style.dim(`${formatRunSummary(outcome.summary)}${session}`));
  }

  /** The spinner, at the start of a line, while the model is asked. */
  private think(): void {
    if (this.stdoutAtLineStart) this.spinner?.start('thinking');
  }

  private writeText(text: string): void {
    if (!text) return;
    process.stdout.write(text);
    this.stdoutAtLineStart = text.endsWith('\n');
  }

  private note(line: string): void {
    if (this.tasks.active) this.tasks.settle();
    process.stderr.write(`${line}\n`);
  }
}

/** --quiet: nothing while the run goes on; the final answer alone on stdout at the end (made visible; --output-last-message keeps it exact). */
export class QuietRunRenderer implements RunRenderer {
  onEvent(): void {}

  finish(outcome: RunOutcome): void {
    const text = visibleText(outcome.text);
    if (text && !outcome.isError) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }
}
