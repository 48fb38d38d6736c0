/** A request the service refuses: its HTTP status, a message, and the body field at fault when there is one. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 421 | 503,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
