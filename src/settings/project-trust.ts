import { randomBytes } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { z } from 'zod';

/**
 * Whether the files of a project (its working directory) may make us run programs: MCP servers from
 * `<project>/mcp_servers.json` or `<project>/.mcp.json`. A model writes files in the workspace, so a file
 * found there is the model's word until the user trusts the project: `--trust-project` / the
 * `trustProject` option for one run, or a yes on a terminal, recorded by real path in the trust store.
 */
export interface ProjectTrustOptions {
  /** Decided by the caller for this run: true or false. Unset: the trust store decides (then `ask`). */
  trusted?: boolean;
  /** Default: the user's home directory. */
  home?: string;
  /** Default: `<home>/.synapse/trusted-projects.json`. */
  store?: string;
  /** Asked when neither `trusted` nor the store decides (a terminal); a yes is recorded in the store. */
  ask?: (request: ProjectTrustRequest) => Promise<boolean>;
}

/** What a project would make us run, shown to whoever is asked to trust it. */
export interface ProjectTrustRequest {
  project: string;
  /** One line per program: `<file>: <name>: <command line or URL>`. */
  programs: string[];
}

/** The answer for one project, with a line to show when it is not trusted or the store could not be read. */
export interface ProjectTrustDecision {
  trusted: boolean;
  by: 'option' | 'store' | 'answer' | 'default';
  problems: string[];
}

const STORE_VERSION = 1;

const storeSchema = z.object({
  version: z.literal(STORE_VERSION),
  projects: z.record(z.string(), z.object({ trustedAt: z.string() })),
});

type TrustStore = z.infer<typeof storeSchema>;

/** `<home>/.synapse/trusted-projects.json`. */
export function trustedProjectsFile(home: string = homedir()): string {
  return join(home, '.synapse', 'trusted-projects.json');
}

/**
 * The trust of one project. Real paths throughout: a symlink to a project is that project, and a file
 * is project configuration when its directory's real path lies in the project's.
 */
export class ProjectTrust {
  private readonly store: string;
  private realProject?: string;
  private decision?: Promise<ProjectTrustDecision>;

  constructor(
    readonly project: string,
    private readonly options: ProjectTrustOptions = {},
  ) {
    this.store = options.store ?? trustedProjectsFile(options.home);
  }

  /** Whether `file` (a path looked at by name) sits in the project: the model could have written it. */
  async contains(file: string): Promise<boolean> {
    return this.containsNow(file);
  }

  /**
   * The answer without asking: the option, else the store (read synchronously, for the settings files,
   * which are resolved before anything runs). A yes given on a terminal later in the run is not seen here.
   */
  isTrustedNow(): boolean {
    if (this.options.trusted !== undefined) return this.options.trusted;
    if (this.containsNow(this.store)) return false;
    return Boolean(readStore(this.store).store.projects[this.projectPath()]);
  }

  private containsNow(file: string): boolean {
    return isInside(realDirectoryPath(resolve(file)), this.projectPath());
  }

  /**
   * Trusted or not, decided once: the option, else the store, else the answer to `ask` (a yes is
   * recorded). A store inside the project is the model's to write, so it is not consulted there.
   */
  decide(request: () => Promise<ProjectTrustRequest>): Promise<ProjectTrustDecision> {
    this.decision ??= this.decideOnce(request);
    return this.decision;
  }

  private async decideOnce(request: () => Promise<ProjectTrustRequest>): Promise<ProjectTrustDecision> {
    if (this.options.trusted !== undefined) return { trusted: this.options.trusted, by: 'option', problems: [] };
    const project = this.projectPath();
    if (this.containsNow(this.store)) {
      return { trusted: false, by: 'default', problems: [`the trust store ${this.store} is inside the project ${project}, which may have written it: not consulted`] };
    }
    const { store, problem } = readStore(this.store);
    if (store.projects[project]) return { trusted: true, by: 'store', problems: [] };
    if (!this.options.ask || !(await this.options.ask(await request()))) return { trusted: false, by: 'default', problems: problem ? [problem] : [] };
    return { trusted: true, by: 'answer', problems: await this.remember() };
  }

  /**
   * Records the project as trusted in the store (what a yes on a terminal does). A store that cannot be
   * read is kept aside (`<store>.corrupt-<time>`), never overwritten. Returns what went wrong, one line each.
   */
  async remember(): Promise<string[]> {
    const project = this.projectPath();
    const { store, problem } = readStore(this.store);
    const problems: string[] = [];
    try {
      if (problem) {
        const aside = `${this.store}.corrupt-${Date.now()}`;
        await rename(this.store, aside);
        problems.push(`${problem}; kept as ${aside}`);
      }
      store.projects[project] = { trustedAt: new Date().toISOString() };
      await writeStore(this.store, store);
    } catch (error) {
      problems.push(`cannot record the trust in ${this.store} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): trusted for this run only`);
    }
    return problems;
  }

  private projectPath(): string {
    this.realProject ??= realPath(resolve(this.project));
    return this.realProject;
  }
}

/** The store's projects (a small file, read at once); an unreadable or invalid store trusts nothing and says why. */
function readStore(file: string): { store: TrustStore; problem?: string } {
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
async function writeStore(file: string, store: TrustStore): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(store, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * A file's path with its directory made real: the file itself is judged where it is looked up, never where
 * a link in the project points (a link to a file elsewhere is still the project's word).
 */
function realDirectoryPath(file: string): string {
  return join(realPath(dirname(file)), basename(file));
}

/** `path` with its deepest existing part replaced by its real path (the rest may not exist yet). */
function realPath(path: string): string {
  const missing: string[] = [];
  for (let at = path; ; missing.unshift(basename(at)), at = dirname(at)) {
    const real = realOrUndefined(at);
    if (real !== undefined) return join(real, ...missing);
    if (at === dirname(at)) return path;
  }
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (rel !== '..' && !rel.startsWith('../') && !isAbsolute(rel));
}
