/** A failed model request: the API's own message, its HTTP status when there was one. */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The error every interrupted operation rejects with, so callers can test `error.name === 'AbortError'`. */
export class AbortError extends Error {
  override readonly name = 'AbortError';
  constructor(message = 'The operation was aborted') {
    super(message);
  }
}
