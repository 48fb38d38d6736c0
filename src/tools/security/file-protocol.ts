import { errnoError, FileRefusal, FileTooLarge, NotRegularFile, type RefusalDetails } from './file-refusal';
import type { FilePort } from './file-port';

/**
 * What passes between SandboxedFiles and its helper (file-server.ts): one JSON object per line each way,
 * `{id, ...request}` and `{id, ok}` or `{id, error}`; file contents travel as base64. Kept free of zod:
 * the helper loads only what it runs (the client parses every answer with zod, see sandboxed-files.ts).
 */
export type FileRequest =
  | { op: 'openRead'; path: string }
  | { op: 'openEdit'; path: string; maxBytes: number }
  | { op: 'read'; handle: number; position: number; length: number }
  | { op: 'replace'; handle: number; content: string }
  | { op: 'close'; handle: number }
  | { op: 'write'; path: string; content: string }
  | { op: 'list'; path: string }
  | { op: 'readFile'; path: string; maxBytes: number };

export type SerializedError =
  | { kind: 'refusal'; details: RefusalDetails }
  | { kind: 'not-regular'; what: string }
  | { kind: 'too-large'; size: number }
  | { kind: 'errno'; code?: string; message: string };

/** Carries out one request on `files`; the answer is what JSON can hold. */
export async function serveFileRequest(files: FilePort, request: FileRequest): Promise<unknown> {
  switch (request.op) {
    case 'openRead':
      return files.openRead(request.path);
    case 'openEdit': {
      const { handle, content } = await files.openEdit(request.path, request.maxBytes);
      return { handle, content: content.toString('base64') };
    }
    case 'read':
      return (await files.read(request.handle, request.position, request.length)).toString('base64');
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

export function serializeError(error: unknown): SerializedError {
  if (error instanceof FileRefusal) return { kind: 'refusal', details: error.details };
  if (error instanceof NotRegularFile) return { kind: 'not-regular', what: error.kind };
  if (error instanceof FileTooLarge) return { kind: 'too-large', size: error.size };
  return { kind: 'errno', code: (error as NodeJS.ErrnoException)?.code, message: error instanceof Error ? error.message : String(error) };
}

export function deserializeError(error: SerializedError): Error {
  switch (error.kind) {
    case 'refusal':
      return new FileRefusal(error.details);
    case 'not-regular':
      return new NotRegularFile(error.what);
    case 'too-large':
      return new FileTooLarge(error.size);
    case 'errno':
      return error.code ? errnoError(error.code, error.message) : new Error(error.message);
  }
}
