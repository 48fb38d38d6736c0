import type { StopHook, StopHookContext, StopHookOutcome, StopHookResult } from './stop-hook-types';

/** Where the progress a hook streams goes, tagged with the hook's name. */
export type StopHookProgress = (text: string, hook: string) => void;

/**
 * Stop hooks by name. They run last registered first (LIFO), one at a time; a hook that throws or
 * rejects fails only itself (its outcome carries the error) and the others still run. Registering a
 * name again replaces the hook and makes it the most recent. The seam where hooks configured by users
 * (command hooks from settings files) plug in.
 */
export class StopHookRegistry {
  private readonly hooks = new Map<string, StopHook>();

  register(name: string, hook: StopHook): void {
    this.hooks.delete(name);
    this.hooks.set(name, hook);
  }

  unregister(name: string): boolean {
    return this.hooks.delete(name);
  }

  /** Names in execution order (most recently registered first). */
  get names(): string[] {
    return [...this.hooks.keys()].reverse();
  }

  get size(): number {
    return this.hooks.size;
  }

  async executeAll(context: StopHookContext, onProgress?: StopHookProgress): Promise<StopHookOutcome[]> {
    const outcomes: StopHookOutcome[] = [];
    for (const name of this.names) {
      const hook = this.hooks.get(name)!;
      try {
        const result = (await hook(context, { emitProgress: (text) => onProgress?.(text, name) })) as StopHookResult | undefined;
        outcomes.push(typeof result?.message === 'string' ? { name, message: result.message } : { name });
      } catch (error) {
        outcomes.push({ name, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return outcomes;
  }
}
