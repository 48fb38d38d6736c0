/**
 * An operation's place in the list of operations: its creation number, zero-padded so that text order is
 * creation order, then its id (`000000000000042:op_…`). The stores keep these in order; a page's cursor is
 * the last entry it showed, opaque to the client.
 */
const ENTRY = /^\d{15}:[A-Za-z0-9_-]{1,100}$/;

export function indexEntry(sequence: number, operationId: string): string {
  return `${String(sequence).padStart(15, '0')}:${operationId}`;
}

export function encodeCursor(entry: string): string {
  return Buffer.from(entry, 'utf8').toString('base64url');
}

/** The entry a cursor stands for, or undefined when it is not one this service gave out. */
export function decodeCursor(cursor: string): string | undefined {
  const entry = Buffer.from(cursor, 'base64url').toString('utf8');
  return ENTRY.test(entry) && encodeCursor(entry) === cursor ? entry : undefined;
}
