import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/** Where the source documents live when nobody says otherwise: beside the repository. */
export const DEFAULT_SPECS_DIR = '../shared/specs';

export type SpecsLocation = { dir: string } | { error: string };

/**
 * The source documents' directory: `SYNAPSE_SPECS_DIR` when set (it must exist), else `../shared/specs`
 * from the repository root. Neither is an error, so a check can never pass without checking.
 */
export function locateSpecs(env: NodeJS.ProcessEnv, root: string): SpecsLocation {
  const configured = env.SYNAPSE_SPECS_DIR;
  if (configured) {
    const dir = resolve(root, configured);
    return isDirectory(dir) ? { dir } : { error: `SYNAPSE_SPECS_DIR=${configured} is not a directory` };
  }
  const dir = resolve(root, DEFAULT_SPECS_DIR);
  if (isDirectory(dir)) return { dir };
  return { error: `no source documents: ${dir} does not exist and SYNAPSE_SPECS_DIR is not set` };
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}
