import { StopHookExecutor, type StopHookRegistry } from '../hooks';
import type { ConversationHistory } from './conversation-history';
import type { RunnerHooks } from './runner-hooks';
import type { RunnerEvent } from './types';

const DEFAULT_MAX_STOP_HOOK_BLOCKS = 3;

export interface StopStageOptions {
  hooks: RunnerHooks;
  /** The in-process stop hooks (the library's `stopHooks`): a registry, or an executor made by the caller. */
  stopHooks?: StopHookRegistry | StopHookExecutor;
  isSubAgent: boolean;
  maxBlocks?: number;
  emit: (event: RunnerEvent) => void;
  /** What the in-process hooks are told besides the conversation. */
  where: () => { cwd: string; sessionId: string | null };
}

/**
 * What happens when the model answers without tools: the one place where a run's normal end is decided
 * and told. First the command hooks' Stop event (SubagentStop in a sub-agent, Claude Code's contract) decide
 * whether the agent stops: a block keeps it going with the reason (at most `maxBlocks` times per run, with
 * `stop_hook_active` set after the first), `continue: false` ends it with a notice. Once it stops, the
 * in-process stop hooks (StopHookRegistry) run and what they say is appended after STOP_HOOK_MARKER. Neither
 * runs after a failure policy, a limit or an interrupt.
 */
export class StopStage {
  private readonly executor?: StopHookExecutor;

  constructor(private readonly options: StopStageOptions) {
    const given = options.stopHooks;
    this.executor =
      !given || given instanceof StopHookExecutor
        ? given
        : new StopHookExecutor({
            registry: given,
            onWarning: (message) => options.emit({ type: 'warning', message }),
            onMessagePart: (text, hook) => options.emit({ type: 'stop_hook_progress', hook, text }),
          });
  }

  /** One run's stage: its count of blocks starts at zero. */
  forRun(): (history: ConversationHistory, answer: string, signal?: AbortSignal) => Promise<string | undefined> {
    const state = { active: false, blocks: 0 };
    return async (history, answer, signal) => ((await this.keepsGoing(history, answer, state, signal)) ? undefined : this.annotate(history, answer));
  }

  /** The Stop (SubagentStop) hooks: true when one keeps the agent going, with its reason staged for the model. */
  private async keepsGoing(history: ConversationHistory, answer: string, state: { active: boolean; blocks: number }, signal?: AbortSignal): Promise<boolean> {
    const { hooks, isSubAgent, emit } = this.options;
    const verdict = await hooks.stop(answer, state.active, signal);
    const event = isSubAgent ? 'SubagentStop' : 'Stop';
    if (verdict.stopRun !== undefined) emit({ type: 'hook_notice', hookEvent: event, message: verdict.stopRun });
    if (verdict.block === undefined || verdict.stopRun !== undefined) return false;
    const max = this.options.maxBlocks ?? DEFAULT_MAX_STOP_HOOK_BLOCKS;
    if (state.blocks >= max) {
      emit({ type: 'hook_notice', hookEvent: event, message: `the ${event} hooks kept this run going ${max} times already; it ends now (their last reason: ${verdict.block})` });
      return false;
    }
    state.blocks += 1;
    state.active = true;
    history.stage({ role: 'user', content: `[${event} hook] ${verdict.block}`, meta: { injected: ['stop_hook'] } });
    return true;
  }

  /** The final answer, with what the in-process stop hooks said appended. */
  private async annotate(history: ConversationHistory, answer: string): Promise<string> {
    if (!this.executor) return answer;
    const { cwd, sessionId } = this.options.where();
    return this.executor.executeAndAppend(answer, { cwd, messages: [...history.persisted], finalResponse: answer, sessionId });
  }
}
