import { createInterface } from 'node:readline';
import { type FileRequest, serializeError, serveFileRequest } from './file-protocol';
import { LocalFiles } from './local-files';
import { hiddenBySandbox } from './workspace-paths';

/**
 * The sandboxed file helper's main module: `node file-server.js <workspace>`, started by SandboxedFiles
 * inside bubblewrap with the mounts of the shell's sandbox. It serves FilePort requests with a confined
 * LocalFiles, so its walk refuses what leads out of the workspace, and whatever it opens, the kernel has
 * already limited to what the sandbox mounts: the host's /tmp and /proc are not there to be reached.
 * Requests come from the process that started it, one JSON object per line (see file-protocol.ts).
 */
/* c8 ignore start: this runs only inside the sandbox, where c8 cannot write its coverage (the file work it
   does is LocalFiles', which the scenarios without bubblewrap run in process and cover) */
export function serveFiles(workspace: string): void {
  const files = new LocalFiles({ workspace, confined: true, hidden: (real) => hiddenBySandbox(real, workspace) });
  const answer = (reply: object) => process.stdout.write(`${JSON.stringify(reply)}\n`);
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      const { id, ...request } = JSON.parse(line) as FileRequest & { id: number };
      serveFileRequest(files, request as FileRequest).then(
        (ok) => answer({ id, ok: ok ?? null }),
        (error: unknown) => answer({ id, error: serializeError(error) }),
      );
    })
    .on('close', () => process.exit(0));
}

if (require.main === module) serveFiles(process.argv[2]!);
/* c8 ignore stop */
