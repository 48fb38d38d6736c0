import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether a host (as given to --host, or a socket's address) only ever reaches this machine: `localhost`,
 * 127.0.0.0/8, ::1, and IPv4 loopback addresses written as IPv6 (`::ffff:127.0.0.1`, how a dual-stack
 * socket reports them).
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  const family = isIP(bare);
  if (family === 4) return LOOPBACK.check(bare, 'ipv4');
  return family === 6 && LOOPBACK.check(bare, 'ipv6');
}
