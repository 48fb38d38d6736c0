import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Whether a request carries `Authorization: Bearer <token>`. Compared in constant time: both sides are
 * hashed first, so neither the length nor a common prefix of the token shows in the timing.
 */
export function hasBearerToken(request: IncomingMessage, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
