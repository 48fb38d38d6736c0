/* c8 ignore start: this module runs only as the sandboxed helper's main, inside bubblewrap, where c8
   cannot write its coverage; the file work it does is LocalFiles', which the scenarios without bubblewrap
   run in this process and cover; the scenarios under bubblewrap go through it and fail if it is wrong */
import { createInterface } from 'node:readline';
import type { FileRequest, SerializedError } from './file-protocol';
import { FileRefusal, FileTooLarge, NotRegularFile } from './file-refusal';
import type { FilePort } from './file-port';
import { LocalFiles } from './local-files';
import { hiddenFrom } from './workspace-paths';

/**
 * The sandboxed file helper's main module: `node file-server.js <workspace> <kept-readable JSON>`, started by SandboxedFiles
 * inside bubblewrap with the mounts of the shell's sandbox. It serves FilePort requests with a confined
 * LocalFiles, so its walk refuses what leads out of the workspace, and whatever it opens, the kernel has
 * already limited to what the sandbox mounts: the host's /tmp and /proc are not there to be reached.
 * Requests come from the process that started it, one JSON object per line (see file-protocol.ts).
 */
export function serveFiles(workspace: string, keptReadable: readonly string[]): void {
  const files = new LocalFiles({ workspace, confined: true, hidden: (real) => hiddenFrom(real, workspace, keptReadable) });
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

/** Carries out one request on `files`; the answer is what JSON can hold. */
async function serveFileRequest(files: FilePort, request: FileRequest): Promise<unknown> {
  switch (request.op) {
    case 'openRead':
      return files.openRead(request.path);
    case 'openEdit': {
      const { handle, content } = await files.openEdit(request.path, request.maxBytes);
      return { handle, content: content.toString('base64') };
    }
    case 'read':
      return (await files.read(request.handle, request.position, request.length)).toString('base64');
    case 'countLines':
      return files.countLines(request.handle, request.position, request.stopAfter, request.maxBytes);
    case 'replace':
      return files.replace(request.handle, Buffer.from(request.content, 'base64')).then(() => null);
    case 'close':
      return files.close(request.handle).then(() => null);
    case 'write':
      return files.write(request.path, Buffer.from(request.content, 'base64')).then(() => null);
    case 'list':
      return files.list(request.path);
    case 'readFile':
      return (await files.readFile(request.path, request.maxBytes)).toString('base64');
  }
}

function serializeError(error: unknown): SerializedError {
  if (error instanceof FileRefusal) return { kind: 'refusal', details: error.details };
  if (error instanceof NotRegularFile) return { kind: 'not-regular', what: error.kind };
  if (error instanceof FileTooLarge) return { kind: 'too-large', size: error.size };
  return { kind: 'errno', code: (error as NodeJS.ErrnoException)?.code, message: error instanceof Error ? error.message : String(error) };
}

if (require.main === module) serveFiles(process.argv[2]!, JSON.parse(process.argv[3] ?? '[]') as string[]);
/* c8 ignore stop */
