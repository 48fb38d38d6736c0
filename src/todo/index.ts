export * from './todo-schema';
export * from './todo-store';
export * from './todo-summary';
