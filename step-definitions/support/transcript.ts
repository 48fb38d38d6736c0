import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { ChatMessage } from '../../src';
import type { ChatCompletionRequest, ScriptedReply } from '../../src/testing';

/**
 * Living documentation: what a scenario actually did, as plain text attached to it in the HTML report
 * (model requests and replies, tool calls and results, commands, runtime steps, files written). A domain
 * context that has something to tell implements `Narrating`; the World puts the sections together.
 */
export interface Narrating {
  narrate(): string[] | Promise<string[]>;
}

export function isNarrating(value: unknown): value is Narrating {
  return typeof (value as Narrating | undefined)?.narrate === 'function';
}

/** A titled block; empty when there is nothing to tell. */
export function section(title: string, lines: string[]): string[] {
  return lines.length ? [`== ${title} ==`, ...lines, ''] : [];
}

/** One line of at most `max` characters, newlines shown as ⏎. */
export function clip(text: string, max = 160): string {
  const flat = text.replace(/\r?\n/g, '⏎');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A multi-line value, indented under its label, cut after `maxLines`. */
export function block(label: string, text: string, maxLines = 12): string[] {
  if (text === '') return [`${label}: (empty)`];
  const lines = text.replace(/\n$/, '').split('\n');
  const kept = lines.slice(0, maxLines).map((line) => `    ${clip(line, 200)}`);
  if (lines.length > maxLines) kept.push(`    … ${lines.length - maxLines} more lines`);
  return [`${label}:`, ...kept];
}

function describeMessage(message: ChatMessage): string {
  const calls = (message.tool_calls ?? []).map((call) => `${call.function.name}(${clip(call.function.arguments, 120)})`);
  const about = message.role === 'tool' ? ` [${message.tool_call_id}]` : '';
  return `${message.role}${about}: ${clip(message.content ?? '', 160)}${calls.length ? ` → calls ${calls.join(', ')}` : ''}`;
}

function describeReply(reply: ScriptedReply | undefined): string {
  if (!reply) return '(no reply)';
  if (reply.error) return `HTTP ${reply.error.status}: ${reply.error.message}`;
  const parts: string[] = [];
  const content = [reply.content ?? []].flat().join('');
  if (content) parts.push(`"${clip(content, 160)}"`);
  for (const call of reply.toolCalls ?? []) {
    const args = typeof call.arguments === 'string' ? call.arguments : Array.isArray(call.arguments) ? call.arguments.join('') : JSON.stringify(call.arguments);
    parts.push(`${call.name}(${clip(args, 160)})`);
  }
  if (reply.cut) parts.push('(stream cut short)');
  if (reply.delayMs) parts.push(`after ${reply.delayMs} ms`);
  return parts.join(', ') || '(empty)';
}

/**
 * A scripted model's conversations: for each request, the messages new since that conversation's previous
 * request (a conversation is known by its first user message: parent and sub-agents interleave), then the
 * reply it got.
 */
export function narrateModel(title: string, requests: readonly ChatCompletionRequest[], replies: readonly ScriptedReply[]): string[] {
  const seen = new Map<string, number>();
  const lines: string[] = [];
  requests.forEach((request, index) => {
    const opening = request.messages.find((message) => message.role === 'user')?.content ?? '';
    const tools = (request.tools ?? []).map((tool) => (tool as { function?: { name?: string } }).function?.name).filter(Boolean);
    const fresh = request.messages.slice(seen.get(opening) ?? 0);
    seen.set(opening, request.messages.length);
    lines.push(`request ${index + 1} (conversation "${clip(opening, 50)}", ${request.messages.length} messages${tools.length ? `, tools ${tools.join(', ')}` : ''}):`);
    lines.push(...fresh.map((message) => `  ${describeMessage(message)}`));
    lines.push(`  ⇐ reply: ${describeReply(replies[index])}`);
  });
  return section(title, lines);
}

/** The files a scenario left in its directory (a scenario's workspace and sessions), with small ones shown. */
export async function narrateFiles(dir: string | undefined): Promise<string[]> {
  if (!dir) return [];
  const lines: string[] = [];
  const entries = (await readdir(dir, { recursive: true }).catch(() => [] as string[])).sort();
  for (const entry of entries.slice(0, 40)) {
    const path = join(dir, entry);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) continue;
    const name = relative(dir, path);
    if (info.size > 600) {
      lines.push(`${name} (${info.size} bytes)`);
      continue;
    }
    lines.push(...block(`${name} (${info.size} bytes)`, await readFile(path, 'utf8'), 6));
  }
  if (entries.length > 40) lines.push(`… ${entries.length - 40} more entries`);
  return section('Files in the scenario directory', lines);
}
