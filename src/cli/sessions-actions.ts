import type { ChatMessage } from '../llm/types';
import { homedir } from 'node:os';
import { resolveSessionRef } from '../session/session-ref';
import { SessionStore } from '../session/session-store';
import type { Session } from '../session/session';
import { userWords } from '../session/session-title';
import type { SessionLoadWarning, SessionSummary } from '../session/types';
import { resolveSessionsDir } from './session-options';
import type { SessionsArgs } from './sessions-command';
import { colorEnabled, createStyle, oneLine } from './terminal-style';
import { terminalSafeJson, visibleCommand, visibleText } from '../visible-text';

const style = () => createStyle(colorEnabled(process.stdout));

export async function runSessionsAction(action: 'list' | 'show' | 'stats' | 'rm', args: SessionsArgs): Promise<void> {
  const store = new SessionStore(resolveSessionsDir(args.sessionsDir));
  if (action === 'list') return list(store, args.json);
  // An id, a unique part of one, or `latest` (this directory's most recent).
  const id = (await resolveSessionRef(store, args.id!, { cwd: process.cwd() })).id;
  switch (action) {
    case 'show':
      return show(await store.open(id), args.json, Boolean(args.all));
    case 'stats':
      return stats(await store.open(id), args.json);
    case 'rm':
      await store.remove(id);
      return print(args.json ? terminalSafeJson({ id, removed: true }) : `removed ${visibleText(id)}`);
  }
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function list(store: SessionStore, json: boolean): Promise<void> {
  const { sessions, skipped } = await store.listWithSkipped();
  for (const entry of skipped) process.stderr.write(`warning: skipped ${visibleText(`${entry.entry}: ${entry.reason}`)}\n`);
  if (json) return print(terminalSafeJson({ sessionsDir: store.sessionsDir, sessions, skipped }));
  if (!sessions.length) return print(`no sessions in ${visibleText(store.sessionsDir)}`);
  const s = style();
  const cost = listCost();
  const rows = sessions.map((session) => listRow(session, cost));
  const headers = ['ID', 'UPDATED', 'MSGS', 'TOKENS', 'COST', 'MODEL', 'DIR', 'TITLE'];
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : i >= 2 && i <= 4 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  print(s.dim(line(headers)));
  for (const row of rows) print(line(row));
}

/**
 * What a listed session cost at today's prices (~/.synapse/pricing.json): `$0.00` before any call, `N/A` when
 * a model it used has no price, `-` for a session from before tokens were recorded per model.
 */
function listCost(): (session: SessionSummary) => string {
  // Loaded here: only the listing and stats price sessions.
  const { addCost, costOf, formatUsd, loadPricingFile, tokenUsageOf } = require('../usage') as typeof import('../usage');
  const { pricing, warning } = loadPricingFile();
  if (warning) process.stderr.write(`warning: ${visibleText(warning)}\n`);
  return ({ usageByModel, totalTokens }) => {
    if (!usageByModel) return totalTokens ? '-' : formatUsd(0);
    const cost = Object.entries(usageByModel).reduce<number | null>((sum, [model, { usage }]) => addCost(sum, costOf(tokenUsageOf(usage), model, pricing)), 0);
    return cost === null ? 'N/A' : formatUsd(cost);
  };
}

/**
 * One session as `sessions list` shows it; `-` where an older session did not record a value. What the
 * session file says (model, directory, title) is shown on one line, made visible.
 */
function listRow(session: SessionSummary, cost: (session: SessionSummary) => string): string[] {
  const home = homedir();
  const dir = oneLine(session.origin?.cwd ?? '-', Number.POSITIVE_INFINITY);
  return [
    session.id,
    session.updatedAt.replace('T', ' ').slice(0, 19),
    String(session.messageCount),
    session.totalTokens.toLocaleString('en-US'),
    cost(session),
    oneLine(session.origin?.model ?? '-', Number.POSITIVE_INFINITY),
    dir === home || dir.startsWith(`${home}/`) ? `~${dir.slice(home.length)}` : dir,
    oneLine(session.title ?? '(untitled)', 60),
  ];
}

function warn(warnings: readonly SessionLoadWarning[]): void {
  for (const warning of warnings) {
    process.stderr.write(`${visibleText(`warning: ${warning.file}${warning.line ? ` line ${warning.line}` : ''}: ${warning.message}`)}\n`);
  }
}

async function show(session: Session, json: boolean, all: boolean): Promise<void> {
  // The live history, plus an input its run never got an answer to; or everything ever said (--all).
  const transcript = all ? await session.transcript() : { messages: [...session.messages, ...(session.pendingInput ? [unanswered(session.pendingInput)] : [])], warnings: [] };
  const warnings = [...session.warnings, ...transcript.warnings];
  warn(warnings);
  if (json) {
    const { id, title, createdAt, updatedAt } = session;
    return print(terminalSafeJson({ id, title, createdAt, updatedAt, ...(all ? { all } : {}), messages: transcript.messages, warnings }));
  }
  const s = style();
  print(s.bold(visibleText(`${session.id}${session.title ? ` — ${session.title}` : ''}`)));
  for (const message of transcript.messages) print(`\n${renderMessage(message, s)}`);
}

function unanswered(message: ChatMessage): ChatMessage {
  return { ...message, meta: { ...message.meta, unanswered: true } };
}

/** Names of the blocks synapse adds to a user's message, as `sessions show` mentions them. */
const INJECTED_BLOCKS: Record<string, string> = { skill_search_instruction: 'Skill Search Priority instruction' };

/** One message for people: what the model, the person and the tools wrote, made visible (a call's command as it ran). */
function renderMessage(message: ChatMessage, s: ReturnType<typeof style>): string {
  const label = message.role === 'tool' ? `tool (${visibleText(message.tool_call_id ?? '')})` : message.meta?.summary ? 'summary (of the earlier conversation, written by compaction)' : message.role;
  const lines = [s.cyan(label)];
  if (message.meta?.unanswered) lines.push(s.dim('[no answer: the run ended before the model replied; never sent to the model]'));
  // What the user typed, not the instruction block synapse put around it.
  const text = userWords(message);
  if (text) lines.push(visibleText(text.trimEnd()));
  for (const block of message.meta?.injected ?? []) lines.push(s.dim(`[+ ${visibleText(INJECTED_BLOCKS[block] ?? block)}, added by synapse]`));
  for (const call of message.tool_calls ?? []) lines.push(s.dim(`→ ${visibleText(call.function.name)} ${visibleCommand(call.function.arguments)}`));
  return lines.join('\n');
}

function stats(session: Session, json: boolean): void {
  warn(session.warnings);
  // Loaded here: only stats prices a session.
  const { formatCostOutput, formatUsd, loadPricingFile, usageAccountOf, costOf, spentUsd, tokenUsageOf } = require('../usage') as typeof import('../usage');
  const { pricing, warning } = loadPricingFile();
  if (warning) process.stderr.write(`warning: ${visibleText(warning)}\n`);
  const context = session.contextStats();
  const { total, byModel, roundCount } = session.usage;
  const account = usageAccountOf(session.usage, pricing);
  const models = Object.entries(byModel).map(([model, { usage, rounds }]) => ({ model, rounds, usage, costUsd: costOf(tokenUsageOf(usage), model, pricing) }));
  if (json) {
    const perModel = Object.fromEntries(models.map(({ model, rounds, usage, costUsd }) => [model, { rounds, total_tokens: usage.total_tokens, usage, costUsd }]));
    return print(terminalSafeJson({ id: session.id, context, usage: { total, rounds: roundCount, byModel: perModel, costUsd: spentUsd(account) } }));
  }
  print(`session       ${session.id}`);
  print(`messages      ${context.messageCount}`);
  print(`tokens        ${context.tokenCount} (context, o200k_base)`);
  print(`tool calls    ${context.toolCallCount}`);
  print(`usage         ${total.prompt_tokens} prompt + ${total.completion_tokens} completion = ${total.total_tokens} tokens in ${roundCount} model call(s)`);
  const unpriced = account.totalCost === null && roundCount > 0 ? ' (no price for a model used: see ~/.synapse/pricing.json)' : '';
  print(`cost          ${formatCostOutput(account)}${unpriced}`);
  for (const { model, rounds, usage, costUsd } of models) print(`  ${visibleText(model)}: ${usage.total_tokens} tokens in ${rounds} call(s), ${costUsd === null ? 'cost N/A' : formatUsd(costUsd)}`);
}
