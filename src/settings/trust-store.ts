import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';

const STORE_VERSION = 1;

const storeSchema = z.object({
  version: z.literal(STORE_VERSION),
  // The fingerprints of what the project would make us run when it was trusted (see fingerprint): `programs`,
  // its MCP servers; `settings`, per settings file (relative to the project) and key (`hooks`, `env`).
  // A record without any (written by hand, or by `remember()` with no programs) trusts the project whatever it holds.
  projects: z.record(z.string(), z.object({ trustedAt: z.string(), programs: z.string().optional(), settings: z.record(z.string(), z.record(z.string(), z.string())).optional() })),
});

export type TrustStore = z.infer<typeof storeSchema>;
export type TrustRecord = TrustStore['projects'][string];

/** Whether a record trusts what the project runs only as it was (it holds a fingerprint), not whatever it holds. */
export function isPinned(record: TrustRecord): boolean {
  return record.programs !== undefined || record.settings !== undefined;
}

/** `<home>/.synapse/trusted-projects.json`. */
export function trustedProjectsFile(home: string = homedir()): string {
  return join(home, '.synapse', 'trusted-projects.json');
}

/** What a project runs, as one value: the SHA-256 of its program lines (`<file>: <name>: <command or URL>`), in any order. */
export function fingerprint(programs: readonly string[]): string {
  return `sha256:${createHash('sha256')
    .update([...programs].sort().join('\n'))
    .digest('hex')}`;
}

/** The store's projects (a small file, read at once); an unreadable or invalid store trusts nothing and says why. */
export function readStore(file: string): { store: TrustStore; problem?: string } {
  const empty = (): TrustStore => ({ version: STORE_VERSION, projects: {} });
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { store: empty() } : { store: empty(), problem: `cannot read the trust store ${file} (${code})` };
  }
  let parsed: ReturnType<typeof storeSchema.safeParse>;
  try {
    parsed = storeSchema.safeParse(JSON.parse(text));
  } catch (error) {
    return { store: empty(), problem: `the trust store ${file} is not valid JSON (${(error as Error).message}); no project is trusted by it` };
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String).join('.') || '(top level)';
    return { store: empty(), problem: `the trust store ${file}: ${path}: ${issue.message} (expected {"version": 1, "projects": {"<real path>": {"trustedAt": "..."}}}); no project is trusted by it` };
  }
  return { store: parsed.data };
}

/** Written beside itself and renamed over: a reader sees the old store or the new, never half of one. */
export async function writeStore(file: string, store: TrustStore): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(store, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}
