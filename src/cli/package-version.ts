import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The package's version, read from package.json next to src/ or dist/ (cheaper than importing JSON). */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}
