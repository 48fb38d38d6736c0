import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { generateMessages } from '@cucumber/gherkin';
import { AttachmentContentEncoding, IdGenerator, SourceMediaType, type TestStepResultStatus, type Envelope, type Pickle, type TestStepFinished } from '@cucumber/messages';
import { buildConformanceReport, type ConformanceReport, type ImportedSpec, type TranscriptionCheck } from '../../src/speckit';
import type { SynapseWorld } from './world';

const REPO = resolve(__dirname, '..', '..');

/** What a speckit command printed and how it ended. */
export interface CommandRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The spec kit's scenarios: documents written into the scenario's directory (specs/), feature files
 * beside them (features/), the last import, check or report, and the last command run.
 */
export class SpeckitContext {
  /** The document the next import reads. */
  document?: { name: string; text: string };
  imported?: ImportedSpec;
  importError?: Error;
  check?: TranscriptionCheck;
  report?: ConformanceReport;
  command?: CommandRun;
  /** A simulated cucumber run: message envelopes, built by the scenario. */
  readonly envelopes: Envelope[] = [];
  private readonly ids = IdGenerator.incrementing();
  /** The simulated run's test cases, by scenario title: where an attachment goes. */
  private readonly ran = new Map<string, { testCaseStartedId: string; lastStep: TestStepFinished }>();

  constructor(private readonly world: SynapseWorld) {}

  async dir(name: 'specs' | 'next' | 'features' | 'out'): Promise<string> {
    const path = join(await this.world.tempDir(), name);
    await mkdir(path, { recursive: true });
    return path;
  }

  async writeDocument(name: string, text: string, folder: 'specs' | 'next' = 'specs'): Promise<void> {
    this.document = { name, text };
    await writeFile(join(await this.dir(folder), name), text);
  }

  async writeFeature(name: string, text: string): Promise<void> {
    await writeFile(join(await this.dir('features'), name), text);
  }

  async outputFiles(): Promise<string[]> {
    return readdir(await this.dir('out'));
  }

  /** Runs a speckit command (src/speckit/<name>-command.ts) as npm would, in the scenario's directory (or `cwd`). */
  async runCommand(name: string, args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CommandRun> {
    const child = spawn(process.execPath, ['-r', join(REPO, 'register-typescript.cjs'), join(REPO, 'src', 'speckit', `${name}-command.ts`), ...args], {
      cwd: cwd ?? (await this.world.tempDir()),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exitCode = await new Promise<number | null>((resolveExit, reject) => child.on('error', reject).on('close', resolveExit));
    this.command = { exitCode, stdout, stderr };
    return this.command;
  }

  /** Adds a feature file to the simulated run; each scenario named in `outcomes` ran with that status, the others were filtered out. */
  simulateRun(uri: string, featureText: string, outcomes: Record<string, TestStepResultStatus>): void {
    const parsed = generateMessages(featureText, uri, SourceMediaType.TEXT_X_CUCUMBER_GHERKIN_PLAIN, { includeGherkinDocument: true, includePickles: true, newId: this.ids });
    this.envelopes.push(...parsed);
    for (const pickle of parsed.flatMap((envelope) => (envelope.pickle ? [envelope.pickle] : []))) {
      const status = outcomes[pickle.name];
      if (status) this.envelopes.push(...this.ranScenario(pickle, status));
    }
  }

  /** Attaches to the last step of a scenario of the simulated run: by default text, as the After step hook attaches "What happened". */
  attachEvidence(title: string, body: string, as: { mediaType: string; fileName: string; base64?: boolean } = { mediaType: 'text/plain', fileName: 'What happened' }): void {
    const ran = this.ranScenarioCalled(title);
    const contentEncoding = as.base64 ? AttachmentContentEncoding.BASE64 : AttachmentContentEncoding.IDENTITY;
    this.envelopes.push({ attachment: { testCaseStartedId: ran.testCaseStartedId, testStepId: ran.lastStep.testStepId, body, mediaType: as.mediaType, fileName: as.fileName, contentEncoding } });
  }

  /** The failure message of the last step of a scenario of the simulated run (as an assertion's would be). */
  failWith(title: string, message: string): void {
    this.ranScenarioCalled(title).lastStep.testStepResult.message = message;
  }

  private ranScenarioCalled(title: string): { testCaseStartedId: string; lastStep: TestStepFinished } {
    const ran = this.ran.get(title);
    if (!ran) throw new Error(`no scenario "${title}" ran in the simulated run`);
    return ran;
  }

  buildReport(documents: ImportedSpec[]): ConformanceReport {
    this.report = buildConformanceReport(this.envelopes, documents, { dir: 'specs' });
    return this.report;
  }

  /** The messages cucumber emits for one scenario: a test case with one step per pickle step, 5 ms each. */
  private ranScenario(pickle: Pickle, status: TestStepResultStatus): Envelope[] {
    const testCaseId = this.ids();
    const startedId = this.ids();
    const steps = pickle.steps.map((step) => ({ id: this.ids(), pickleStepId: step.id, stepDefinitionIds: [] }));
    const at = (ms: number) => ({ seconds: 1_700_000_000 + Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 });
    const finished = steps.map(
      (step, index): TestStepFinished => ({ testCaseStartedId: startedId, testStepId: step.id, testStepResult: { status, duration: { seconds: 0, nanos: 5e6 } }, timestamp: at(5 * (index + 1)) }),
    );
    this.ran.set(pickle.name, { testCaseStartedId: startedId, lastStep: finished.at(-1)! });
    return [
      { testCase: { id: testCaseId, pickleId: pickle.id, testSteps: steps, testRunStartedId: undefined } },
      { testCaseStarted: { id: startedId, testCaseId, attempt: 0, timestamp: at(0) } },
      ...finished.map((testStepFinished) => ({ testStepFinished })),
      { testCaseFinished: { testCaseStartedId: startedId, timestamp: at(5 * steps.length), willBeRetried: false } },
    ];
  }
}
