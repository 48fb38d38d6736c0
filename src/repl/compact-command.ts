import type { CompactResult } from '../context';

/** What `/compact` needs of a runner: AgentRunner.compact(). */
export interface Compactable {
  compact(): Promise<CompactResult>;
}

/** What a command handler produced: the text to show, and that the input was a command it handled. */
export interface CompactCommandResult {
  handled: true;
  output: string;
}

/**
 * `/compact`: compacts the conversation now and says what it did: tokens before -> after, what that freed
 * and how many offloaded files went; that nothing needed doing; or that it failed and the history is as
 * it was. Resolves only once the compaction is over. A compaction that throws (a session that cannot be
 * written) is reported the same way, never raised.
 */
export async function compactCommand(runner: Compactable): Promise<CompactCommandResult> {
  let result: CompactResult;
  try {
    result = await runner.compact();
  } catch (error) {
    return { handled: true, output: `Compaction failed (${error instanceof Error ? error.message : String(error)}); the history is unchanged.` };
  }
  return { handled: true, output: describeCompaction(result) };
}

export function describeCompaction(result: CompactResult): string {
  const tokens = (n: number) => n.toLocaleString('en-US');
  if (!result.success) return `Compaction failed${result.error ? ` (${result.error})` : ''}; the history is unchanged (${tokens(result.previousTokens)} tokens).`;
  if (result.freedTokens <= 0 && result.summarizedCount === 0) {
    return `Nothing to compact: the conversation is ${tokens(result.previousTokens)} tokens in ${result.messages.length} messages.`;
  }
  const files = result.deletedFiles.length;
  return [
    `Compacted: ${tokens(result.previousTokens)} -> ${tokens(result.currentTokens)} tokens.`,
    `Freed ${tokens(result.freedTokens)} tokens; deleted ${files} offloaded file${files === 1 ? '' : 's'}; ${result.summarizedCount} messages summarized, kept in the session's archive.`,
  ].join('\n');
}
