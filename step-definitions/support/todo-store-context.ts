import { TodoStore, type TodoItem, type TodoState } from '../../src';
import { spy, type Spy } from './spy';
import { clip, section, type Narrating } from './transcript';

/** A TodoStore with recording listeners, for the notification scenarios. */
export class TodoStoreContext implements Narrating {
  readonly store = new TodoStore();
  readonly listeners = new Map<string, Spy>();
  readonly unsubscribes = new Map<string, () => void>();
  /** The list passed to update, kept to pass the very same reference again. */
  items: TodoItem[] = [{ content: 'Write the spec', activeForm: 'Writing the spec', status: 'in_progress' }];
  stateBefore?: TodoState;
  callsBefore = new Map<string, number>();

  subscribe(name: string): Spy {
    const listener = spy();
    this.listeners.set(name, listener);
    this.unsubscribes.set(name, this.store.onChange(listener));
    return listener;
  }

  listener(name: string): Spy {
    const listener = this.listeners.get(name);
    if (!listener) throw new Error(`No listener named ${name}`);
    return listener;
  }

  /** Remembers the state and each listener's call count, to compare after the next action. */
  snapshot(): void {
    this.stateBefore = this.store.get();
    this.callsBefore = new Map([...this.listeners].map(([name, listener]) => [name, listener.calls.length]));
  }

  narrate(): string[] {
    const { items } = this.store.get();
    return section('TodoStore', [
      ...[...this.listeners].map(([name, listener]) => `listener ${name}: called ${listener.calls.length} time(s)`),
      `items now: ${items.length ? items.map((item) => `[${item.status}] ${clip(item.content, 40)}`).join('; ') : '(none)'}`,
    ]);
  }

  callsSinceSnapshot(name: string): number {
    return this.listener(name).calls.length - (this.callsBefore.get(name) ?? 0);
  }
}
