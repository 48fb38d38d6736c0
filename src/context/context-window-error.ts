/** A request that cannot be made to fit the model's window: sending it would only be refused. */
export class ContextWindowError extends Error {
  override readonly name = 'ContextWindowError';
  constructor(
    readonly tokens: number,
    readonly window: number,
    why: string,
  ) {
    super(`the conversation needs ${tokens} tokens but the context window is ${window} tokens (${why}); the history is kept: try again, or pass a larger --context-window if the model has one`);
  }
}
