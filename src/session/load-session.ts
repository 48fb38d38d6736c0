import { stat } from 'node:fs/promises';
import type { ChatMessage } from '../llm';
import { parseJsonLines, type JsonLineProblem } from './jsonl';
import { readPendingInput } from './pending-input';
import type { QuarantineEntry } from './quarantine';
import { readIfPresent } from './read-if-present';
import { committedArchiveCount } from './session-archive';
import { sessionFileError } from './session-file-error';
import { persistedMessageSchema, persistedUsageRoundSchema, sessionIndexSchema, type PersistedContext, type SessionIndex, type SessionOrigin } from './schemas';
import type { SessionFiles } from './session-files';
import { titleFromText, userWords } from './session-title';
import type { SessionLoadWarning, UsageRound } from './types';

/** Everything a Session starts from, as read from its three files. */
export interface LoadedSession {
  id: string;
  files: SessionFiles;
  title: string | null;
  createdAt: string;
  updatedAt: string;
  messages: ChatMessage[];
  historyBytes: number;
  historyEndsWithNewline: boolean;
  /** Byte offset just past the last message that loaded. */
  lastMessageEnd: number;
  rounds: UsageRound[];
  usageEndsWithNewline: boolean;
  /** Persisted context stats still valid for a prefix of `messages`, if any. */
  context: PersistedContext | null;
  origin?: SessionOrigin;
  warnings: SessionLoadWarning[];
  /** Lines that could not be read, with their bytes: what a writer moves to quarantine. */
  unreadable: QuarantineEntry[];
  /** Where each loaded message came from (line and bytes), so a repair can quarantine it exactly. */
  sources: Map<ChatMessage, { line: number; raw: Buffer }>;
  /** Messages archive.jsonl holds for sure. */
  archivedCount: number;
  /** The input of a run that ended before the model answered it (pending-input.json), if any. */
  pendingInput: ChatMessage | null;
}

/** Reads a session leniently: what is damaged is skipped and reported in `warnings`, the rest loads. */
export async function loadSession(id: string, files: SessionFiles): Promise<LoadedSession> {
  const warnings: SessionLoadWarning[] = [];
  const index = await readIndex(files, warnings);
  if (index && index.id !== id) {
    warnings.push({ file: 'index.json', message: `index names session ${index.id}, but the directory is ${id}; using ${id}` });
  }

  const historyBuffer = await readIfPresent(files.history);
  if (!historyBuffer && index && index.messageCount > 0) {
    warnings.push({ file: 'history.jsonl', message: `missing, though index.json counts ${index.messageCount} messages` });
  }
  const history = parseJsonLines(historyBuffer ?? Buffer.alloc(0), persistedMessageSchema, 'chat message');
  const usage = parseJsonLines((await readIfPresent(files.usage)) ?? Buffer.alloc(0), persistedUsageRoundSchema, 'usage round');
  const unreadable = [...history.problems.map(unreadableLine('history.jsonl')), ...usage.problems.map(unreadableLine('usage.jsonl'))];
  for (const { file, line, reason } of unreadable) warnings.push({ file, line, message: reason });

  const messages = history.records.map((record) => record.value as ChatMessage);
  const sources = new Map(history.records.map((record) => [record.value as ChatMessage, { line: record.line, raw: record.raw }]));
  const firstProblemLine = history.problems[0]?.line ?? Infinity;
  const context = index?.context ?? null;
  // Trust persisted stats only if they end exactly where a loaded message ends, with nothing skipped before.
  const contextStillValid =
    context !== null &&
    context.messageCount <= messages.length &&
    (context.messageCount === 0
      ? // Stryker disable next-line ConditionalExpression,EqualityOperator: stats of zero messages are empty, whether trusted or counted
        context.historyBytes === 0
      : history.records[context.messageCount - 1]!.endOffset === context.historyBytes && history.records[context.messageCount - 1]!.line < firstProblemLine);

  const pendingInput = await readPendingInput(files.pendingInput, warnings);
  const fallbackTime = index ? undefined : (await stat(files.dir).catch((error: unknown) => Promise.reject(sessionFileError(files.dir, 'read', error)))).mtime.toISOString();
  return {
    id,
    files,
    title: index ? index.title : firstUserTitle(messages),
    createdAt: index?.createdAt ?? fallbackTime!,
    updatedAt: index?.updatedAt ?? fallbackTime!,
    messages,
    // Stryker disable next-line LogicalOperator: only feeds the byte offset persisted with context stats; a wrong offset makes a later resume recount them, never miscount
    historyBytes: historyBuffer?.length ?? 0,
    historyEndsWithNewline: history.endsWithNewline,
    // Stryker disable next-line LogicalOperator,UnaryOperator: as historyBytes: a wrong end offset only makes a later resume recount the stats
    lastMessageEnd: history.records.at(-1)?.endOffset ?? 0,
    rounds: usage.records.map((record) => record.value),
    usageEndsWithNewline: usage.endsWithNewline,
    context: contextStillValid ? context : null,
    origin: index?.origin,
    warnings,
    unreadable,
    sources,
    archivedCount: committedArchiveCount(messages, index?.archive?.messageCount),
    pendingInput,
  };
}

function unreadableLine(file: QuarantineEntry['file']): (problem: JsonLineProblem) => QuarantineEntry {
  return ({ line, message, raw }) => ({ file, line, reason: message, raw });
}

/** index.json parsed and validated; undefined (with a warning) when it is missing or damaged. */
export async function readIndex(files: SessionFiles, warnings: SessionLoadWarning[]): Promise<SessionIndex | undefined> {
  const problem = await readIndexOrProblem(files);
  if (typeof problem === 'string') {
    warnings.push({ file: 'index.json', message: `${problem}; rebuilt from history.jsonl and usage.jsonl` });
    return undefined;
  }
  return problem;
}

/** index.json, or why it cannot be used. */
export async function readIndexOrProblem(files: SessionFiles): Promise<SessionIndex | string> {
  const buffer = await readIfPresent(files.index);
  if (!buffer) return 'index.json is missing';
  let json: unknown;
  try {
    json = JSON.parse(buffer.toString('utf8'));
  } catch {
    return 'index.json is not valid JSON';
  }
  const parsed = sessionIndexSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!; // a failed parse always has an issue
    return `index.json is not a valid session index (${issue.path.join('.') || 'root'}: ${issue.message})`;
  }
  return parsed.data;
}

export function firstUserTitle(messages: readonly ChatMessage[]): string | null {
  const first = messages.find((message) => message.role === 'user' && typeof message.content === 'string');
  return first ? titleFromText(userWords(first)) : null;
}
