import OpenAI from 'openai';
import { AbortError, ModelError } from './model-error';

/** How a model request ended badly, as our code saw it (the SDK cannot tell a timeout of ours from an abort). */
export interface FailureContext {
  /** The caller's signal: when it aborted, every failure is an abort. */
  signal?: AbortSignal;
  /** Set when our idle-stream timer fired. */
  idleTimeoutMs?: number;
  /** The client's request timeout and base URL, to name them. */
  requestTimeoutMs: number;
  baseURL: string;
}

const TIMEOUT_HINT = 'set SYNAPSE_REQUEST_TIMEOUT or --request-timeout (milliseconds) to wait longer';

/**
 * One error for any failure of a model request: AbortError when the caller aborted, else a ModelError
 * whose message names the cause in one line (no SDK prefixes stacked on ours), with the URL when the
 * server could not be reached or did not answer.
 */
export function toModelError(error: unknown, context: FailureContext): Error {
  if (context.signal?.aborted) return new AbortError('The run was interrupted');
  if (context.idleTimeoutMs !== undefined) {
    return new ModelError(`the model at ${context.baseURL} sent nothing for ${context.idleTimeoutMs} ms in the middle of its reply (idle stream timeout; ${TIMEOUT_HINT})`);
  }
  // Whatever fails inside a request is an Error (the SDK wraps what fetch throws), and the SDK never makes
  // an empty message; our own request signal aborts only with the caller's signal or our idle timer.
  const failure = error as Error;
  if (failure instanceof OpenAI.APIConnectionTimeoutError) {
    return new ModelError(`the model at ${context.baseURL} did not answer within ${context.requestTimeoutMs} ms (request timeout; ${TIMEOUT_HINT})`);
  }
  if (failure instanceof OpenAI.APIConnectionError) return new ModelError(`cannot connect to the model at ${context.baseURL}: ${rootCause(failure)}`);
  if (failure instanceof OpenAI.APIError) return new ModelError(firstLine(failure.message), failure.status, typeof failure.code === 'string' ? failure.code : undefined);
  if (failure instanceof SyntaxError) return new ModelError(`the model's stream is malformed (an event is not valid JSON: ${firstLine(failure.message)})`);
  // Anything else broke while reading the reply (an event that is JSON but not a chunk, say).
  return new ModelError(`the model's reply could not be read (${firstLine(failure.message)})`);
}

/** The innermost cause of a connection error (`connect ECONNREFUSED 127.0.0.1:9`; Node puts the code in the message). */
function rootCause(error: Error): string {
  let cause = error;
  while (cause.cause instanceof Error) cause = cause.cause;
  return firstLine(cause.message);
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}
