import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool result as text for the model: text content joined, structured content as JSON (said once: a text
 * block that serializes it, as the protocol asks servers to add, is shown as that JSON; one that already
 * says everything in it is enough), and images, audio and resources summarised (type, size, uri), never raw.
 * Long text is bounded once, by the router, like every command's output (bounding it here too made the
 * router's note count only its own cut).
 */
export function formatToolResult(result: CallToolResult): string {
  const structured = result.structuredContent === undefined ? undefined : summariseMedia(result.structuredContent);
  const json = structured === undefined ? undefined : JSON.stringify(structured, null, 2);
  let structuredShown = false;
  const parts: string[] = [];
  for (const block of result.content) {
    if (block.type === 'text' && json !== undefined && sameJson(block.text, result.structuredContent)) {
      parts.push(json);
      structuredShown = true;
    } else {
      parts.push(block.type === 'text' ? block.text : describeContentBlock(block));
    }
  }
  if (json !== undefined && !structuredShown && !saysEverything(parts.join('\n'), structured)) parts.push(json);
  return parts.join('\n');
}

type ContentBlock = CallToolResult['content'][number];

/** A block other than text, in one line: `[image image/png, 3.9 KiB]`, `[resource file:///a.txt, 5 bytes of text]`. */
export function describeContentBlock(block: Exclude<ContentBlock, { type: 'text' }>): string {
  switch (block.type) {
    case 'image':
    case 'audio':
      return describeMedia(asMedia(block)!);
    case 'resource': {
      const { resource } = block;
      if ('blob' in resource) return describeMedia(asMedia(block)!);
      return `[resource ${resource.uri}${resource.mimeType ? ` ${resource.mimeType}` : ''}, ${formatBytes(Buffer.byteLength(resource.text))} of text]`;
    }
    case 'resource_link':
      return `[resource link ${block.uri} (${block.name})${block.mimeType ? ` ${block.mimeType}` : ''}]`;
    // No default: the SDK rejects a result with any other kind of block before it gets here.
  }
}

/** Base64 longer than this, anywhere in structured content, is summarised rather than shown. */
const LONG_BASE64 = 256;

/**
 * Structured content with its media summarised: an object carrying base64 `data` or `blob` with a MIME type
 * (an image block, an embedded file) becomes the one-line summary the same block gets in content, and any
 * other long base64 text becomes `[base64, N KiB]`. The model never gets the bytes.
 */
export function summariseMedia(value: unknown): unknown {
  if (typeof value === 'string') return value.length > LONG_BASE64 && /^[A-Za-z0-9+/\s]+={0,2}$/.test(value) ? `[base64, ${formatBytes(base64Bytes(value))}]` : value;
  if (Array.isArray(value)) return value.map(summariseMedia);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const media = mediaBlock(record);
  if (media) return media;
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, summariseMedia(item)]));
}

/** Bytes a result carries: an image, an audio clip, or an embedded resource's blob (base64). */
export interface Media {
  type: 'image' | 'audio' | 'resource';
  mimeType?: string;
  /** Base64. */
  data: string;
  uri?: string;
}

/** The media an object of a result is, if it is one: `{type: "image", data, mimeType}`, `{type: "resource", resource: {blob}}`. */
export function asMedia(record: Record<string, unknown>): Media | undefined {
  const mimeType = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if ((record.type === 'image' || record.type === 'audio') && typeof record.data === 'string') return { type: record.type, mimeType: mimeType(record.mimeType), data: record.data };
  if (record.type === 'resource' && record.resource && typeof record.resource === 'object') {
    const resource = record.resource as Record<string, unknown>;
    if (typeof resource.blob === 'string') return { type: 'resource', mimeType: mimeType(resource.mimeType), data: resource.blob, uri: String(resource.uri) };
  }
  return undefined;
}

/** `[image image/png, 3.9 KiB]`, `[resource file:///a.bin application/zip, 2.0 KiB]`. */
export function describeMedia(media: Media): string {
  const size = formatBytes(base64Bytes(media.data));
  if (media.type === 'resource') return `[resource ${media.uri}${media.mimeType ? ` ${media.mimeType}` : ''}, ${size}]`;
  return `[${media.type} ${media.mimeType ?? 'unknown type'}, ${size}]`;
}

function mediaBlock(record: Record<string, unknown>): string | undefined {
  const media = asMedia(record);
  return media && describeMedia(media);
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/** Whether every value in `value` already appears in `text` (a server that put the same thing in words). */
function saysEverything(text: string, value: unknown): boolean {
  if (value === null || typeof value !== 'object') return text.includes(String(value));
  return Object.values(value as Record<string, unknown>).every((item) => saysEverything(text, item));
}

export function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '');
  return Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
