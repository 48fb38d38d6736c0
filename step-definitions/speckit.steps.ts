// The spec kit (src/speckit): the Markdown importer, the drift check and the conformance report.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { TestStepResultStatus } from '@cucumber/messages';
import { expect } from 'chai';
import {
  checkTranscriptions,
  coverageByFolder,
  formatCoverage,
  missedThresholds,
  importMarkdownSpec,
  renderConformanceMarkdown,
  SpecFormatError,
  type CoverageSummary,
  type FolderCoverage,
  type Thresholds,
} from '../src/speckit';
import { SpeckitContext } from './support/speckit-context';
import type { SynapseWorld } from './support/world';

const kit = (world: SynapseWorld) => world.use(SpeckitContext);
/** A document written on one line in the feature: `\n` is a line break. */
const lines = (text: string) => text.replace(/\\n/g, '\n');

Given(/^一份名为 "([^"]+)" 的规范文档:$/, async function (this: SynapseWorld, name: string, text: string) {
  await kit(this).writeDocument(name, text);
});

Given(/^(?:一份|源文档目录中有一份)名为 "([^"]+)" 的规范文档，内容为 "([\s\S]*)"$/, async function (this: SynapseWorld, name: string, text: string) {
  await kit(this).writeDocument(name, lines(text));
});

When('导入这份文档', function (this: SynapseWorld) {
  const { document } = kit(this);
  try {
    kit(this).imported = importMarkdownSpec(document!.text, document!.name);
  } catch (error) {
    kit(this).importError = error as Error;
  }
});

Then('导入结果应为:', function (this: SynapseWorld, expected: string) {
  const { imported, importError } = kit(this);
  expect(importError, importError?.message).to.equal(undefined);
  expect(imported!.feature).to.equal(`${expected}\n`);
});

Then('场景 {string} 应追溯到文档第 {int} 行、特性文件第 {int} 行', function (this: SynapseWorld, title: string, sourceLine: number, featureLine: number) {
  const trace = kit(this).imported!.scenarios.find((scenario) => scenario.title === title);
  expect(trace).to.deep.include({ sourceLine, featureLine });
  expect(kit(this).imported!.feature.split('\n')[featureLine - 1]!.trim()).to.equal(`Scenario: ${title}`);
  expect(kit(this).document!.text.split('\n')[sourceLine - 1]).to.equal(`### Scenario: ${title}`);
});

Then(/^导入应失败，错误指出 "([^"]+)" 第 (\d+) 行：(.+)$/, function (this: SynapseWorld, file: string, lineText: string, message: string) {
  const line = Number(lineText);
  const { importError, imported } = kit(this);
  expect(imported, 'nothing is imported from a bad document').to.equal(undefined);
  expect(importError).to.be.instanceOf(SpecFormatError);
  const problems = (importError as SpecFormatError).problems;
  expect(
    problems.some((problem) => problem.line === line && problem.message.includes(message)),
    importError!.message,
  ).to.equal(true);
  expect(importError!.message).to.contain(`${file}:${line}: ${message}`);
});

When('用 spec:import 命令导入 {string} 和 {string}', async function (this: SynapseWorld, first: string, second: string) {
  const specs = await kit(this).dir('specs');
  await kit(this).runCommand('spec-import', [join(specs, first), join(specs, second), '--out', await kit(this).dir('out')]);
});

When('不带文档运行 spec:import 命令', async function (this: SynapseWorld) {
  await kit(this).runCommand('spec-import', []);
});

Then('输出目录中应只有文件 {string}，与直接导入的转写相同', async function (this: SynapseWorld, list: string) {
  const names = list.split(', ');
  expect((await kit(this).outputFiles()).sort()).to.deep.equal(names);
  for (const name of names) {
    const document = name.replace(/\.feature$/, '.md');
    const source = await readFile(join(await kit(this).dir('specs'), document), 'utf8');
    expect(await readFile(join(await kit(this).dir('out'), name), 'utf8')).to.equal(importMarkdownSpec(source, document).feature);
  }
});

Then('命令退出码应为 {int}', function (this: SynapseWorld, code: number) {
  expect(kit(this).command!.exitCode, kit(this).command!.stderr).to.equal(code);
});

Then('命令的标准错误应为:', function (this: SynapseWorld, expected: string) {
  expect(kit(this).command!.stderr).to.equal(`${expected}\n`);
});

Then('命令的标准错误应包含 {string}', function (this: SynapseWorld, text: string) {
  expect(kit(this).command!.stderr).to.contain(lines(text));
});

Then('输出目录中不应有任何文件', async function (this: SynapseWorld) {
  expect(await kit(this).outputFiles()).to.deep.equal([]);
});

Given(/^特性目录中有它的转写(?:，但 "(.+)" 被改成了 "(.+)")?$/, async function (this: SynapseWorld, from?: string, to?: string) {
  const { document } = kit(this);
  const { feature, featureFileName } = importMarkdownSpec(document!.text, document!.name);
  await kit(this).writeFeature(featureFileName, from && to ? feature.replace(from, to) : feature);
});

Given(/^特性目录中有特性文件 "(.+)"，内容为 "(.*)"$/, async function (this: SynapseWorld, name: string, text: string) {
  await kit(this).writeFeature(name, lines(text));
});

When('对源文档目录与特性目录运行 spec:check 命令', async function (this: SynapseWorld) {
  await kit(this).runCommand('spec-check', ['--specs', await kit(this).dir('specs'), '--features', await kit(this).dir('features')]);
});

Given(/^交接目录中有一份名为 "([^"]+)" 的规范文档，内容为 "([\s\S]*)"$/, async function (this: SynapseWorld, name: string, text: string) {
  await kit(this).writeDocument(name, lines(text), 'next');
});

When('对源文档目录、交接目录与特性目录运行 spec:check 命令', async function (this: SynapseWorld) {
  const [specs, next, features] = [await kit(this).dir('specs'), await kit(this).dir('next'), await kit(this).dir('features')];
  await kit(this).runCommand('spec-check', ['--specs', specs, '--next', next, '--features', features]);
});

Then('命令的标准输出应包含 {string}', function (this: SynapseWorld, text: string) {
  expect(kit(this).command!.stdout).to.contain(lines(text));
});

Given('特性目录中有一个没有标签的特性文件 {string}', async function (this: SynapseWorld, name: string) {
  await kit(this).writeFeature(name, 'Feature: 额外\n\n  Scenario: s\n    Given x\n');
});

When('检查转写', async function (this: SynapseWorld) {
  kit(this).check = await checkTranscriptions(await kit(this).dir('specs'), await kit(this).dir('features'));
});

Then('检查应失败，差异中有 {string} 和 {string}', function (this: SynapseWorld, removed: string, added: string) {
  const { check } = kit(this);
  expect(check!.ok).to.equal(false);
  const [document] = check!.documents;
  expect(document!.status).to.equal('drift');
  const diffLines = document!.diff!.split('\n');
  expect(diffLines).to.include(removed).and.include(added);
});

Then('检查应失败，并指出 {string} 既没有 @source:<document> 也没有 @own', function (this: SynapseWorld, name: string) {
  const { check } = kit(this);
  expect(check!.ok).to.equal(false);
  expect(check!.documents.map((document) => document.status)).to.deep.equal(['match']);
  expect(check!.features).to.deep.equal([{ path: name, problem: 'has neither @source:<document> nor @own (tag a feature of our own @own)' }]);
});

When('在 SYNAPSE_SPECS_DIR 指向不存在的目录时运行 spec:check', async function (this: SynapseWorld) {
  await kit(this).runCommand('spec-check', [], { SYNAPSE_SPECS_DIR: join(await this.tempDir(), 'no-such-dir') });
});

const STATUS: Record<string, TestStepResultStatus> = { 通过: TestStepResultStatus.PASSED, 失败: TestStepResultStatus.FAILED };

Given(/^一次运行中 "(.+)" 的转写里 "(.+)" 通过、"(.+)" 失败、"(.+)" 被过滤掉$/, function (this: SynapseWorld, name: string, passed: string, failed: string, _filtered: string) {
  const { feature, featureFileName } = importMarkdownSpec(kit(this).document!.text, name);
  kit(this).simulateRun(`features/${featureFileName}`, feature, { [passed]: STATUS.通过!, [failed]: STATUS.失败! });
});

Given('同一次运行中我们自己的特性 {string} 有一个通过的场景 {string}', function (this: SynapseWorld, uri: string, title: string) {
  kit(this).simulateRun(uri, `@own\nFeature: 自己的\n\n  Scenario: ${title}\n    Given x\n`, { [title]: TestStepResultStatus.PASSED });
});

Given(/^一次运行中特性 "(.+)" 带标签 "(.*)"，规则 "(.+)" 下的场景 "(.+)" (通过|失败)$/, function (this: SynapseWorld, uri: string, tags: string, rule: string, title: string, status: string) {
  kit(this).simulateRun(uri, `${tags}\nFeature: F\n\n  Rule: ${rule}\n\n    Scenario: ${title}\n      Given x\n`, { [title]: STATUS[status]! });
});

When('没有源文档时生成一致性报告', function (this: SynapseWorld) {
  kit(this).buildReport([]);
});

Then(
  /^报告中 "(.+)" 的转写 "(.+)" 应为 (\d+)\/(\d+) 通过，场景 "(.+)" 在规则 "(.+)" 下、没有文档行$/,
  function (this: SynapseWorld, name: string, uri: string, passed: string, total: string, title: string, rule: string) {
    expect(documentIn(this, name)).to.deep.include({ feature: uri, passed: Number(passed), total: Number(total) });
    expect(documentIn(this, name).scenarios.find((scenario) => scenario.title === title)).to.deep.include({ rule, sourceLine: null });
  },
);

Then('报告应列出没有标签的特性 {string}', function (this: SynapseWorld, uri: string) {
  expect(kit(this).report!.untagged).to.deep.equal([uri]);
});

When('生成一致性报告', async function (this: SynapseWorld) {
  const { document } = kit(this);
  kit(this).buildReport([importMarkdownSpec(await readFile(join(await kit(this).dir('specs'), document!.name), 'utf8'), document!.name)]);
});

const documentIn = (world: SynapseWorld, name: string) => kit(world).report!.transcribed.documents.find((document) => document.document === name)!;

Then(/^报告中 "(.+)" 应为 (\d+)\/(\d+) 通过$/, function (this: SynapseWorld, name: string, passed: string, total: string) {
  expect(documentIn(this, name)).to.deep.include({ passed: Number(passed), total: Number(total), feature: 'features/demo.feature' });
  expect(kit(this).report!.transcribed).to.deep.include({ passed: Number(passed), total: Number(total) });
});

Then('报告中 {string} 的场景应为:', function (this: SynapseWorld, name: string, table: DataTable) {
  const rows = documentIn(this, name).scenarios.map((scenario) => ({
    场景: scenario.title,
    文档行: String(scenario.sourceLine),
    特性行: String(scenario.featureLine),
    状态: scenario.status,
  }));
  expect(rows).to.deep.equal(table.hashes());
  for (const scenario of documentIn(this, name).scenarios) expect(scenario.durationMs).to.equal(scenario.status === 'not run' ? null : 5);
});

Then(/^报告中我们自己的特性 "(.+)" 应为 (\d+)\/(\d+) 通过$/, function (this: SynapseWorld, uri: string, passed: string, total: string) {
  const { own, transcribed } = kit(this).report!;
  expect(own.features.map((feature) => feature.feature)).to.deep.equal([uri]);
  expect(own.features[0]).to.deep.include({ passed: Number(passed), total: Number(total), tags: ['@own'] });
  expect(
    transcribed.documents.map((document) => document.document),
    'our own feature is not a transcription',
  ).to.deep.equal(['demo.md']);
});

Then('Markdown 报告中应有一行 {string}', function (this: SynapseWorld, row: string) {
  expect(
    renderConformanceMarkdown(kit(this).report!)
      .split('\n')
      .some((line) => line.startsWith(row)),
  ).to.equal(true);
});

// --- coverage per folder ----------------------------------------------------------------------------

const coverage = new WeakMap<SynapseWorld, { summary: CoverageSummary; thresholds?: Thresholds; figures?: FolderCoverage[]; missed?: string[] }>();

Given('c8 的覆盖率摘要:', function (this: SynapseWorld, table: DataTable) {
  const counts = (total: string, covered: string) => ({ total: Number(total), covered: Number(covered) });
  const summary: CoverageSummary = {};
  for (const row of table.hashes()) {
    const lines = counts(row['行']!, row['覆盖行']!);
    summary[join('/repo', row['文件']!)] = { lines, statements: lines, functions: lines, branches: counts(row['分支']!, row['覆盖分支']!) };
  }
  coverage.set(this, { summary });
});

When('按目录汇总并与阈值 {string} 比较', function (this: SynapseWorld, text: string) {
  const thresholds: Thresholds = Object.fromEntries(
    text.split(', ').map((entry) => {
      const [folder, pair] = entry.split(' ');
      const [lines, branches] = pair!.split('/').map(Number);
      return [folder!, { lines, branches }];
    }),
  );
  const state = coverage.get(this)!;
  state.thresholds = thresholds;
  state.figures = coverageByFolder(state.summary, '/repo');
  state.missed = missedThresholds(state.figures, thresholds);
});

Then('各目录的覆盖率应为:', function (this: SynapseWorld, table: DataTable) {
  const { figures, thresholds } = coverage.get(this)!;
  const rows = figures!.map((figure) => ({ 目录: figure.folder, 文件: String(figure.files), 行: String(figure.lines.pct), 分支: String(figure.branches.pct) }));
  expect(rows).to.deep.equal(table.hashes());
  // The printed table: one line per folder, in the same order, its threshold beside its figure.
  const printed = formatCoverage(figures!, thresholds!).split('\n');
  expect(printed.map((line) => line.split(/\s+/)[0])).to.deep.equal(rows.map((row) => row.目录));
  expect(printed.find((line) => line.startsWith('src/runtime'))).to.match(/lines\s+95\.0% \(19\/20\) ≥100\s+branches\s+75\.0% \(6\/8\) ≥100$/);
});

Then('未达到的阈值应为 {string}', function (this: SynapseWorld, list: string) {
  expect(coverage.get(this)!.missed).to.deep.equal(list.split('; '));
});
