import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/** Where the source documents live when nobody says otherwise: beside the repository. */
export const DEFAULT_SPECS_DIR = '../shared/specs';
/** Where documents handed over but not yet transcribed wait: beside the first folder. */
export const DEFAULT_NEXT_SPECS_DIR = '../shared/specs-next';

/**
 * A folder of source documents. In a `handedOver` folder a document without a transcription is pending,
 * not a failure (so CI stays green while the documents land one by one); once transcribed it is checked
 * exactly like the others.
 */
export interface SpecsFolder {
  dir: string;
  handedOver: boolean;
}

export type SpecsLocation = { folders: SpecsFolder[] } | { error: string };

/**
 * The source documents' folders: `SYNAPSE_SPECS_DIR` when set (it must exist), else `../shared/specs` from
 * the repository root; a missing one is an error, so a check can never pass without checking. Then the
 * handed-over folder: `SYNAPSE_SPECS_NEXT_DIR` when set (it must exist; `none` for no such folder), else
 * `../shared/specs-next` when it exists.
 */
export function locateSpecs(env: NodeJS.ProcessEnv, root: string): SpecsLocation {
  const main = locateMain(env, root);
  if ('error' in main) return main;
  const next = locateNext(env, root);
  if (typeof next === 'object' && 'error' in next) return next;
  return { folders: [{ dir: main.dir, handedOver: false }, ...(next ? [{ dir: next, handedOver: true }] : [])] };
}

function locateMain(env: NodeJS.ProcessEnv, root: string): { dir: string } | { error: string } {
  const configured = env.SYNAPSE_SPECS_DIR;
  if (configured) {
    const dir = resolve(root, configured);
    return isDirectory(dir) ? { dir } : { error: `SYNAPSE_SPECS_DIR=${configured} is not a directory` };
  }
  const dir = resolve(root, DEFAULT_SPECS_DIR);
  if (isDirectory(dir)) return { dir };
  return { error: `no source documents: ${dir} does not exist and SYNAPSE_SPECS_DIR is not set` };
}

function locateNext(env: NodeJS.ProcessEnv, root: string): string | undefined | { error: string } {
  const configured = env.SYNAPSE_SPECS_NEXT_DIR;
  if (configured === 'none') return undefined;
  if (configured) {
    const dir = resolve(root, configured);
    return isDirectory(dir) ? dir : { error: `SYNAPSE_SPECS_NEXT_DIR=${configured} is not a directory` };
  }
  // Only the default pairs with the default: a custom SYNAPSE_SPECS_DIR does not pick up ../shared/specs-next.
  if (env.SYNAPSE_SPECS_DIR) return undefined;
  const dir = resolve(root, DEFAULT_NEXT_SPECS_DIR);
  return isDirectory(dir) ? dir : undefined;
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}
