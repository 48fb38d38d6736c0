import { appendFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataTable } from '@cucumber/cucumber';
import type { ChatMessage, ToolCall } from '../../src/llm/types';
import { MISSING_RESULT_TEXT, SessionStore, type ContextStats, type SanitizedHistory, type Session, type SessionListing } from '../../src/session';
import { longConversation } from './context-context';
import type { SynapseWorld } from './world';

/** Table columns used by session scenarios to write a history compactly. */
const ROLE = '角色';
const CONTENT = '内容';
const TOOL_CALLS = '工具调用';
const ANSWERS = '回复的调用';

/**
 * A session-store scenario: a store in the scenario's temp dir, the session under test, the messages
 * appended to it, and the outcome of the last operation that was allowed to fail.
 */
export class SessionContext {
  private storeInstance?: SessionStore;
  private current?: Session;
  /** Every message appended through the steps, in order: what a reopened session must hold. */
  appended: ChatMessage[] = [];
  /** Messages of the session before an on-disk change, so "the original 1st and 3rd" can be named. */
  original: ChatMessage[] = [];
  history: ChatMessage[] = [];
  sanitized?: SanitizedHistory;
  listing?: SessionListing;
  error?: Error;
  /** The session's context stats just before the last reopen, to compare with the reopened session's. */
  statsBeforeReopen?: ContextStats;
  /** history.jsonl's bytes before an operation that must not change them. */
  bytesBefore?: Buffer;
  /** An offloaded file of the session. */
  offloaded?: string;
  /** The session as a later lookup found it. */
  found?: Session;

  constructor(private readonly world: SynapseWorld) {}

  /** Sessions created by several stores at once, and the directory they share. */
  createdIn?: { dir: string; ids: string[] };
  private sessionsDirOverride?: string;

  async sessionsDir(): Promise<string> {
    return this.sessionsDirOverride ?? join(await this.world.tempDir(), 'sessions');
  }

  /** Points the scenario's store at another sessions directory. */
  useSessionsDir(dir: string): void {
    this.sessionsDirOverride = dir;
    this.storeInstance = undefined;
  }

  async store(): Promise<SessionStore> {
    this.storeInstance ??= new SessionStore(await this.sessionsDir());
    return this.storeInstance;
  }

  get session(): Session {
    if (!this.current) throw new Error(`no session in this scenario${this.error ? ` (last error: ${this.error.message})` : ''}`);
    return this.current;
  }

  set session(session: Session) {
    this.current = session;
  }

  async createSession(title?: string): Promise<Session> {
    this.session = await (await this.store()).create({ title });
    this.appended = [];
    return this.session;
  }

  /** A session holding a conversation (of tool rounds, `appended`) and the usage of two model calls. */
  async createWithWork(): Promise<Session> {
    this.session = await (await this.store()).create();
    this.appended = longConversation(3, 100);
    await this.session.append(this.appended);
    await this.session.recordUsage({ prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280 }, 'gpt-4o');
    await this.session.recordUsage({ prompt_tokens: 1500, completion_tokens: 40, total_tokens: 1540 }, 'gpt-4o-mini');
    return this.session;
  }

  async append(messages: ChatMessage[]): Promise<void> {
    await this.session.append(messages);
    this.appended.push(...messages);
  }

  async reopen(): Promise<Session> {
    this.statsBeforeReopen = this.session.contextStats();
    this.session = await (await this.store()).open(this.session.id);
    return this.session;
  }

  /** Runs an operation that a scenario expects may fail, keeping the error for a Then step. */
  async attempt(operation: () => Promise<unknown>): Promise<void> {
    this.error = undefined;
    try {
      await operation();
    } catch (error) {
      this.error = error as Error;
    }
  }

  async sessionDirEntries(): Promise<string[]> {
    return (await readdir(join(await this.sessionsDir(), this.session.id))).sort();
  }

  async historyPath(): Promise<string> {
    return join(await this.sessionsDir(), this.session.id, 'history.jsonl');
  }

  async historyLines(): Promise<string[]> {
    return (await readFile(await this.historyPath(), 'utf8')).split('\n').filter((line) => line !== '');
  }

  /** Simulates a crash mid-write: bytes of a line that never got its end. */
  async appendRawToHistory(text: string): Promise<void> {
    await appendFile(await this.historyPath(), text, 'utf8');
  }

  async replaceHistoryLine(lineNumber: number, text: string): Promise<void> {
    const lines = (await readFile(await this.historyPath(), 'utf8')).split('\n');
    lines[lineNumber - 1] = text;
    await writeFile(await this.historyPath(), lines.join('\n'), 'utf8');
  }

  /** A directory that looks like a session but whose index.json is damaged. */
  async addBrokenSessionDir(id: string): Promise<void> {
    const dir = join(await this.sessionsDir(), id);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'index.json'), '{"version": 1, "id": ', 'utf8');
  }
}

/** `n` plain messages, alternating user and assistant. */
export function plainConversation(count: number): ChatMessage[] {
  return Array.from({ length: count }, (_, i): ChatMessage => (i % 2 === 0 ? { role: 'user', content: `问题 ${i + 1}` } : { role: 'assistant', content: `回答 ${i + 1}` }));
}

/**
 * Reads a history table: 角色 | 内容 | 工具调用 | 回复的调用. An empty 内容 is null. 工具调用 holds
 * `<id> <name> <arguments>` entries separated by " ; " (arguments are the raw text, valid JSON or not).
 * 内容 `<中断结果>` stands for the result the repair gives a call that had none.
 */
export function messagesFromTable(table: DataTable): ChatMessage[] {
  return table.hashes().map((row): ChatMessage => {
    const content = row[CONTENT] === '<中断结果>' ? MISSING_RESULT_TEXT : row[CONTENT];
    const message: ChatMessage = { role: row[ROLE] as ChatMessage['role'], content: content ? content : null };
    if (row[TOOL_CALLS]) message.tool_calls = row[TOOL_CALLS].split(' ; ').map(parseToolCall);
    if (row[ANSWERS]) message.tool_call_id = row[ANSWERS];
    return message;
  });
}

/** The inverse of `messagesFromTable`, for comparing a history with an expected table. */
export function messagesToRows(messages: readonly ChatMessage[]): Array<Record<string, string>> {
  return messages.map((message) => ({
    [ROLE]: message.role,
    [CONTENT]: message.content ?? '',
    [TOOL_CALLS]: (message.tool_calls ?? []).map((call) => `${call.id} ${call.function.name} ${call.function.arguments}`).join(' ; '),
    [ANSWERS]: message.tool_call_id ?? '',
  }));
}

function parseToolCall(text: string): ToolCall {
  const match = /^(\S+) (\S+) (.*)$/.exec(text.trim());
  if (!match) throw new Error(`tool call cell must read "<id> <name> <arguments>", got: ${text}`);
  return { id: match[1]!, type: 'function', function: { name: match[2]!, arguments: match[3]! } };
}
