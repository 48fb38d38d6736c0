import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where the service's log records go: an object and a message per record (pino's Logger fits as it is). */
export interface ServiceLogger {
  debug(record: object, message: string): void;
  info(record: object, message: string): void;
  warn(record: object, message: string): void;
  error(record: object, message: string): void;
}

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * JSON lines on stderr (pino): one object per line with `level`, `time`, `msg` and the record's fields.
 * pino is loaded here, on first use (its require costs tens of milliseconds), and never for `silent`.
 */
export function createJsonLogger(level: LogLevel, name: string): ServiceLogger | undefined {
  if (level === 'silent') return undefined;
  const pino = require('pino') as typeof import('pino');
  const options = { name, level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } };
  // Synchronous writes: a line is out before the process exits, and in order with the other stderr lines.
  return pino.pino(options, pino.destination({ fd: 2, sync: true }));
}

/** Writes a record; a logger that throws loses the record, never the request or the step. */
export function writeLog(logger: ServiceLogger | undefined, level: Exclude<LogLevel, 'silent'>, record: object, message: string): void {
  try {
    logger?.[level](record, message);
  } catch {
    // Logging is an observer: its failure is not the service's.
  }
}

/**
 * Logs the request when its answer is over (an event stream: when it closes): method, path, status,
 * duration, the client's address, and the reason of a refusal. Returns what the handler calls with the
 * error it answered, so the record can say why.
 */
export function logRequests(request: IncomingMessage, response: ServerResponse, logger: ServiceLogger | undefined): (status: number, error: unknown) => void {
  if (!logger) return () => undefined;
  const started = performance.now();
  let reason: string | undefined;
  response.once('close', () => {
    const record = {
      method: request.method,
      path: (request.url ?? '').slice(0, 300),
      status: response.statusCode,
      durationMs: Math.round(performance.now() - started),
      remote: request.socket.remoteAddress,
      ...(reason ? { error: reason } : {}),
      ...(response.writableFinished ? {} : { aborted: true }),
    };
    writeLog(logger, response.statusCode >= 500 ? 'error' : 'info', record, 'request');
  });
  return (_status, error) => {
    reason = String((error as Error)?.message ?? error).slice(0, 300);
  };
}
