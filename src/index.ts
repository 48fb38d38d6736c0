/** The public API of synapse-spec. */
export * from './llm';
export * from './runtime';
export * from './session';
export * from './tools';
export * from './todo';
export * from './runner';
export * from './subagents';
export * from './extensions';
