import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PathAccess } from '../security/path-access';

/** A write the sandbox does not allow; fileErrorResult says it as a permission failure. */
export class WriteRefusal extends Error {
  override readonly name = 'WriteRefusal';
}

/**
 * Creates or overwrites a file the way `write` does, under the sandbox's file rules (PathAccess: in
 * workspace-write, only inside the workspace, judged by where the path really points), parent directories
 * created. Used by `write` and by `mcp:* --save`. Throws WriteRefusal or the file system's error.
 */
export async function writeWorkspaceFile(paths: PathAccess, path: string, content: string | Buffer): Promise<void> {
  const refused = paths.refuseWrite(path);
  if (refused) throw new WriteRefusal(refused);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}
