/** Errors a session store throws; each names what it was looking at, so the message alone is actionable. */

export class SessionNotFoundError extends Error {
  override readonly name = 'SessionNotFoundError';
  constructor(
    readonly sessionId: string,
    readonly sessionsDir: string,
    /** Why, when it is more than a missing id (`latest` found nothing). */
    reason?: string,
  ) {
    super(reason ? `Session "${sessionId}" not found in ${sessionsDir}: ${reason}` : `Session "${sessionId}" not found in ${sessionsDir}`);
  }
}

/** A prefix that more than one session id starts (or ends) with. */
export class AmbiguousSessionError extends Error {
  override readonly name = 'AmbiguousSessionError';
  constructor(
    readonly ref: string,
    readonly candidates: readonly string[],
  ) {
    const shown = candidates.slice(0, 5).join(', ') + (candidates.length > 5 ? `, and ${candidates.length - 5} more` : '');
    super(`"${ref}" matches ${candidates.length} sessions (${shown}): type more of the id`);
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
