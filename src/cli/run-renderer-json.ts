import type { RunnerEvent } from '../runner/types';
import type { RunOutcome, RunRenderer } from './run-renderer';

/**
 * For scripts (--json): NDJSON on stdout, one event per line, and last a `result` line. Task calls also
 * get `task_progress` lines (running / done / failed), the same states people see as status lines.
 */
export class JsonRunRenderer implements RunRenderer {
  onEvent(event: RunnerEvent): void {
    switch (event.type) {
      case 'assistant_delta':
        return write({ type: 'assistant_text', text: event.text });
      case 'assistant_message':
        return write({
          type: 'assistant_message',
          content: event.content,
          toolCalls: event.toolCalls.map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments })),
        });
      case 'tool_call_started': {
        const { toolCallId, name, command, isTask, description } = event;
        write({ type: 'tool_call_started', toolCallId, name, command, isTask, description });
        if (isTask) write({ type: 'task_progress', toolCallId, description, status: 'running' });
        return;
      }
      case 'tool_call_finished': {
        const { toolCallId, name, command, isTask, description, result, durationMs } = event;
        write({
          type: 'tool_call_finished',
          toolCallId,
          name,
          command,
          isTask,
          description,
          isError: result.isError,
          exitCode: result.extras?.exitCode,
          failureCategory: result.extras?.failureCategory,
          brief: result.brief,
          output: result.output,
          durationMs: Math.round(durationMs),
        });
        if (isTask) write({ type: 'task_progress', toolCallId, description, status: result.isError ? 'failed' : 'done' });
        return;
      }
      default:
        return write(event);
    }
  }

  finish(outcome: RunOutcome): void {
    const { sessionId, text, usage, isError, stopReason, error, interrupted } = outcome;
    write({ type: 'result', sessionId, text, usage, isError, stopReason: stopReason ?? null, ...(error ? { error } : {}), ...(interrupted ? { interrupted } : {}) });
  }
}

function write(value: object): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}
