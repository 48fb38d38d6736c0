import type { SessionSummary } from '../session';

/** The part of an id worth typing: `session-1732262400000-1a2b3c4d` is known by its last 8 characters. */
export function shortSessionId(id: string): string {
  const tail = /-([0-9a-f]{8})$/.exec(id)?.[1];
  return tail ?? id;
}

/** One line per session in `/sessions` and the `/resume` list. */
export function sessionLine(session: SessionSummary, currentId: string | null, number?: number): string {
  const updated = session.updatedAt.replace('T', ' ').slice(0, 16);
  const title = (session.title ?? '(untitled)').replace(/\s+/g, ' ');
  const mark = session.id === currentId ? ' (this one)' : '';
  const prefix = number === undefined ? '' : `${String(number).padStart(2)}. `;
  return `${prefix}${shortSessionId(session.id)}  ${updated}  ${String(session.messageCount).padStart(3)} msgs  ${title.length > 60 ? `${title.slice(0, 59)}…` : title}${mark}`;
}
