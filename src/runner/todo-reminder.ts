import type { TodoItem } from '../todo';

/** The user message that sends the model back to work when it stops with todos still open, or null. */
export function todoReminder(items: readonly TodoItem[]): string | null {
  const open = items.filter((item) => item.status !== 'completed');
  if (open.length === 0) return null;
  const lines = open.map((item) => `- [${item.status}] ${item.content}`);
  return [
    '[System Reminder] Your todo list still has unfinished items:',
    ...lines,
    'Continue working on them, and update the list with TodoWrite as you go. Finish only when every item is completed.',
  ].join('\n');
}
