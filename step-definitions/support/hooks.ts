import { After, AfterAll, Before, BeforeAll, setDefaultTimeout } from '@cucumber/cucumber';
import { llmMock } from './llm-mock';
import type { SynapseWorld } from './world';

// Generous: a few scenarios run real shells and sub-agents; none should come near it.
setDefaultTimeout(20_000);

BeforeAll(() => llmMock.listen());
AfterAll(() => llmMock.close());

Before(function () {
  llmMock.reset();
});

After(async function (this: SynapseWorld) {
  await this.dispose();
});
