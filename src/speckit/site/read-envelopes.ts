import { readFile } from 'node:fs/promises';
import type { Envelope } from '@cucumber/messages';

/** The messages of a cucumber run, one JSON object a line (cucumber's `message` format, reports/cucumber.ndjson). */
export async function readEnvelopes(path: string): Promise<Envelope[]> {
  const envelopes: Envelope[] = [];
  for (const [index, line] of (await readFile(path, 'utf8')).split('\n').entries()) {
    if (!line.trim()) continue;
    let envelope: unknown;
    try {
      envelope = JSON.parse(line);
    } catch (error) {
      throw new Error(`${path}:${index + 1}: not JSON (${(error as Error).message}); expected cucumber's messages, one a line`);
    }
    if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) throw new Error(`${path}:${index + 1}: expected a cucumber message (a JSON object)`);
    envelopes.push(envelope as Envelope);
  }
  if (!envelopes.some((envelope) => envelope.testRunStarted)) throw new Error(`${path}: no testRunStarted message: not the messages of a cucumber run`);
  return envelopes;
}
