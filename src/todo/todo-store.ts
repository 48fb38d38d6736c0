import type { TodoItem } from './todo-schema';

export interface TodoState {
  readonly items: readonly TodoItem[];
  /** Milliseconds since the epoch; strictly increases with every update. */
  readonly updatedAt: number;
}

export type TodoListener = (state: TodoState) => void;

/** The agent's todo list. Listeners hear the current state at once and after every update. */
export class TodoStore {
  private state: TodoState = freezeState([], Date.now());
  private readonly listeners = new Set<TodoListener>();

  get(): TodoState {
    return this.state;
  }

  /** Replaces the list. Always notifies, even with an identical list: an update is news in itself. */
  update(items: readonly TodoItem[]): TodoState {
    this.state = freezeState(items, Math.max(Date.now(), this.state.updatedAt + 1));
    const failures: unknown[] = [];
    for (const listener of [...this.listeners]) {
      try {
        listener(this.state);
      } catch (error) {
        failures.push(error); // one broken listener must not starve the others
      }
    }
    if (failures.length) throw new AggregateError(failures, 'A TodoStore listener failed');
    return this.state;
  }

  /** Subscribes; the listener is called immediately with the current state. Returns the unsubscribe function. */
  onChange(listener: TodoListener): () => void {
    // A wrapper, so the same function subscribed twice is two subscriptions with their own unsubscribe.
    const subscription: TodoListener = (state) => listener(state);
    this.listeners.add(subscription);
    listener(this.state);
    return () => {
      this.listeners.delete(subscription);
    };
  }
}

function freezeState(items: readonly TodoItem[], updatedAt: number): TodoState {
  return Object.freeze({ items: Object.freeze(items.map((item) => Object.freeze({ ...item }))), updatedAt });
}
