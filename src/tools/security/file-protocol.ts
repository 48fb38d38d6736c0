import { errnoError, FileRefusal, FileTooLarge, NotRegularFile, type RefusalDetails } from './file-refusal';

/**
 * What passes between SandboxedFiles and its helper (file-server.ts): one JSON object per line each way,
 * `{id, ...request}` and `{id, ok}` or `{id, error}`; file contents travel as base64. Kept free of zod:
 * the helper loads only what it runs (the client parses every answer with zod, see sandboxed-files.ts).
 * The helper's side (serving a request, sending an error) is in file-server.ts.
 */
export type FileRequest =
  | { op: 'openRead'; path: string }
  | { op: 'openEdit'; path: string; maxBytes: number }
  | { op: 'read'; handle: number; position: number; length: number }
  | { op: 'countLines'; handle: number; position: number; stopAfter: number; maxBytes: number }
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
