// The permission policy on a real shell parser (features/security/shell-parser.feature).
import { Given, Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import fc from 'fast-check';
import { PermissionPolicy, type PermissionAction, type PermissionRules } from '../src';
import { commandLinesAround } from './support/command-line-arbitrary';
import { SecurityContext } from './support/security-context';
import type { SynapseWorld } from './support/world';

const security = (world: SynapseWorld) => world.use(SecurityContext);
const policyOf = (world: SynapseWorld) => new PermissionPolicy((security(world).current().permissions as PermissionRules | undefined) ?? {});

/** `deny rm * ; unmatched deny`: rules in one line, as a table row holds them (`默认规则` alone: the defaults). */
Given('权限规则写作 {string}', function (this: SynapseWorld, written: string) {
  const rules: PermissionRules = {};
  for (const rule of written.split(' ; ').filter((text) => text !== '默认规则')) {
    const [action, ...pattern] = rule.trim().split(' ');
    if (action === 'unmatched') rules.unmatched = pattern[0] as PermissionAction;
    else rules[action as PermissionAction] = [...(rules[action as PermissionAction] ?? []), pattern.join(' ')];
  }
  security(this).setRules(rules);
});

Then('围绕命令 `{}` 生成的 {int} 条命令行没有一条被允许', async function (this: SynapseWorld, command: string, runs: number) {
  const policy = policyOf(this);
  await policy.evaluate('true'); // load the parser before fast-check's clock matters
  const [name, ...args] = command.split(' ');
  await fc.assert(
    fc.asyncProperty(commandLinesAround(name!, args.join(' ')), async (line) => {
      const verdict = await policy.evaluate(line);
      expect(verdict.action, `allowed: ${JSON.stringify(line)}`).to.not.equal('allow');
    }),
    { numRuns: runs },
  );
});
