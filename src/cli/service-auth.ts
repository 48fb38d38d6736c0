import { isLoopbackHost } from '../service/loopback';
import { checkServiceToken, loadOrCreateServiceToken, ServiceTokenError } from '../service/service-token';
import { quoteShellArg } from '../tools/shell-quote';
import { CliError } from './exit-codes';
import { registerSecret } from './error-report';
import type { ServeArgs } from './serve-command';

/** How `synapse serve` authenticates, and what it tells the person once it listens on `url`. */
export interface ServeAuth {
  token: string | false;
  /** Words for the "listening" line. */
  summary: string;
  /** Lines for stderr once the URL is known: the new token and how to send it, or where it is. */
  announce(url: string): string[];
}

/**
 * The token from --token, $SYNAPSE_SERVICE_TOKEN, or ~/.synapse/service-token (generated on the first
 * start); none only for --no-auth on a loopback --host. The variable is removed from this process's
 * environment once read, so nothing it starts inherits it.
 */
export function resolveServeAuth(args: Pick<ServeArgs, 'auth' | 'token' | 'host'>): ServeAuth {
  const fromEnv = process.env.SYNAPSE_SERVICE_TOKEN || undefined;
  delete process.env.SYNAPSE_SERVICE_TOKEN;
  if (!args.auth) return noAuth(args.host, args.token !== undefined || fromEnv !== undefined);
  const given = args.token !== undefined ? asCliError(() => checkServiceToken(args.token!, '--token')) : fromEnv && asCliError(() => checkServiceToken(fromEnv, 'SYNAPSE_SERVICE_TOKEN'));
  if (given) {
    registerSecret(given);
    return { token: given, summary: 'bearer token required', announce: () => [] };
  }
  const stored = asCliError(() => loadOrCreateServiceToken());
  registerSecret(stored.token);
  const example = (token: string, url: string) => `curl -H "Authorization: Bearer ${token}" ${url}/v1/operations`;
  return {
    token: stored.token,
    summary: 'bearer token required',
    announce: (url) =>
      stored.created
        ? [`synapse serve: a new bearer token, saved to ${stored.file} (mode 0600, used again on the next start):`, `  ${stored.token}`, `Send it with every request: ${example(stored.token, url)}`]
        : [`synapse serve: requests need the bearer token in ${stored.file}: ${example(`$(cat ${quoteShellArg(stored.file)})`, url)}`],
  };
}

function noAuth(host: string, tokenGiven: boolean): ServeAuth {
  if (tokenGiven) throw new CliError('--no-auth and a token (--token or SYNAPSE_SERVICE_TOKEN) contradict each other: give one of them');
  if (!isLoopbackHost(host)) throw new CliError(`--no-auth needs --host 127.0.0.1 (or another loopback address): without a token, anyone who can reach ${host} could run the service's tools`);
  return {
    token: false,
    summary: 'no token: connections from this machine only',
    announce: () => [`warning: --no-auth: any program or user on this machine can run the service's tools without a token (web pages are still refused by the Host and Origin checks)`],
  };
}

function asCliError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ServiceTokenError) throw new CliError(error.message);
    throw error;
  }
}
