import type { ChatMessage, Usage } from '../llm';
import { rm } from 'node:fs/promises';
import { appendDurably, removeFileDurably, removeLeftoverTempFiles, writeFileAtomic } from './atomic-write';
import { addContextStats, contextStats, emptyContextStats, subtractContextStats, withMeta } from './context-stats';
import { toJsonLines } from './jsonl';
import type { LoadedSession } from './load-session';
import { readPendingApproval, writePendingApproval, type PendingApproval } from './pending-approval';
import { unansweredInput, writePendingInput } from './pending-input';
import { quarantine, type QuarantineEntry } from './quarantine';
import { persistedMessageSchema, persistedUsageSchema, SESSION_INDEX_VERSION, type SessionIndex, type SessionOrigin } from './schemas';
import { SessionArchive } from './session-archive';
import { sessionFileError } from './session-file-error';
import type { SessionFiles } from './session-files';
import { titleFromText, titleOfHistory, userWords } from './session-title';
import { SessionLock } from './session-lock';
import { planRepair, type SessionRepair } from './session-repair';
import { isTokenizerReady } from './tokenizer';
import type { ContextStats, SessionLoadWarning, SessionUsage, UsageRound } from './types';
import { UsageLedger } from './usage';

/**
 * One persisted conversation. History is append-only JSONL: an append writes only the new lines and a
 * small index, so its cost does not grow with the history. Writes are queued, so concurrent calls land
 * in call order, and each is flushed to disk before it resolves. One writer per session: `lock()` holds
 * the session's writer lock until `close()`; without it, each write takes the lock for its own duration,
 * so a write to a session another writer holds fails with SessionLockedError. Obtain one from a
 * SessionStore (create/open).
 */
export class Session {
  readonly id: string;
  readonly createdAt: string;
  /** Problems met while loading (torn or corrupt lines, a damaged index); never fatal. */
  readonly warnings: readonly SessionLoadWarning[];

  private readonly files: SessionFiles;
  private history: ChatMessage[];
  private currentTitle: string | null;
  private updatedAtTime: string;
  private historyBytes: number;
  private historyEndsWithNewline: boolean;
  private lastMessageEnd: number;
  private usageLedger: UsageLedger;
  private usageEndsWithNewline: boolean;
  private currentOrigin?: SessionOrigin;
  /** Every round read from usage.jsonl, while it has unreadable lines: what a repair writes back. */
  private roundsToRewrite?: UsageRound[];
  /** Context stats of the first `counted.stats.messageCount` messages, whose lines end at `counted.historyBytes`. */
  private counted: { stats: ContextStats; historyBytes: number };
  private writes: Promise<unknown> = Promise.resolve();
  private readonly writerLock: SessionLock;
  /** True between lock() and close(): writes need not take the lock each time. */
  private holdingLock = false;
  /** Lines that could not be read when loading, still in the files until repair() quarantines them. */
  private unreadable: QuarantineEntry[];
  /** Loaded messages' lines and bytes, until the first repair (which needs them to quarantine exactly). */
  private sources: LoadedSession['sources'];
  private readonly archive: SessionArchive;
  /** Messages archive.jsonl holds for sure (see SessionArchive). */
  private archivedCount: number;
  /** The input of the run in progress (or of one that died) the model has not answered yet. */
  private pending: ChatMessage | null;

  /** @internal Use SessionStore.create / SessionStore.open. */
  constructor(loaded: LoadedSession) {
    this.id = loaded.id;
    this.files = loaded.files;
    this.createdAt = loaded.createdAt;
    this.updatedAtTime = loaded.updatedAt;
    this.currentTitle = loaded.title;
    this.history = loaded.messages;
    this.historyBytes = loaded.historyBytes;
    this.historyEndsWithNewline = loaded.historyEndsWithNewline;
    this.lastMessageEnd = loaded.lastMessageEnd;
    this.currentOrigin = loaded.origin;
    this.usageEndsWithNewline = loaded.usageEndsWithNewline;
    // The rounds are the record; the index's totals are only a summary for listings.
    this.usageLedger = new UsageLedger(loaded.rounds);
    if (loaded.unreadable.some((entry) => entry.file === 'usage.jsonl')) this.roundsToRewrite = loaded.rounds;
    this.counted = loaded.context
      ? {
          stats: {
            messageCount: loaded.context.messageCount,
            tokenCount: loaded.context.tokenCount,
            toolCallCount: loaded.context.toolCallCount,
          },
          historyBytes: loaded.context.historyBytes,
        }
      : { stats: emptyContextStats(), historyBytes: 0 };
    this.warnings = loaded.warnings;
    this.unreadable = loaded.unreadable;
    this.sources = loaded.sources;
    this.writerLock = new SessionLock(loaded.id, loaded.files.dir);
    this.archive = new SessionArchive(loaded.files.archive);
    this.archivedCount = loaded.archivedCount;
    this.pending = loaded.pendingInput;
  }

  /** Where tool results offloaded from this session's history are kept (removed with the session). */
  get offloadDir(): string {
    return this.files.offload;
  }

  /**
   * Becomes the session's one writer until `close()`: throws SessionLockedError (naming the holder's pid)
   * when another runner or process holds it. Temp files a killed writer left behind are removed.
   */
  async lock(): Promise<void> {
    await this.writerLock.acquire();
    try {
      await removeLeftoverTempFiles(this.files.dir);
    } catch (error) {
      await this.writerLock.release();
      throw sessionFileError(this.files.dir, 'write', error);
    }
    this.holdingLock = true;
  }

  /** Waits for queued writes, then releases the writer lock (if held). */
  async close(): Promise<void> {
    await this.flush();
    this.holdingLock = false;
    await this.writerLock.release();
  }

  /**
   * Makes the files sound again after a crash or damage, losing nothing: lines that could not be read, and
   * messages that break the tool-call protocol on their own terms, are moved byte for byte to
   * `history.quarantine.jsonl` / `usage.quarantine.jsonl` (with line number and reason) before the files are
   * rewritten without them; a tool call without a result gets an "[interrupted]" result. Returns what was done
   * (`repairWarnings` turns it into warnings).
   */
  repair(): Promise<SessionRepair> {
    return this.enqueue(async () => {
      const plan = planRepair(this.history, this.unreadable, this.sources);
      // Quarantine first and durably: the lines leave the originals only once they are safe elsewhere.
      await quarantine(this.files.dir, plan.entries);
      if (plan.history) await this.rewriteHistoryFile(plan.history);
      if (plan.rewriteUsage) {
        await writeFileAtomic(this.files.usage, toJsonLines(this.roundsToRewrite!));
        this.usageEndsWithNewline = true;
        this.roundsToRewrite = undefined;
      }
      this.unreadable = [];
      this.sources = new Map();
      const unanswered = await this.foldPendingInput();
      // Any load warning (a damaged index, a missing history) is settled by an index that matches the files.
      if (plan.history || plan.rewriteUsage || unanswered || this.warnings.length) await this.writeIndex();
      return unanswered ? { ...plan.report, unansweredInput: userWords(unanswered) } : plan.report;
    });
  }

  /** The history file, `<sessionsDir>/<id>/history.jsonl`. */
  get historyPath(): string {
    return this.files.history;
  }

  get messages(): readonly ChatMessage[] {
    return this.history;
  }

  get title(): string | null {
    return this.currentTitle;
  }

  get updatedAt(): string {
    return this.updatedAtTime;
  }

  /** Working directory, model and base URL it is held with (undefined for a session from before they were recorded). */
  get origin(): SessionOrigin | undefined {
    return this.currentOrigin;
  }

  /** Records where and with what model the session is now held; a no-op when nothing changed. */
  setOrigin(origin: SessionOrigin): Promise<void> {
    const now = this.currentOrigin;
    if (now && now.cwd === origin.cwd && now.model === origin.model && now.baseURL === origin.baseURL) return this.flush();
    return this.enqueue(async () => {
      this.currentOrigin = origin;
      await this.writeIndex();
    });
  }

  get usage(): SessionUsage {
    return this.usageLedger.snapshot();
  }

  /** The input of a run the model has not answered (yet, or ever: its process died), if any. */
  get pendingInput(): ChatMessage | null {
    return this.pending;
  }

  /**
   * Stats of the current history. Cheap after a resume: the index carries the stats of what was
   * persisted, so only messages not yet counted are tokenized.
   */
  contextStats(): ContextStats {
    // Counting an empty rest (nothing appended since) changes nothing: the counted prefix then already
    // ends at lastMessageEnd. So no test is needed before counting what follows the counted prefix.
    const rest = contextStats(this.history.slice(this.counted.stats.messageCount));
    this.counted = { stats: addContextStats(this.counted.stats, rest), historyBytes: this.lastMessageEnd };
    return { ...this.counted.stats };
  }

  /**
   * Persists confirmed messages, in order; resolves once they and the index are written. The objects
   * themselves are kept (treat them as immutable from here on): sharing them with the caller's own
   * history keeps `rewrite` and the token-count cache cheap.
   */
  append(input: ChatMessage | readonly ChatMessage[]): Promise<void> {
    const batch = (isMessageList(input) ? input : [input]).map((message, i) => validated(message, i));
    if (batch.length === 0) return this.flush();
    return this.enqueue(async () => {
      await this.appendLines(batch);
      if (this.currentTitle === null) {
        const firstUser = batch.find((message) => message.role === 'user' && typeof message.content === 'string');
        if (firstUser) this.currentTitle = titleFromText(userWords(firstUser));
      }
      // Keep the persisted stats current so a resume need not tokenize the history, but only when the
      // tokenizer is already built: a short-lived process (one CLI run) should not pay its 0.2 s.
      // The index then holds stats of a prefix, and whoever asks for stats counts only the rest.
      // Stryker disable next-line ConditionalExpression: when stats are counted is an optimisation; what contextStats() returns is the same
      if (isTokenizerReady()) this.contextStats();
      await this.writeIndex();
      // The pending input is confirmed now (it is in the history, with the model's reply).
      if (this.pending && batch.includes(this.pending)) await this.dropPendingInput();
    });
  }

  /**
   * Records a run's input before the model has answered it (pending-input.json), so the user's words are
   * on disk from the moment the run is announced. `append` of this same message object confirms it;
   * `discardPendingInput` forgets it (the run failed cleanly).
   */
  setPendingInput(message: ChatMessage): Promise<void> {
    const input = validated(message, 0);
    return this.enqueue(async () => {
      await writePendingInput(this.files.pendingInput, input);
      this.pending = input;
    });
  }

  discardPendingInput(): Promise<void> {
    return this.enqueue(() => this.dropPendingInput());
  }

  /**
   * Replaces the live history (a compaction, an offload), losing nothing: every message of the current
   * history that archive.jsonl does not hold yet is appended to it first, durably, and the new history's
   * messages are marked as archived (`meta.archived`). A failed write leaves the old history in place and
   * throws, naming the file. The title follows the new history's first input of the user's own (when it has
   * one). Resolves with the history as persisted.
   */
  rewriteHistory(messages: readonly ChatMessage[]): Promise<readonly ChatMessage[]> {
    const next = messages.map((message, i) => validated(message, i));
    return this.enqueue(async () => {
      const archived = await this.archiveLiveHistory();
      const marked = next.map((message) => (message.meta?.archived === archived ? message : withMeta(message, { archived })));
      await this.rewriteHistoryFile(marked);
      this.archivedCount = archived;
      this.currentTitle = titleOfHistory(marked) ?? this.currentTitle;
      await this.writeIndex();
      return this.history;
    });
  }

  /**
   * Starts the conversation over: the live history goes to the archive (so the full transcript keeps it),
   * usage is reset, the offloaded files are deleted and the index is back to empty (no title, no messages).
   */
  clear(): Promise<void> {
    return this.enqueue(async () => {
      this.archivedCount = await this.archiveLiveHistory();
      this.usageLedger = new UsageLedger();
      this.history = [];
      this.currentTitle = null;
      this.counted = { stats: emptyContextStats(), historyBytes: 0 };
      // The index first: it alone records the archive once the history is empty.
      await this.writeIndex();
      await writeFileAtomic(this.files.history, '');
      await writeFileAtomic(this.files.usage, '');
      this.historyBytes = 0;
      this.lastMessageEnd = 0;
      this.historyEndsWithNewline = true;
      this.usageEndsWithNewline = true;
      await rm(this.files.offload, { recursive: true, force: true }).catch((error: unknown) => Promise.reject(sessionFileError(this.files.offload, 'write', error)));
      if (this.pending) await this.dropPendingInput();
    });
  }

  /**
   * Everything said in this session, in order: what archive.jsonl holds, then the live history's messages
   * not archived yet, then an input still waiting for an answer. Damaged archive lines are reported.
   */
  async transcript(): Promise<{ messages: ChatMessage[]; warnings: SessionLoadWarning[] }> {
    await this.flush();
    const { messages, warnings } = await this.archive.read(this.archivedCount);
    const live = this.history.filter((message) => message.meta?.archived === undefined);
    const pending = this.pending && !this.confirms(this.pending) ? [unansweredInput(this.pending)] : [];
    return { messages: [...messages, ...live, ...pending], warnings };
  }

  /** Replaces the whole history atomically (temp file + rename), e.g. after sanitizing. */
  rewrite(messages: readonly ChatMessage[]): Promise<void> {
    const own = new Set(this.history);
    const next = messages.map((message, i) => (own.has(message) ? message : validated(message, i)));
    return this.enqueue(async () => {
      await this.rewriteHistoryFile(next);
      await this.writeIndex();
    });
  }

  /** Appends to the archive what the live history holds and it does not; returns the archive's new count. */
  private async archiveLiveHistory(): Promise<number> {
    const originals = this.history.filter((message) => message.meta?.archived === undefined);
    if (originals.length) await this.archive.append(originals, this.archivedCount);
    return this.archivedCount + originals.length;
  }

  /** A pending input that outlived its run goes into the history as unanswered (or away, if it was confirmed after all). */
  private async foldPendingInput(): Promise<ChatMessage | null> {
    const pending = this.pending;
    if (!pending) return null;
    const confirmed = this.confirms(pending);
    if (!confirmed) await this.appendLines([unansweredInput(pending)]);
    await this.dropPendingInput();
    return confirmed ? null : pending;
  }

  /**
   * Whether the history already holds a pending input: a crash between its confirmation and the removal
   * of pending-input.json leaves it as the last input.
   */
  private confirms(pending: ChatMessage): boolean {
    return this.history.findLast((message) => message.role === 'user' && !message.meta?.unanswered)?.content === pending.content;
  }

  /** Appends messages to history.jsonl durably, and to the history in memory. */
  private async appendLines(batch: ChatMessage[]): Promise<void> {
    // After a torn last line, start on a fresh line so the torn bytes cannot swallow this message.
    const text = (this.historyEndsWithNewline ? '' : '\n') + toJsonLines(batch);
    await appendDurably(this.files.history, text);
    this.historyBytes += Buffer.byteLength(text);
    this.historyEndsWithNewline = true;
    this.lastMessageEnd = this.historyBytes;
    this.history.push(...batch);
  }

  private async dropPendingInput(): Promise<void> {
    await removeFileDurably(this.files.pendingInput);
    this.pending = null;
  }

  private async rewriteHistoryFile(next: ChatMessage[]): Promise<void> {
    // As in append: count only when the tokenizer is built; else the index holds no stats, and whoever
    // asks counts the new history then (a CLI run that sanitizes a history must not pay a second for it).
    // Stryker disable next-line ConditionalExpression: when stats are counted is an optimisation; what contextStats() returns is the same
    const nextStats = isTokenizerReady() ? this.statsAfterRewrite(next) : undefined;
    // Invalidate the persisted stats first: a crash between the two writes must not pair old stats with new history.
    await this.writeIndex(false);
    const text = toJsonLines(next);
    await writeFileAtomic(this.files.history, text);
    this.history = next;
    this.historyBytes = Buffer.byteLength(text);
    this.historyEndsWithNewline = true;
    this.lastMessageEnd = this.historyBytes;
    this.counted = nextStats ? { stats: nextStats, historyBytes: this.historyBytes } : { stats: emptyContextStats(), historyBytes: 0 };
  }

  /** Adds one model call's usage to the totals and the rounds (usage.jsonl), and persists both. */
  recordUsage(usage: Usage, model: string): Promise<void> {
    const round: UsageRound = { model, usage: persistedUsageSchema.parse(usage), at: new Date().toISOString() };
    return this.enqueue(async () => {
      await appendDurably(this.files.usage, (this.usageEndsWithNewline ? '' : '\n') + toJsonLines([round]));
      this.usageEndsWithNewline = true;
      this.usageLedger.add(round);
      await this.writeIndex();
    });
  }

  /**
   * The round of tool calls a paused run left waiting for approval, if any (see PendingApproval). Stale or
   * unreadable files are dealt with as readPendingApproval says; a warning says what was done.
   */
  readPendingApproval(): Promise<{ approval: PendingApproval | null; warning?: string }> {
    return this.enqueue(() => readPendingApproval(this.files.pendingApproval, this.files.dir, this.history));
  }

  /** Records the paused round (atomically), or removes it (null) once its round has joined the history. */
  setPendingApproval(approval: PendingApproval | null): Promise<void> {
    return this.enqueue(() => (approval ? writePendingApproval(this.files.pendingApproval, approval) : removeFileDurably(this.files.pendingApproval)));
  }

  /** Sets the title explicitly (e.g. when the first user message is wrapped in instructions), shortened to one line. */
  setTitle(title: string): Promise<void> {
    return this.enqueue(async () => {
      this.currentTitle = titleFromText(title);
      await this.writeIndex();
    });
  }

  /** Resolves when every write queued so far has finished. */
  async flush(): Promise<void> {
    await this.writes;
  }

  private enqueue<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.writes.then(() => this.asWriter(operation));
    this.writes = result.catch(() => undefined); // one failed write must not block the ones after it
    return result;
  }

  /** Runs a write as the session's writer: under the held lock, or under the lock taken for this write alone. */
  private async asWriter<T>(operation: () => Promise<T>): Promise<T> {
    if (this.holdingLock) return operation();
    await this.writerLock.acquire();
    try {
      return await operation();
    } finally {
      await this.writerLock.release();
    }
  }

  /** Stats of the rewritten history: by subtraction when it only drops messages, else by counting. */
  private statsAfterRewrite(next: readonly ChatMessage[]): ContextStats {
    const current = this.contextStats();
    const dropped: ChatMessage[] = [];
    let cursor = 0;
    for (const message of next) {
      while (cursor < this.history.length && this.history[cursor] !== message) dropped.push(this.history[cursor++]!);
      if (cursor === this.history.length) return contextStats(next);
      cursor += 1;
    }
    dropped.push(...this.history.slice(cursor));
    return subtractContextStats(current, contextStats(dropped));
  }

  /** Writes index.json; without context stats (`withContext` false) while the history is being replaced. */
  private async writeIndex(withContext = true): Promise<void> {
    this.updatedAtTime = new Date().toISOString();
    const { stats, historyBytes } = this.counted;
    const index: SessionIndex = {
      version: SESSION_INDEX_VERSION,
      id: this.id,
      title: this.currentTitle,
      createdAt: this.createdAt,
      updatedAt: this.updatedAtTime,
      messageCount: this.history.length,
      usage: { total: this.usageLedger.totals, roundCount: this.usageLedger.roundCount, byModel: this.usageLedger.modelTotals },
      context: withContext ? { ...stats, historyBytes } : null,
      ...(this.currentOrigin ? { origin: this.currentOrigin } : {}),
      ...(this.archivedCount ? { archive: { messageCount: this.archivedCount } } : {}),
    };
    await writeFileAtomic(this.files.index, `${JSON.stringify(index, null, 2)}\n`);
  }
}

function isMessageList(input: ChatMessage | readonly ChatMessage[]): input is readonly ChatMessage[] {
  return Array.isArray(input);
}

/** Checks what will be persisted against the schema a reload applies, so what is written can be read back. */
function validated(message: ChatMessage, position: number): ChatMessage {
  const parsed = persistedMessageSchema.safeParse(message);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!; // a failed parse always has an issue
    throw new TypeError(`Not a chat message (position ${position}): ${issue.path.join('.') || 'root'}: ${issue.message}`);
  }
  return message;
}
