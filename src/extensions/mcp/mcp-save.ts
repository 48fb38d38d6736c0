import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { UsageError } from '../../tools/agent-commands/agent-command';
import type { JsonSchema } from './json-schema';
import { asMedia, describeMedia, type Media } from './mcp-result';

/**
 * `--save <dir>` among a tool call's words (also `--save=<dir>`): where the bytes of the result's images
 * and audio go. A tool with a parameter of its own named `save` keeps the flag.
 */
export function takeSaveOption(args: string[], schema: JsonSchema): { dir?: string; rest: string[] } {
  if (schema.properties && Object.hasOwn(schema.properties, 'save')) return { rest: args };
  const at = args.findIndex((word) => word === '--save' || word.startsWith('--save='));
  if (at < 0) return { rest: args };
  const inline = args[at]!.startsWith('--save=') ? args[at]!.slice('--save='.length) : undefined;
  const dir = inline ?? args[at + 1];
  if (!dir || (inline === undefined && dir.startsWith('--'))) throw new UsageError('--save needs a directory: --save <dir>');
  return { dir, rest: [...args.slice(0, at), ...args.slice(at + (inline === undefined ? 2 : 1))] };
}

/** Every image, audio clip and blob of a result, in content and anywhere in structured content, each once. */
export function mediaOf(result: CallToolResult): Media[] {
  const found = new Map<string, Media>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const media = asMedia(value as Record<string, unknown>);
    if (media) found.set(media.data, media);
    else Object.values(value).forEach(visit);
  };
  visit(result.content);
  visit(result.structuredContent);
  return [...found.values()];
}

/**
 * Writes each media's bytes to a new file in `dir` (relative to the shell's directory) through `writeFile`
 * (the `write` command's rules), named after the tool and the media type (`get-tiny-image-1.png`); a name
 * already taken is never overwritten. Returns a line per file for the result: what was saved, and where.
 */
export async function saveMedia(media: Media[], options: { dir: string; cwd: string; tool: string; writeFile(path: string, content: Buffer): Promise<void> }): Promise<string[]> {
  const dir = resolve(options.cwd, options.dir);
  const base = safeName(options.tool);
  const lines: string[] = [];
  let n = 0;
  for (const item of media) {
    let name: string;
    do name = `${base}-${++n}.${extensionOf(item.mimeType)}`;
    while (existsSync(join(dir, name)));
    await options.writeFile(join(dir, name), Buffer.from(item.data, 'base64'));
    lines.push(`saved ${describeMedia(item)} to ${join(options.dir, name)}`);
  }
  return lines;
}

/** A tool name (the server's choice) as a file name: no separators, no leading dot, not too long. */
function safeName(tool: string): string {
  return (
    tool
      .replace(/[^\w.-]/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 64) || 'media'
  );
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'audio/mpeg': 'mp3',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'text/plain': 'txt',
};

/** The usual file extension of a MIME type (`image/png` -> png); `bin` when it cannot be told. */
function extensionOf(mimeType: string | undefined): string {
  const type = (mimeType ?? '').toLowerCase().split(';')[0]!.trim();
  const subtype = type.split('/')[1] ?? '';
  return EXTENSIONS[type] ?? (/^[a-z0-9]{1,8}$/.test(subtype) ? subtype : 'bin');
}
