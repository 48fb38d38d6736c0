/** Errors a session store throws; each names what it was looking at, so the message alone is actionable. */

export class SessionNotFoundError extends Error {
  override readonly name = 'SessionNotFoundError';
  constructor(
    readonly sessionId: string,
    readonly sessionsDir: string,
  ) {
    super(`Session "${sessionId}" not found in ${sessionsDir}`);
  }
}

export class InvalidSessionIdError extends Error {
  override readonly name = 'InvalidSessionIdError';
  constructor(readonly sessionId: string) {
    super(`Invalid session id ${JSON.stringify(sessionId)}: expected letters, digits, "-" or "_" only (like session-1732262400000-1a2b3c4d); path separators and ".." are not allowed`);
  }
}

/** The sessions directory cannot be used: not a directory, or not readable/writable. */
export class SessionsDirError extends Error {
  override readonly name = 'SessionsDirError';
  constructor(
    readonly sessionsDir: string,
    problem: string,
  ) {
    super(`Sessions directory ${sessionsDir} ${problem}`);
  }
}
