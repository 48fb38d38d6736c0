import { TODO_STATUSES, type TodoItem, type TodoStatus } from './todo-schema';

export function countTodosByStatus(items: readonly TodoItem[]): Record<TodoStatus, number> {
  const counts = Object.fromEntries(TODO_STATUSES.map((status) => [status, 0])) as Record<TodoStatus, number>;
  for (const item of items) counts[item.status]++;
  return counts;
}

const MARKS: Record<TodoStatus, string> = { completed: '[x]', in_progress: '[>]', pending: '[ ]' };

/** What TodoWrite prints after an update: the counts, then the list. */
export function formatTodoSummary(items: readonly TodoItem[]): string {
  const counts = countTodosByStatus(items);
  const header = `Todo list updated: ${items.length} item${items.length === 1 ? '' : 's'} (${counts.completed} completed, ${counts.in_progress} in_progress, ${counts.pending} pending)`;
  const lines = items.map((item) => `${MARKS[item.status]} ${item.status === 'in_progress' ? item.activeForm : item.content}`);
  return `${[header, ...lines].join('\n')}\n`;
}
