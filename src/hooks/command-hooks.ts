import type { HookEvent, HookSettings } from '../settings';
import { planLaunch, type HookLaunch } from './hook-launch';
import { compileMatcher, type HookMatch } from './hook-matcher';
import { NodeWarmer } from './node-warmer';
import { runHookProcess } from './hook-process';
import { firstLine, readHookResponse, type HookResponse } from './hook-response';

/** Claude Code's default time limit of a command hook. */
export const DEFAULT_HOOK_TIMEOUT_MS = 60_000;
/** Bytes kept of a hook's stdout and of its stderr (a hook writing megabytes costs its pipe, not our memory). */
export const MAX_HOOK_OUTPUT_BYTES = 64 * 1024;

/** Hooks at work, as the runner reports them (`hook_started` / `hook_finished` in NDJSON). */
export type HookActivity =
  | { type: 'hook_started'; hookEvent: HookEvent; command: string; toolCallId?: string }
  | {
      type: 'hook_finished';
      hookEvent: HookEvent;
      command: string;
      toolCallId?: string;
      outcome: HookResponse['outcome'];
      exitCode: number | null;
      durationMs: number;
      /** The reason it blocked, or what went wrong, in one line. */
      message?: string;
    };

export interface CommandHooksOptions {
  /** The `hooks` of the settings: Claude Code's shape. */
  settings: HookSettings;
  /** What hook commands start with: the tool environment (no secrets). */
  env: Record<string, string>;
  /** The project, given to hooks as $CLAUDE_PROJECT_DIR and $SYNAPSE_PROJECT_DIR. */
  projectDir: string;
  /** Fields every input starts with (session_id, transcript_path, permission_mode), read at each event. */
  common?: () => Record<string, unknown>;
  /** Told when each hook starts and ends. Isolated: what it throws is ignored. */
  onActivity?: (activity: HookActivity) => void;
  maxOutputBytes?: number;
}

export interface HookRunOptions {
  /** The working directory at the time (it follows `cd`): the hook's cwd and its input's `cwd`. */
  cwd: string;
  /** What the matchers are held against: the tool name, a session's source, a compaction's trigger... */
  subject?: string;
  toolCallId?: string;
  signal?: AbortSignal;
}

interface ConfiguredHook {
  command: string;
  timeoutMs: number;
}

interface HookGroup {
  match: HookMatch;
  hooks: ConfiguredHook[];
}

/** What the agent views of one configuration share. */
interface HookCore {
  groups: Map<HookEvent, HookGroup[]>;
  options: CommandHooksOptions;
  env: Record<string, string>;
  /** How each command starts, decided at its first run. */
  launches: Map<string, HookLaunch>;
  /** Node processes waiting for node hooks, by node binary. */
  warmers: Map<string, NodeWarmer>;
}

/**
 * Command hooks from settings, run as Claude Code runs them: every hook of an event whose matcher matches,
 * in parallel (a command listed twice runs once), each with the event's input as JSON on stdin, in the
 * tool environment, outside the sandbox (they are the user's own programs), within its time limit. A hook
 * that hangs, crashes or floods its output costs its own answer, never the run: `run` never rejects.
 */
export class CommandHooks {
  private constructor(
    private readonly core: HookCore,
    private readonly agentType?: string,
  ) {}

  static create(options: CommandHooksOptions): CommandHooks {
    const groups = new Map<HookEvent, HookGroup[]>();
    for (const [event, matchers] of Object.entries(options.settings) as [HookEvent, NonNullable<HookSettings[HookEvent]>][]) {
      const compiled = matchers
        .filter((group) => group.hooks.length > 0)
        .map((group) => ({ match: compileMatcher(group.matcher), hooks: group.hooks.map((hook) => ({ command: hook.command, timeoutMs: (hook.timeout ?? DEFAULT_HOOK_TIMEOUT_MS / 1000) * 1000 })) }));
      if (compiled.length) groups.set(event, compiled);
    }
    const env = { ...options.env, CLAUDE_PROJECT_DIR: options.projectDir, SYNAPSE_PROJECT_DIR: options.projectDir };
    return new CommandHooks({ groups, options, env, launches: new Map(), warmers: new Map() });
  }

  /** Whether any hook is configured for `event` (nothing configured costs nothing). */
  has(event: HookEvent): boolean {
    return this.core.groups.has(event);
  }

  /** The same hooks for a sub-agent: its events carry `agent_type` (`task:general`...). */
  forAgent(agentType: string): CommandHooks {
    return new CommandHooks(this.core, agentType);
  }

  /** Ends the node processes waiting for node hooks (the hooks themselves end with their runs). */
  close(): void {
    for (const warmer of this.core.warmers.values()) warmer.close();
    this.core.warmers.clear();
  }

  /** Runs the hooks of `event` that match, in parallel; their answers in configuration order. */
  async run(event: HookEvent, fields: Record<string, unknown>, options: HookRunOptions): Promise<HookResponse[]> {
    const hooks = this.matching(event, options.subject);
    if (hooks.length === 0) return [];
    const { common } = this.core.options;
    const input = JSON.stringify({
      ...common?.(),
      cwd: options.cwd,
      hook_event_name: event,
      ...(this.agentType ? { agent_type: this.agentType } : {}),
      ...fields,
    });
    return Promise.all(hooks.map((hook) => this.runOne(event, hook, input, options)));
  }

  private matching(event: HookEvent, subject: string | undefined): ConfiguredHook[] {
    const unique = new Map<string, ConfiguredHook>();
    for (const group of this.core.groups.get(event) ?? []) {
      if (subject !== undefined && !group.match(subject)) continue;
      for (const hook of group.hooks) if (!unique.has(hook.command)) unique.set(hook.command, hook);
    }
    return [...unique.values()];
  }

  private async runOne(event: HookEvent, hook: ConfiguredHook, input: string, options: HookRunOptions): Promise<HookResponse> {
    const about = { hookEvent: event, command: hook.command, ...(options.toolCallId ? { toolCallId: options.toolCallId } : {}) };
    this.report({ type: 'hook_started', ...about });
    const launch = this.launchOf(hook.command);
    const run = await runHookProcess(hook.command, {
      input,
      cwd: options.cwd,
      env: this.core.env,
      launch,
      warmer: launch.kind === 'node' ? this.warmerFor(launch.node) : undefined,
      timeoutMs: hook.timeoutMs,
      maxOutputBytes: this.core.options.maxOutputBytes ?? MAX_HOOK_OUTPUT_BYTES,
      signal: options.signal,
    });
    const response = readHookResponse(hook.command, run, hook.timeoutMs);
    const message = response.outcome === 'blocking' ? firstLine(response.reason!) : response.error;
    this.report({ type: 'hook_finished', ...about, outcome: response.outcome, exitCode: response.exitCode, durationMs: response.durationMs, ...(message ? { message } : {}) });
    return response;
  }

  private launchOf(command: string): HookLaunch {
    let launch = this.core.launches.get(command);
    if (!launch) {
      launch = planLaunch(command, this.core.env.PATH);
      this.core.launches.set(command, launch);
    }
    return launch;
  }

  private warmerFor(node: string): NodeWarmer {
    let warmer = this.core.warmers.get(node);
    if (!warmer) {
      warmer = new NodeWarmer(node, this.core.env);
      this.core.warmers.set(node, warmer);
    }
    return warmer;
  }

  private report(activity: HookActivity): void {
    try {
      this.core.options.onActivity?.(activity);
    } catch {
      // a listener's failure is not the hook's, nor the run's
    }
  }
}
