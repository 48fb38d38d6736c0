import type { ToolCall } from './types';

/** A streamed tool-call fragment: id and name arrive first, arguments in pieces, all keyed by index. */
export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

/** Collects tool-call deltas by index into complete calls, in index order. */
export class ToolCallAssembler {
  private readonly calls = new Map<number, ToolCall>();

  add(delta: ToolCallDelta): void {
    const call = this.calls.get(delta.index) ?? { id: '', type: 'function', function: { name: '', arguments: '' } };
    if (delta.id) call.id = delta.id;
    if (delta.function?.name) call.function.name += delta.function.name;
    if (delta.function?.arguments) call.function.arguments += delta.function.arguments;
    this.calls.set(delta.index, call);
  }

  clear(): void {
    this.calls.clear();
  }

  get size(): number {
    return this.calls.size;
  }

  result(): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({
        ...call,
        id: call.id || `call_${index}`,
      }));
  }
}
