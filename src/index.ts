/** The public API of synapse-spec. */
export * from './llm';
export * from './runtime';
