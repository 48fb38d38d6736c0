import type { RunEvent } from '../runtime/run-loop';
import { terminalSafeJson, VisibleTextStream, visibleText } from '../visible-text';
import { colorEnabled, createStyle, oneLine } from './terminal-style';

/** Renders a runtime run's events as they happen. */
export type RuntimeRenderer = (event: RunEvent) => void;

/** For scripts (--json): each library event as one JSON line, unchanged (an error as { name, message }). */
export const renderRuntimeJson: RuntimeRenderer = (event) => {
  process.stdout.write(`${terminalSafeJson(event)}\n`);
};

/** For people: the assistant's text on stdout as it streams; tool calls, results and rejections on stderr (all made visible). */
export function createRuntimePeopleRenderer(): RuntimeRenderer {
  const style = createStyle(colorEnabled(process.stderr));
  const answer = new VisibleTextStream();
  let atLineStart = true;
  const text = (chunk: string) => {
    if (!chunk) return;
    process.stdout.write(chunk);
    atLineStart = chunk.endsWith('\n');
  };
  return (event) => {
    switch (event.type) {
      case 'llm_stream':
        if (event.chunk.content) text(answer.write(event.chunk.content));
        break;
      case 'llm_result':
        text(answer.end());
        if (!atLineStart) text('\n');
        for (const call of event.result.tool_calls) process.stderr.write(`${style.dim(`→ ${oneLine(`${call.function.name} ${call.function.arguments}`)}`)}\n`);
        break;
      case 'tool_result':
        process.stderr.write(`${style.green('✓')} ${style.dim(oneLine(JSON.stringify(event.result) ?? ''))}\n`);
        break;
      case 'tool_rejected':
        process.stderr.write(`${style.red('✗')} ${visibleText(event.name)} rejected\n`);
        break;
    }
  };
}
