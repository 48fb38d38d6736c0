import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { SessionStore, type ChatMessage } from '../../src';
import { quarantinedBytes } from '../../src/session/quarantine';
import { persistedMessageSchema, persistedUsageRoundSchema } from '../../src/session/schemas';
import { protocolViolations } from '../../step-definitions/support/protocol';
import type { FailureLog, Figures } from './figures';
import { damage, splitLines, type Files } from './damage';
import type { Random } from './random';

/**
 * Generated damage to real session files (torn and garbled lines, bytes that are not UTF-8, lines that are
 * JSON but not messages, broken tool-call rounds, damaged indexes and usage, leftover temp files, a
 * directory where a file should be). Each damaged session is opened as a reader, then as a writer that
 * repairs it. Counted: sessions that do not load (without an error naming the file), histories that still
 * break the protocol after the repair, and lines whose bytes are neither kept nor quarantined.
 */
export async function fileFaults(total: number, random: Random, figures: Figures, log: FailureLog, root: string): Promise<void> {
  const sessionsDir = join(root, 'file-sessions');
  const template = await templateSession(sessionsDir);
  const store = new SessionStore(sessionsDir);
  for (let i = 0; i < total; i++) {
    const id = `damaged-${i}`;
    const files = { ...template };
    const applied: string[] = [];
    for (let n = random.int(1, 3); n > 0; n--) applied.push(damage(files, random));
    await writeSession(join(sessionsDir, id), files, random);
    figures.badInputs++;
    await checkDamaged(store, id, files, `bad input ${i} (${applied.join(', ')})`, figures, log);
    await rm(join(sessionsDir, id), { recursive: true, force: true });
  }
}

async function checkDamaged(store: SessionStore, id: string, files: Files, where: string, figures: Figures, log: FailureLog): Promise<void> {
  const expectClearError = Object.values(files).includes('directory');
  // Without an index.json or a history.jsonl file, a directory is not a session: "not found" is the right answer.
  const notASession = !Buffer.isBuffer(files['index.json']) && !Buffer.isBuffer(files['history.jsonl']);
  let session;
  try {
    session = await store.open(id);
    await session.lock();
    await session.repair();
    await session.close();
  } catch (error) {
    const message = (error as Error).message;
    if (expectClearError && /Cannot (read|write) .*: it is a directory/.test(message)) return;
    if (notASession && (error as Error).name === 'SessionNotFoundError') return;
    figures.sessionsFailingToLoad++;
    log.add('sessionsFailingToLoad', `${where}: ${(error as Error).name}: ${message}`);
    return;
  }
  const reopened = await store.open(id);
  const violations = protocolViolations(reopened.messages);
  if (violations.length) {
    figures.danglingToolCalls += violations.length;
    log.add('danglingToolCalls', `${where}: ${violations[0]}`);
  }
  if (reopened.warnings.length) {
    figures.sessionsFailingToLoad++;
    log.add('sessionsFailingToLoad', `${where}: still damaged after the repair: ${reopened.warnings[0]!.message}`);
  }
  const dir = join(store.sessionsDir, id);
  const lost =
    (await unaccounted(files['history.jsonl'], reopened.messages, await quarantined(dir, 'history.quarantine.jsonl'), (v) => persistedMessageSchema.safeParse(v).success)) +
    (await unaccounted(files['usage.jsonl'], reopened.usage.rounds, await quarantined(dir, 'usage.quarantine.jsonl'), (v) => persistedUsageRoundSchema.safeParse(v).success));
  if (lost) {
    figures.messagesLost += lost;
    log.add('messagesLost', `${where}: ${lost} line(s) neither kept nor quarantined`);
  }
}

/** Lines of the damaged file whose content is in neither the loaded records nor the quarantine. */
async function unaccounted(file: Files[keyof Files], kept: readonly unknown[], quarantine: Buffer[], valid: (value: unknown) => boolean): Promise<number> {
  if (!Buffer.isBuffer(file)) return 0;
  const remaining = [...kept];
  const bytes = [...quarantine];
  let lost = 0;
  for (const line of splitLines(file)) {
    if (line.toString('utf8').trim() === '') continue;
    const value = parse(line);
    const keptAt = value !== undefined && valid(value) ? remaining.findIndex((record) => isDeepStrictEqual(record, value)) : -1;
    if (keptAt >= 0) {
      remaining.splice(keptAt, 1);
      continue;
    }
    const quarantinedAt = bytes.findIndex((entry) => entry.equals(line));
    if (quarantinedAt >= 0) bytes.splice(quarantinedAt, 1);
    else lost++;
  }
  return lost;
}

async function quarantined(dir: string, name: string): Promise<Buffer[]> {
  const text = await readFile(join(dir, name), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => quarantinedBytes(JSON.parse(line) as { text?: string; base64?: string }));
}

function parse(line: Buffer): unknown {
  try {
    return JSON.parse(line.toString('utf8').trim()) as unknown;
  } catch {
    return undefined;
  }
}

/** A real session with tool rounds and usage, written by the library: the files every damage starts from. */
async function templateSession(sessionsDir: string): Promise<Files> {
  const session = await new SessionStore(sessionsDir).create({ id: 'template' });
  const call = (id: string, command: string) => ({ id, type: 'function' as const, function: { name: 'Bash', arguments: JSON.stringify({ command }) } });
  const history: ChatMessage[] = [
    { role: 'user', content: 'List the files, then count them' },
    { role: 'assistant', content: 'Listing.', tool_calls: [call('call_1', 'ls'), call('call_2', 'ls | wc -l')] },
    { role: 'tool', tool_call_id: 'call_1', content: 'a.txt\nb.txt' },
    { role: 'tool', tool_call_id: 'call_2', content: '2' },
    { role: 'assistant', content: 'Two files: a.txt and b.txt. 二つ.' },
    { role: 'user', content: 'And their sizes?' },
    { role: 'assistant', content: null, tool_calls: [call('call_3', 'du -b a.txt b.txt')] },
    { role: 'tool', tool_call_id: 'call_3', content: '5 a.txt\n7 b.txt' },
    { role: 'assistant', content: 'a.txt has 5 bytes, b.txt 7.' },
  ];
  await session.append(history);
  for (const tokens of [12, 30, 7]) await session.recordUsage({ prompt_tokens: tokens, completion_tokens: 3, total_tokens: tokens + 3 }, 'chaos-model');
  await session.flush();
  const dir = join(sessionsDir, 'template');
  return {
    'history.jsonl': await readFile(join(dir, 'history.jsonl')),
    'usage.jsonl': await readFile(join(dir, 'usage.jsonl')),
    'index.json': await readFile(join(dir, 'index.json')),
  };
}

async function writeSession(dir: string, files: Files, random: Random): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    if (content === 'directory') await mkdir(join(dir, name));
    else if (content !== 'missing') await writeFile(join(dir, name), content);
  }
  if (random.chance(0.1)) await writeFile(join(dir, `index.json.${random.int(100000, 999999)}-0badc0de.tmp`), '{"half":');
}
