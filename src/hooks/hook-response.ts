import { z } from 'zod';
import type { HookProcessResult } from './hook-process';

/**
 * What a hook may print on stdout (exit 0), in Claude Code's shape. Loose: fields of Claude Code's we do not
 * use are ignored, not errors, so a hook written for it keeps working.
 */
const hookOutputSchema = z.looseObject({
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  suppressOutput: z.boolean().optional(),
  systemMessage: z.string().optional(),
  /** PostToolUse, Stop, SubagentStop, UserPromptSubmit: `block` with a reason. PreToolUse's older `approve` / `block`. */
  decision: z.enum(['block', 'approve']).optional(),
  reason: z.string().optional(),
  hookSpecificOutput: z
    .looseObject({
      hookEventName: z.string().optional(),
      permissionDecision: z.enum(['allow', 'deny', 'ask', 'defer']).optional(),
      permissionDecisionReason: z.string().optional(),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      additionalContext: z.string().optional(),
    })
    .optional(),
});

export type HookOutput = z.infer<typeof hookOutputSchema>;

/**
 * One hook's answer, read from how it ended: `success` (exit 0, with its JSON or plain text), `blocking`
 * (exit 2: its stderr is the reason) or `error` (any other exit, a time limit, a crash, a JSON answer we
 * cannot read): a non-blocking error, shown to the user.
 */
export interface HookResponse {
  command: string;
  outcome: 'success' | 'blocking' | 'error';
  exitCode: number | null;
  durationMs: number;
  /** The JSON answer (exit 0, stdout an object). */
  output?: HookOutput;
  /** Plain stdout (exit 0, not JSON): context for UserPromptSubmit and SessionStart. */
  text?: string;
  /** Exit 2: what it wrote on stderr, the reason given to the model (or the user). */
  reason?: string;
  /** What went wrong, one line, for an `error`. */
  error?: string;
  /** Set when stdout looked like JSON and was not a valid answer: a guard's answer we cannot read. */
  unreadable?: boolean;
}

/** Reads a finished hook process as Claude Code does. */
export function readHookResponse(command: string, run: HookProcessResult, timeoutMs: number): HookResponse {
  const base = { command, exitCode: run.exitCode, durationMs: run.durationMs };
  const stderr = run.stderr.trim();
  if (run.startError) return { ...base, outcome: 'error', error: `could not be started: ${run.startError}` };
  if (run.timedOut) return { ...base, outcome: 'error', error: `timed out after ${timeoutMs / 1000} s and was killed` };
  if (run.aborted) return { ...base, outcome: 'error', error: 'cancelled: the run was interrupted' };
  if (run.exitCode === null) return { ...base, outcome: 'error', error: `ended by ${run.signal ?? 'a signal'}${stderr ? `: ${firstLine(stderr)}` : ''}` };
  if (run.exitCode === 2) return { ...base, outcome: 'blocking', reason: stderr || `blocked by hook \`${command}\` (exit 2, nothing on stderr)` };
  if (run.exitCode !== 0) return { ...base, outcome: 'error', error: `exit ${run.exitCode}${stderr ? `: ${firstLine(stderr)}` : ''}` };
  const stdout = run.stdout.trim();
  if (!stdout.startsWith('{')) return { ...base, outcome: 'success', ...(stdout ? { text: stdout } : {}) };
  const parsed = parseOutput(stdout);
  if ('error' in parsed) return { ...base, outcome: 'error', unreadable: true, error: `its JSON answer cannot be read: ${parsed.error}` };
  return { ...base, outcome: 'success', output: parsed.output };
}

function parseOutput(stdout: string): { output: HookOutput } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch (error) {
    return { error: (error as Error).message };
  }
  const result = hookOutputSchema.safeParse(json);
  if (result.success) return { output: result.data };
  const issue = result.error.issues[0]!;
  return { error: `${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}` };
}

/** The first line of a text, at most 200 characters: for one-line reports. */
export function firstLine(text: string): string {
  const line = text.split('\n')[0]!;
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
