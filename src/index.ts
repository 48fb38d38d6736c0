/** The public API of synapse-spec. */
export * from './llm';
export * from './runtime';
export * from './tools';
export * from './todo';
