import { randomBytes } from 'node:crypto';
import { InvalidSessionIdError } from './errors';

/** A plain file name: no separators, no dots, so an id can never leave the sessions directory. */
const SAFE_SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** `session-<Date.now()>-<8 hex>`: sorts by creation time, unique enough across processes. */
export function generateSessionId(now: number = Date.now()): string {
  return `session-${now}-${randomBytes(4).toString('hex')}`;
}

export function isValidSessionId(id: string): boolean {
  return SAFE_SESSION_ID.test(id);
}

export function assertValidSessionId(id: string): void {
  if (typeof id !== 'string' || !isValidSessionId(id)) throw new InvalidSessionIdError(String(id));
}
