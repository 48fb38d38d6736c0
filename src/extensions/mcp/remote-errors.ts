/** How a remote server's OAuth login stands, for the wording of a refusal. */
export interface LoginStanding {
  /** A saved login was used (its token sent). */
  loggedIn: boolean;
  /** The server wants an authorization that only `synapse mcp login` can give. */
  loginNeeded: boolean;
}

/**
 * Why a remote server could not be reached, said as what it is: an HTTP status with its meaning (a 401
 * names the login command, and says whether a saved login was refused), an OAuth error of the
 * authorization server, or the network error under "fetch failed" (ECONNREFUSED, ENOTFOUND...).
 */
export function describeRemoteFailure(error: unknown, server: string, url: string, login: LoginStanding = { loggedIn: false, loginNeeded: false }): string | undefined {
  const login401 = (error as { name?: unknown })?.name === 'UnauthorizedError' || httpStatus(error) === 401 || login.loginNeeded;
  if (login401 && login.loggedIn) return `its saved login is no longer accepted (expired or revoked; HTTP 401 Unauthorized): run synapse mcp login ${server}`;
  if (login401) return `it needs you to log in (HTTP 401 Unauthorized): run synapse mcp login ${server}`;
  const oauthCode = (error as { errorCode?: unknown })?.errorCode;
  if (typeof oauthCode === 'string') return `its authorization server refused the saved login (${oauthCode}: ${(error as Error).message}): run synapse mcp login ${server}`;
  const status = httpStatus(error);
  if (status === 403) return `it refused access (HTTP 403 Forbidden) at ${url}: check the credentials in its headers, or run synapse mcp login ${server}`;
  if (status !== undefined) return `it answered HTTP ${status}${STATUS_TEXT[status] ? ` (${STATUS_TEXT[status]})` : ''} at ${url}${status === 404 ? ': check the url' : ''}`;
  const cause = networkCause(error);
  if (cause) return `cannot connect to ${url}: ${cause}`;
  return undefined;
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable' };

/** The HTTP status of an SDK transport error (StreamableHTTPError's code, or SseError's), if any. */
export function httpStatus(error: unknown): number | undefined {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'number' && code >= 400 && code < 600) return code;
  const match = /\b(?:HTTP|status code \()\s*(\d{3})\b/.exec(error instanceof Error ? error.message : '');
  return match ? Number(match[1]) : undefined;
}

/** `ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:1)` from undici's "fetch failed" and its causes. */
function networkCause(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^E[A-Z]+$|^UND_ERR/.test(code)) return `${code}${typeof message === 'string' && message ? ` (${message})` : ''}`;
  }
  return undefined;
}
