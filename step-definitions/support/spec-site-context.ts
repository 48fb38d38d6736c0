import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readSourceDocuments, siteModelOf, writeSite, type InterpretationRow } from '../../src/speckit';
import { SpeckitContext } from './speckit-context';
import type { SynapseWorld } from './world';

const REPO = resolve(__dirname, '..', '..');

/** Page text as a reader sees it: tags dropped, character references decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&(lt|gt|quot|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[name]!);
}

/**
 * The living documentation site of a scenario: built in-process from the spec kit's simulated run and
 * documents, or by the spec:site command from a real cucumber run of a few scenarios; the pages it wrote.
 */
export class SpecSiteContext {
  /** The interpretation table the simulated README holds, one row a line. */
  readonly readmeRows: string[] = [];
  /** The NDJSON of a real cucumber run made by the scenario. */
  reportPath?: string;
  /** The document page last looked at, and the part of it about one scenario. */
  page?: string;
  section?: string;
  /** The names of the documents the README rows are resolved against, and the rows last read. */
  names?: string[];
  rows?: InterpretationRow[];

  constructor(private readonly world: SynapseWorld) {}

  private get kit(): SpeckitContext {
    return this.world.use(SpeckitContext);
  }

  async siteDir(): Promise<string> {
    return join(await this.kit.dir('out'), 'site');
  }

  /** A README with the interpretation table: heading, blank line, header, separator, then the rows (the first at line 5). */
  readme(): string {
    return ['## What the documents name, and what drives it here', '', '| document | the document says | here |', '| --- | --- | --- |', ...this.readmeRows, ''].join('\n');
  }

  /** The site of the simulated run over the scenario's documents (specs/, next/, features/), written to out/site. */
  async buildFromSimulatedRun(): Promise<void> {
    const folders = [
      { dir: await this.kit.dir('specs'), handedOver: false },
      { dir: await this.kit.dir('next'), handedOver: true },
    ];
    const sources = await readSourceDocuments(folders, await this.kit.dir('features'));
    const model = siteModelOf({ envelopes: this.kit.envelopes, sources, specs: { dir: folders[0]!.dir, nextDir: folders[1]!.dir }, readme: this.readme() });
    await writeSite(model, await this.siteDir());
  }

  async pageHtml(page: string): Promise<string> {
    return readFile(join(await this.siteDir(), page), 'utf8');
  }

  /** A real cucumber run of the given scenarios (in one process), its messages written into the scenario's directory. */
  async runCucumber(target: string): Promise<void> {
    this.reportPath = join(await this.world.tempDir(), 'run.ndjson');
    const env: NodeJS.ProcessEnv = { ...process.env, SYNAPSE_CUCUMBER_WORKERS: '1' };
    delete env.SYNAPSE_CUCUMBER_PATHS;
    const child = spawn(process.execPath, [join(REPO, 'node_modules', '@cucumber', 'cucumber', 'bin', 'cucumber.js'), target, '--format', `message:${this.reportPath}`], {
      cwd: REPO,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolveExit, reject) => child.on('error', reject).on('close', resolveExit));
    if (code !== 0) throw new Error(`the cucumber run of ${target} exited ${code}:\n${output}`);
  }

  /** The spec:site command, run from the repository (its documents, features and README) on the scenario's run. */
  async buildWithCommand(): Promise<void> {
    const run = await this.kit.runCommand('spec-site', ['--report', this.reportPath!, '--out', await this.siteDir()], {}, REPO);
    if (run.exitCode !== 0) throw new Error(`spec:site exited ${run.exitCode}: ${run.stderr}`);
  }
}
