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
  if (error instanceof ModelError || error instanceof AbortError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ModelError(`the model at ${context.baseURL} did not answer within ${context.requestTimeoutMs} ms (request timeout; ${TIMEOUT_HINT})`);
  }
  if (error instanceof OpenAI.APIUserAbortError) return new AbortError('The run was interrupted');
  if (error instanceof OpenAI.APIConnectionError) return new ModelError(`cannot connect to the model at ${context.baseURL}: ${rootCause(error)}`);
  if (error instanceof OpenAI.APIError) return new ModelError(firstLine(error.message) || `HTTP ${error.status}`, error.status);
  if (error instanceof SyntaxError) return new ModelError(`the model's stream is malformed (an event is not valid JSON: ${firstLine(error.message)})`);
  return new ModelError(firstLine(error instanceof Error ? error.message : String(error)) || 'unknown failure');
}

/** The innermost cause of a connection error, as its code and message (`ECONNREFUSED 127.0.0.1:9`). */
function rootCause(error: Error): string {
  let cause: unknown = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  if (cause === error) return firstLine(error.message) || 'connection failed';
  const { code, message } = cause as NodeJS.ErrnoException;
  const text = firstLine(message ?? '');
  return code && !text.includes(code) ? `${code} ${text}`.trim() : text || String(code);
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}
