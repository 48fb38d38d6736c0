import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool result as text for the model: text content joined, structured content as JSON (said once: a text
 * block that serializes it, as the protocol asks servers to add, is shown as that JSON; one that already
 * says everything in it is enough), and images, audio and resources summarised (type, size, uri), never raw.
 * Long text is bounded once, by the router, like every command's output (bounding it here too made the
 * router's note count only its own cut).
 */
export function formatToolResult(result: CallToolResult): string {
  const structured = result.structuredContent;
  const json = structured === undefined ? undefined : JSON.stringify(structured, null, 2);
  let structuredShown = false;
  const parts: string[] = [];
  for (const block of result.content) {
    switch (block.type) {
      case 'text':
        if (json !== undefined && sameJson(block.text, structured)) {
          parts.push(json);
          structuredShown = true;
        } else {
          parts.push(block.text);
        }
        break;
      case 'image':
      case 'audio':
        parts.push(`[${block.type} ${block.mimeType}, ${formatBytes(base64Bytes(block.data))}]`);
        break;
      case 'resource': {
        const { resource } = block;
        const size = 'text' in resource ? `${formatBytes(Buffer.byteLength(resource.text))} of text` : `${formatBytes(base64Bytes(resource.blob))}`;
        parts.push(`[resource ${resource.uri}${resource.mimeType ? ` ${resource.mimeType}` : ''}, ${size}]`);
        break;
      }
      case 'resource_link':
        parts.push(`[resource link ${block.uri} (${block.name})${block.mimeType ? ` ${block.mimeType}` : ''}]`);
        break;
      // No default: the SDK rejects a result with any other kind of block before it gets here.
    }
  }
  if (json !== undefined && !structuredShown && !saysEverything(parts.join('\n'), structured)) parts.push(json);
  return parts.join('\n');
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

function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '');
  return Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
