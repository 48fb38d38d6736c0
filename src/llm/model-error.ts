/** A failed model request: the API's own message, its HTTP status and error code when there were any. */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  constructor(
    message: string,
    readonly status?: number,
    /** The API's error code (`context_length_exceeded`, `rate_limit_exceeded`...). */
    readonly code?: string,
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
