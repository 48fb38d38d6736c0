import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { SecretRedactor, toolEnvironment } from '../src';
import type { SynapseWorld } from './support/world';

// The public SecretRedactor on its own: what it knows, what it replaces, and what a stream of pieces passes on.
interface RedactionCheck {
  redactor: SecretRedactor;
  written: string[];
  result?: string;
  environment?: Record<string, string>;
  registered?: boolean;
}
const checks = new WeakMap<SynapseWorld, RedactionCheck>();
const check = (world: SynapseWorld): RedactionCheck => {
  if (!checks.has(world)) checks.set(world, { redactor: new SecretRedactor(), written: [] });
  return checks.get(world)!;
};
const list = (json: string) => JSON.parse(json) as string[];

Given('遮盖器登记了值 {}', function (this: SynapseWorld, values: string) {
  for (const value of list(values)) check(this).redactor.add(value);
  check(this).registered = true;
});

Given('遮盖器从环境变量登记密钥:', function (this: SynapseWorld, table: { rowsHash(): Record<string, string> }) {
  check(this).redactor.addFromEnvironment(table.rowsHash());
});

When('遮盖文字 {string}', function (this: SynapseWorld, text: string) {
  check(this).result = check(this).redactor.redact(text);
});

When(/^遮盖器逐段收到 (.+) 然后结束(两次)?$/, function (this: SynapseWorld, pieces: string, twice?: string) {
  const c = check(this);
  const stream = c.redactor.stream((text) => c.written.push(text));
  for (const piece of list(pieces)) stream.write(piece);
  stream.end();
  if (twice) stream.end();
});

Then('遮盖的结果应为 {string}', function (this: SynapseWorld, expected: string) {
  expect(check(this).result).to.equal(expected);
});

Then('遮盖器应依次送出 {}', function (this: SynapseWorld, pieces: string) {
  expect(check(this).written).to.deep.equal(list(pieces));
});

Then('遮盖器应认得 {int} 个值，{string} 在内、{string} 不在', function (this: SynapseWorld, size: number, known: string, unknown: string) {
  const { redactor } = check(this);
  expect({ size: redactor.size, known: redactor.has(known), contains: redactor.contains(`x${known}x`), unknown: redactor.has(unknown) }).to.deep.equal({
    size,
    known: true,
    contains: true,
    unknown: false,
  });
});

When('由下列环境生成工具环境，放行 {string}:', function (this: SynapseWorld, passed: string, table: { rowsHash(): Record<string, string> }) {
  // A cell `<未设置>` is a variable present with no value ({ NAME: undefined }, as a spread that unsets it leaves).
  const env = Object.fromEntries(Object.entries(table.rowsHash()).map(([name, value]) => [name, value === '<未设置>' ? undefined : value]));
  const { registered, redactor } = check(this);
  check(this).environment = toolEnvironment({ env, passEnv: [passed], redactor: registered ? redactor : undefined });
});

Then('工具环境中 {word} 应为 {string}', function (this: SynapseWorld, name: string, value: string) {
  expect(check(this).environment?.[name]).to.equal(value);
});

Then('工具环境应只有 {}', function (this: SynapseWorld, names: string) {
  expect(Object.keys(check(this).environment ?? {}).sort()).to.deep.equal(names.split('、').sort());
});
