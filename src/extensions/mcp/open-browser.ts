import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Opens `url` in the person's browser when there is one to open: on Linux a display (`DISPLAY` or
 * `WAYLAND_DISPLAY`) and `xdg-open` on the PATH, on macOS `open`. Returns whether it tried; a headless
 * machine gets false, and the caller prints the URL for a browser elsewhere. The opener is started
 * without a shell (the URL is one argument) and not waited for.
 */
export function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const opener = process.platform === 'darwin' ? 'open' : 'xdg-open';
  if (process.platform !== 'darwin' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return false;
  const program = onPath(opener, env.PATH ?? '');
  if (!program) return false;
  const child = spawn(program, [url], { stdio: 'ignore', env });
  child.on('error', () => undefined); // the URL is printed as well: a failed opener costs nothing
  child.unref();
  return true;
}

function onPath(name: string, path: string): string | undefined {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
