import { StopHookRegistry } from './stop-hook-registry';
import type { StopHookContext, StopHookOutcome } from './stop-hook-types';

/** What separates the final answer from what the stop hooks added after it. */
export const STOP_HOOK_MARKER = '[Stop hooks]';

export interface StopHookExecutorOptions {
  /** Off: no hook is loaded or run, and answers are returned unchanged. Default true. */
  enabled?: boolean;
  registry?: StopHookRegistry;
  /** Registers the hooks to run (e.g. command hooks from settings); called once, by init(). */
  load?: (registry: StopHookRegistry) => void | Promise<void>;
  /** Progress text a hook streams (emitProgress); whatever it throws is reported, never raised. */
  onMessagePart?: (text: string, hook: string) => unknown;
  /** A hook that failed, a progress callback that threw, a loader that failed. */
  onWarning?: (message: string) => void;
}

/**
 * Runs the stop hooks at the end of a run and appends what they said to the final answer, after
 * STOP_HOOK_MARKER. Nothing a hook, the loader or a progress callback does can fail the run.
 */
export class StopHookExecutor {
  readonly registry: StopHookRegistry;
  readonly enabled: boolean;
  private loaded?: Promise<void>;

  constructor(private readonly options: StopHookExecutorOptions = {}) {
    this.enabled = options.enabled ?? true;
    this.registry = options.registry ?? new StopHookRegistry();
  }

  /** Loads the hooks once (nothing when disabled). */
  init(): Promise<void> {
    this.loaded ??= this.enabled && this.options.load ? this.loadHooks(this.options.load) : Promise.resolve();
    return this.loaded;
  }

  /** Runs every hook; returns `finalResponse`, with the hooks' non-blank messages after the marker if there are any. */
  async executeAndAppend(finalResponse: string, context: StopHookContext): Promise<string> {
    await this.init();
    const outcomes = await this.execute(context);
    const messages = outcomes.flatMap((outcome) => (outcome.message?.trim() ? [outcome.message.trim()] : []));
    return messages.length ? `${finalResponse}\n\n${STOP_HOOK_MARKER}\n${messages.join('\n\n')}` : finalResponse;
  }

  /** Runs every hook and reports the failures; the outcomes in execution order. */
  async execute(context: StopHookContext): Promise<StopHookOutcome[]> {
    if (!this.enabled || this.registry.size === 0) return [];
    const outcomes = await this.registry.executeAll(context, (text, hook) => this.emitProgress(text, hook));
    for (const outcome of outcomes) if (outcome.error !== undefined) this.warn(`stop hook "${outcome.name}" failed: ${outcome.error}`);
    return outcomes;
  }

  private emitProgress(text: string, hook: string): void {
    try {
      const returned = this.options.onMessagePart?.(text, hook);
      if (returned instanceof Promise) returned.catch((error: unknown) => this.warn(`a stop hook progress callback failed: ${describe(error)}`));
    } catch (error) {
      this.warn(`a stop hook progress callback failed: ${describe(error)}`);
    }
  }

  private async loadHooks(load: NonNullable<StopHookExecutorOptions['load']>): Promise<void> {
    try {
      await load(this.registry);
    } catch (error) {
      this.warn(`stop hooks could not be loaded: ${describe(error)}`);
    }
  }

  private warn(message: string): void {
    try {
      (this.options.onWarning ?? defaultWarning)(message);
    } catch {
      // a warning sink that throws must not fail the run either
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function defaultWarning(message: string): void {
  process.emitWarning(message, { code: 'SYNAPSE_STOP_HOOK' });
}
