import { rename } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { isInside, realDirectoryPath, realPath } from './real-path';
import type { SettingsPrograms } from './settings-programs';
import { fingerprint, isPinned, readStore, type TrustRecord, trustedProjectsFile, writeStore } from './trust-store';

export { trustedProjectsFile } from './trust-store';

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
    const record = store.projects[project];
    const asked = await request();
    const { programs } = asked;
    if (record && (!isPinned(record) || record.programs === fingerprint(programs))) return { trusted: true, by: 'store', problems: [] };
    // Trusted for other programs: a file changed or appeared since (a model may have written it), so ask again.
    const changed = record ? [`what the project ${project} runs changed since it was trusted (${record.trustedAt}): ${programs.join('; ')}`] : [];
    if (!this.options.ask || !(await this.options.ask(asked))) return { trusted: false, by: 'default', problems: [...(problem ? [problem] : []), ...changed] };
    return { trusted: true, by: 'answer', problems: await this.remember(programs) };
  }

  /**
   * Records the project as trusted in the store (what a yes on a terminal does), for these `programs` only
   * when given (a later change asks again), else whatever it holds. Returns what went wrong, one line each.
   */
  remember(programs?: readonly string[]): Promise<string[]> {
    return this.record((previous) => (programs ? { ...previous, programs: fingerprint(programs) } : {}));
  }

  /**
   * Whether the user trusted this key of a project settings file as it is now: the option, else a record
   * that holds no fingerprint (the whole project), else the one recorded for the file and key. Synchronous:
   * the settings files are resolved before anything runs.
   */
  programsTrustedNow({ file, key, lines }: SettingsPrograms): boolean {
    if (this.options.trusted !== undefined) return this.options.trusted;
    if (this.containsNow(this.store)) return false;
    const record = readStore(this.store).store.projects[this.projectPath()];
    return record !== undefined && (!isPinned(record) || record.settings?.[this.fileKey(file)]?.[key] === fingerprint(lines));
  }

  /** Records these keys of the project's settings files as trusted as they are (a yes on a terminal); the rest of the record is kept. */
  rememberPrograms(entries: readonly SettingsPrograms[]): Promise<string[]> {
    return this.record((previous) => {
      const settings = structuredClone(previous?.settings ?? {});
      for (const { file, key, lines } of entries) settings[this.fileKey(file)] = { ...settings[this.fileKey(file)], [key]: fingerprint(lines) };
      return { ...previous, settings };
    });
  }

  /**
   * Writes the project's record, `update` of the one before it, stamped now. A store that cannot be read is
   * kept aside (`<store>.corrupt-<time>`), never overwritten. Returns what went wrong, one line each.
   */
  private async record(update: (previous: TrustRecord | undefined) => Omit<TrustRecord, 'trustedAt'>): Promise<string[]> {
    const project = this.projectPath();
    const { store, problem } = readStore(this.store);
    const problems: string[] = [];
    try {
      if (problem) {
        const aside = `${this.store}.corrupt-${Date.now()}`;
        await rename(this.store, aside);
        problems.push(`${problem}; kept as ${aside}`);
      }
      store.projects[project] = { ...update(store.projects[project]), trustedAt: new Date().toISOString() };
      await writeStore(this.store, store);
    } catch (error) {
      problems.push(`cannot record the trust in ${this.store} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): trusted for this run only`);
    }
    return problems;
  }

  /** A settings file as the record names it: its path in the project. */
  private fileKey(file: string): string {
    return relative(this.projectPath(), realDirectoryPath(resolve(file)));
  }

  private projectPath(): string {
    this.realProject ??= realPath(resolve(this.project));
    return this.realProject;
  }
}
