import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ChatMessage } from '../../src';

/**
 * The reference tokenizer, straight from js-tiktoken (not src/session's counter): a wrong counter cannot
 * agree with it. Its encoder takes about a second to build, so it is built in a thread of its own from the
 * start of the run (warmUpReferenceTokenizer), while scenarios go on.
 */
let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (tokens: number[][]) => void; reject: (error: Error) => void }>();

function referenceWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(join(__dirname, 'reference-tokenizer-worker.cjs'));
  worker.on('message', ({ id, tokens }: { id: number; tokens: number[][] }) => {
    waiting.get(id)?.resolve(tokens);
    waiting.delete(id);
    if (waiting.size === 0) worker?.unref();
  });
  worker.on('error', (error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = undefined;
  });
  worker.unref(); // never what keeps a run alive
  return worker;
}

export function warmUpReferenceTokenizer(): void {
  referenceWorker();
}

/** Each text's token ids by js-tiktoken's o200k_base encoder, special-token markers encoded as plain text. */
export function referenceTokens(texts: string[]): Promise<number[][]> {
  const thread = referenceWorker();
  const id = nextId++;
  thread.ref(); // held while an answer is awaited
  thread.postMessage({ id, texts });
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}

/** A history's tokens as the documents define them: each content, tool name and arguments counted on its own. */
export async function referenceHistoryTokens(messages: readonly ChatMessage[]): Promise<number> {
  const texts = messages.flatMap((message) => [message.content ?? '', ...(message.tool_calls ?? []).flatMap((call) => [call.function.name, call.function.arguments])]);
  return (await referenceTokens(texts)).reduce((sum, tokens) => sum + tokens.length, 0);
}
