import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { isLoopbackHost } from './loopback';
import { ServiceError } from './service-error';

/** Who may reach the API besides a plain client on this machine or the address it listens on. */
export interface BrowserBoundaryOptions {
  /** Browser origins (`http://localhost:3000`) whose pages may call the API: CORS consent. Default none. */
  allowedOrigins?: readonly string[];
  /** Host names the API answers to besides localhost and the address a request arrived on (a proxy's name). */
  allowedHosts?: readonly string[];
}

/** What a preflight from an allowed origin is told the API takes. */
const PREFLIGHT_HEADERS: OutgoingHttpHeaders = {
  'access-control-allow-methods': 'GET, POST',
  'access-control-allow-headers': 'authorization, content-type, last-event-id',
  'access-control-max-age': '600',
};

/**
 * The checks that keep a web page out, run before anything else: the Host must name this service (a
 * page on a DNS-rebound name sends its own: 421), and a request a page of another origin made (its
 * `Origin`, or `Sec-Fetch-Site` when a browser sends no Origin) is refused (403) unless that origin was
 * allowed. Returns the CORS headers an allowed origin's answers carry.
 */
export function checkBrowserBoundary(request: IncomingMessage, options: BrowserBoundaryOptions): OutgoingHttpHeaders {
  checkHost(request, options.allowedHosts ?? []);
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (!(options.allowedOrigins ?? []).includes(origin)) {
      throw new ServiceError(403, `Origin ${origin} is not allowed: the service answers web pages only from origins given with --allow-origin`);
    }
    return { 'access-control-allow-origin': origin, vary: 'Origin' };
  }
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw new ServiceError(403, `a web page of another site made this request (Sec-Fetch-Site: ${site}): refused`);
  return {};
}

/** A browser's preflight from an allowed origin: what it may send (the origin was checked already). */
export function preflightHeaders(): OutgoingHttpHeaders {
  return PREFLIGHT_HEADERS;
}

function checkHost(request: IncomingMessage, allowedHosts: readonly string[]): void {
  const host = request.headers.host;
  if (!host) throw new ServiceError(421, 'no Host header: say which host you are asking (HTTP/1.1)');
  const name = hostName(host);
  if (isLoopbackHost(name)) return;
  // The address the connection arrived on (--host 0.0.0.0 reached as 192.168.1.5): an address, not a name to rebind.
  const local = (request.socket.localAddress ?? '').replace(/^::ffff:/, '');
  if (name.replace(/^\[(.*)\]$/, '$1') === local) return;
  if (allowedHosts.some((allowed) => allowed.toLowerCase() === name)) return;
  throw new ServiceError(421, `Host ${name} is not this service's: it answers to localhost and the address it listens on (add a name with --allow-host)`);
}

/** A Host header's name (lower case, without the port); anything but a name or an address is refused. */
function hostName(host: string): string {
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/.exec(host);
  if (!match) throw new ServiceError(421, `Host ${JSON.stringify(host.slice(0, 100))} is not a host name`);
  return match[1]!.toLowerCase();
}

/** An origin as --allow-origin takes it (`http://localhost:3000`): scheme, host and port, nothing else. */
export function parseAllowedOrigin(value: string): string {
  const expected = `--allow-origin ${value}: expected an origin such as http://localhost:3000 (scheme, host and port; no path, no *)`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(expected);
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !value.endsWith('#') && !value.endsWith('?');
  if (!['http:', 'https:'].includes(url.protocol) || !bare) throw new Error(expected);
  return url.origin;
}

/** A host name as --allow-host takes it: letters, digits, dots and dashes, no port. */
export function parseAllowedHost(value: string): string {
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(value)) throw new Error(`--allow-host ${value}: expected a host name such as synapse.internal (no scheme, no port)`);
  return value.toLowerCase();
}
