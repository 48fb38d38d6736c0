import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../session/atomic-write';
import type { McpServerConfig } from './mcp-config';

const cacheSchema = z.object({
  version: z.literal(1),
  servers: z.record(z.string(), z.object({ key: z.string(), tools: z.array(z.string()), updatedAt: z.string() })),
});

type CacheFile = z.infer<typeof cacheSchema>;

/**
 * The tool names each server had when it last started, so the system prompt can list them without
 * starting anything. Keyed by the server's configuration: change the config and the entry no longer counts.
 * It is only a cache: an unreadable file counts as empty and the next write replaces it.
 */
export class McpToolsCache {
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  /** The remembered tool names of a server with exactly this configuration. */
  async toolsOf(server: McpServerConfig): Promise<string[] | undefined> {
    const entry = (await this.read()).servers[server.name];
    return entry?.key === configKey(server) ? entry.tools : undefined;
  }

  /** Remembers a server's tools (writes are serialized and atomic; a failure to write is ignored). */
  remember(server: McpServerConfig, tools: string[]): Promise<void> {
    this.writes = this.writes.then(async () => {
      try {
        const cache = await this.read();
        cache.servers[server.name] = { key: configKey(server), tools, updatedAt: new Date().toISOString() };
        await mkdir(dirname(this.path), { recursive: true });
        await writeFileAtomic(this.path, `${JSON.stringify(cache, null, 2)}\n`);
      } catch {
        // A cache that cannot be written costs a "run mcp:list" hint next time, nothing more.
      }
    });
    return this.writes;
  }

  /** Resolves once every write asked for so far is done (or has failed). */
  flush(): Promise<void> {
    return this.writes;
  }

  private async read(): Promise<CacheFile> {
    try {
      return cacheSchema.parse(JSON.parse(await readFile(this.path, 'utf8')));
    } catch {
      return { version: 1, servers: {} };
    }
  }
}

function configKey({ server }: McpServerConfig): string {
  return createHash('sha256').update(JSON.stringify(server)).digest('hex').slice(0, 16);
}
