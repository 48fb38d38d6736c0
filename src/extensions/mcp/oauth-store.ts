import { chmod, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../session/atomic-write';

/**
 * What `synapse mcp login` keeps of one server: the URL it logged in to, the client registration (dynamic
 * client registration's answer), the tokens, and the discovery state (where the authorization server is).
 * Fields the SDK adds (`issuer`, which binds tokens and client to one authorization server) are kept as
 * they are: the schema checks what we rely on and lets the rest through.
 */
const recordSchema = z.object({
  version: z.literal(1),
  url: z.string(),
  client: z.looseObject({ client_id: z.string() }).optional(),
  tokens: z.looseObject({ access_token: z.string(), token_type: z.string() }).optional(),
  discovery: z.looseObject({ authorizationServerUrl: z.string() }).optional(),
  savedAt: z.string(),
});

export type OAuthRecord = z.infer<typeof recordSchema>;

/** A saved login that cannot be read: moved aside (never deleted), and said with where it went. */
export class OAuthStoreError extends Error {
  override readonly name = 'OAuthStoreError';
}

/** Credentials: only their owner may read them (the directory too). */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/**
 * The saved OAuth logins of MCP servers, one file per server (`<dir>/<server>.json`, mode 0600, written
 * atomically). A login belongs to the URL it was made for: a server whose configured URL changed is not
 * logged in, so its tokens are never sent anywhere else.
 */
export class OAuthStore {
  constructor(readonly dir: string) {}

  pathOf(server: string): string {
    // Server names are letters, digits, '_', '.' and '-' (mcp-config): no separator, so no way out of dir.
    return join(this.dir, `${server}.json`);
  }

  /** The saved login of `server` for `url`; undefined when there is none (or it was made for another URL). */
  async read(server: string, url: string): Promise<OAuthRecord | undefined> {
    const path = this.pathOf(server);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new OAuthStoreError(`cannot read its saved login ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    const parsed = parseRecord(text);
    if (!parsed.success) {
      const aside = `${path}.bad-${Date.now()}`;
      await rename(path, aside).catch(() => undefined);
      throw new OAuthStoreError(`its saved login ${path} is not valid (${parsed.problem}); it was moved to ${aside}`);
    }
    return parsed.record.url === url ? parsed.record : undefined;
  }

  async write(server: string, record: Omit<OAuthRecord, 'version' | 'savedAt'>): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: DIR_MODE });
    await chmod(this.dir, DIR_MODE);
    const full: OAuthRecord = { version: 1, ...record, savedAt: new Date().toISOString() };
    await writeFileAtomic(this.pathOf(server), `${JSON.stringify(full, null, 2)}\n`, FILE_MODE);
  }

  /** Forgets a server's login; false when there was none. */
  async remove(server: string): Promise<boolean> {
    try {
      await rm(this.pathOf(server));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}

function parseRecord(text: string): { success: true; record: OAuthRecord } | { success: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { success: false, problem: `not JSON: ${(error as Error).message}` };
  }
  const result = recordSchema.safeParse(json);
  if (result.success) return { success: true, record: result.data };
  const issue = result.error.issues[0]!;
  return { success: false, problem: `${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}` };
}
