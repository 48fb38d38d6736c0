import type { ToolCall } from '../llm';
import { isTaskCommand } from '../tools';

/** A tool call of the model's, with what the scheduler needs to know about it. */
export interface PlannedCall {
  call: ToolCall;
  args: Record<string, unknown>;
  /** The Bash command, when the call carries one. */
  command?: string;
  /** A `task:*` command: runs in a parallel batch with its task neighbours. */
  isTask: boolean;
  description?: string;
}

/** Consecutive task calls form one parallel batch; every other call runs alone, in order. */
export type CallGroup = { parallel: false; calls: [PlannedCall] } | { parallel: true; calls: PlannedCall[] };

/** Parses each call's arguments; a call whose arguments are not a JSON object is reported, not planned. */
export function planToolCalls(calls: ToolCall[]): { planned: PlannedCall[]; malformed: ToolCall[] } {
  const planned: PlannedCall[] = [];
  const malformed: ToolCall[] = [];
  for (const call of calls) {
    const args = parseObject(call.function.arguments);
    if (!args) {
      malformed.push(call);
      continue;
    }
    const command = typeof args.command === 'string' ? args.command : undefined;
    planned.push({ call, args, command, isTask: isTaskCommand(command), description: taskDescription(command) });
  }
  return { planned, malformed };
}

export function groupToolCalls(calls: PlannedCall[]): CallGroup[] {
  const groups: CallGroup[] = [];
  for (const planned of calls) {
    const last = groups.at(-1);
    if (planned.isTask && last?.parallel) last.calls.push(planned);
    else if (planned.isTask) groups.push({ parallel: true, calls: [planned] });
    else groups.push({ parallel: false, calls: [planned] });
  }
  return groups;
}

function parseObject(text: string): Record<string, unknown> | null {
  let value: unknown = null;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch {
    // not JSON at all: value stays null
  }
  // null is an object to typeof, and is what is returned for it anyway.
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown> | null) : null;
}

/** The `--description`/`-d` of a task command, for progress displays. */
function taskDescription(command: string | undefined): string | undefined {
  if (!isTaskCommand(command)) return undefined;
  const match = /(?:--description|-d)(?:=|\s+)(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(command!);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}
