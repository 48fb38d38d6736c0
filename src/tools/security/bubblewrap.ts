import { spawnSync } from 'node:child_process';

export interface BubblewrapStatus {
  available: boolean;
  /** The program to run (`bwrap`, or $SYNAPSE_BWRAP). */
  path: string;
  /** Why it cannot be used, when it cannot. */
  reason?: string;
}

const INSTALL_HINT = 'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)';
const probes = new Map<string, BubblewrapStatus>();

/**
 * Whether bubblewrap can build our sandbox here: it must be installed AND work (a container without user
 * namespaces has the binary but cannot use it). Probed once per process and path, with the same
 * namespaces the shells use. `SYNAPSE_BWRAP` names another binary (`SYNAPSE_BWRAP=none`: never use one).
 */
export function bubblewrapStatus(path = process.env.SYNAPSE_BWRAP || 'bwrap'): BubblewrapStatus {
  // Nothing to probe, so nothing to remember: switching SYNAPSE_BWRAP to none takes effect at once.
  if (path === 'none') return { available: false, path, reason: 'bubblewrap is disabled by SYNAPSE_BWRAP=none' };
  const known = probes.get(path);
  if (known) return known;
  const status = probe(path);
  probes.set(path, status);
  return status;
}

function probe(path: string): BubblewrapStatus {
  if (process.platform !== 'linux') return { available: false, path, reason: `bubblewrap needs Linux (this is ${process.platform})` };
  const probeArgs = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-pid', '--unshare-net', '--die-with-parent', '--cap-drop', 'ALL', '--', 'true'];
  const result = spawnSync(path, probeArgs, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000, encoding: 'utf8' });
  const code = (result.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return { available: false, path, reason: `bubblewrap (${path}) is not installed: ${INSTALL_HINT}` };
  if (result.error) return { available: false, path, reason: `bubblewrap (${path}) cannot run: ${result.error.message}` };
  if (result.status !== 0) {
    const why = result.stderr.trim().split('\n')[0] || `exit ${result.status ?? result.signal}`;
    return { available: false, path, reason: `bubblewrap (${path}) cannot create a sandbox here (${why}); it needs unprivileged user namespaces or root` };
  }
  return { available: true, path };
}
