import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { After, AfterAll, AfterStep, Before, BeforeAll, BeforeStep, setDefaultTimeout, Status, type ITestCaseHookParameter, type ITestStepHookParameter } from '@cucumber/cucumber';
import { llmMock } from './llm-mock';
import { stopSharedRedis } from './redis-servers';
import { warmUpReferenceTokenizer } from './reference-tokenizer';
import type { SynapseWorld } from './world';

// Generous: a few scenarios run real shells and sub-agents; none should come near it.
setDefaultTimeout(20_000);

BeforeAll(() => {
  warmUpReferenceTokenizer(); // about a second, in its own thread while the first scenarios run
  return llmMock.listen();
});
AfterAll(async () => {
  llmMock.close();
  await stopSharedRedis();
});

Before(async function (this: SynapseWorld) {
  llmMock.reset();
  // A HOME of its own: whatever a scenario (or the code under test, by default) writes under ~ stays
  // out of the real ~/.synapse; and no developer setting points sessions elsewhere.
  const home = await mkdtemp(join(tmpdir(), 'synapse-home-'));
  this.setEnv('HOME', home);
  this.setEnv('SYNAPSE_SESSIONS_DIR', undefined);
  this.onCleanup(() => rm(home, { recursive: true, force: true }));
});

BeforeStep(function (this: SynapseWorld, { pickleStep }) {
  this.stepType = pickleStep.type ?? 'Unknown';
});

// Living documentation: a transcribed scenario shows what it did under its last step in the report, and
// any scenario shows it under the step that failed. (Attached here, not in After, so the report shows it
// with the steps instead of folding it away among the hooks.)
AfterStep(async function (this: SynapseWorld, { pickle, pickleStep, result }: ITestStepHookParameter) {
  const transcribed = pickle.tags.some((tag) => tag.name.startsWith('@source:'));
  const last = pickle.steps.at(-1)?.id === pickleStep.id;
  if (result.status === Status.FAILED || (transcribed && last)) this.attach(await this.narrate(), { mediaType: 'text/plain', fileName: 'What happened' });
});

// Registered first, so it runs last (cucumber runs After hooks in reverse): cleanup happens even when
// the check below fails the scenario.
After(async function (this: SynapseWorld) {
  await this.dispose();
});

After(function (this: SynapseWorld, { result }: ITestCaseHookParameter) {
  if (result?.status !== Status.PASSED) return; // its own failure says more
  const unconsumed = this.unconsumedReplies();
  if (unconsumed.length) throw new Error(`The scenario left ${unconsumed.join(' and ')} unconsumed: the conversation it scripted did not happen as written`);
});
