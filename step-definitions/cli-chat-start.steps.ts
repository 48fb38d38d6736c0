import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';
import yargs from 'yargs';
import { chatCommand, chatOptions } from '../src/cli/chat-command';
import { globalOptions } from '../src/cli/global-options';
import { simpleCommandArgs } from '../src/cli/simple-argv';
import { splitCommandLine } from './support/cli-context';
import type { SynapseWorld } from './support/world';

/** A command line as the fast path and as yargs (with chat's own builder) read it. */
class ArgvContext {
  argv: string[] = [];
  fast?: Record<string, unknown>;
}

When(/^解析 synapse 命令行 "(.*)"$/, function (this: SynapseWorld, commandLine: string) {
  const context = this.use(ArgvContext);
  context.argv = splitCommandLine(commandLine);
  context.fast = simpleCommandArgs(context.argv, 'chat', { ...globalOptions, ...chatOptions });
});

Then('快速路径应该接手，参数与 yargs 给出的完全相同', async function (this: SynapseWorld) {
  const { argv, fast } = this.use(ArgvContext);
  let parsed: Record<string, unknown> | undefined;
  await yargs(argv)
    .options(globalOptions)
    .command({
      ...chatCommand,
      handler: (args) => {
        parsed = args;
      },
    })
    .strict()
    .exitProcess(false)
    .parseAsync();
  const { $0: _, ...expected } = parsed!;
  assert.deepEqual(fast, expected);
});

Then('快速路径应该交给 yargs', function (this: SynapseWorld) {
  assert.equal(this.use(ArgvContext).fast, undefined);
});
