// The living documentation site (src/speckit/site): built from a simulated run in-process, and from a real
// run by the spec:site command, then read as text or opened in the system's Chromium.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Before, Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { TestStepResultStatus } from '@cucumber/messages';
import { expect } from 'chai';
import { documentMarkdown, importMarkdownSpec, locateSpecs, readInterpretationRows } from '../src/speckit';
import { BrowserContextForScenario, browserUnavailable } from './support/browser-context';
import { SpeckitContext } from './support/speckit-context';
import { SpecSiteContext, textOf } from './support/spec-site-context';
import type { SynapseWorld } from './support/world';

const kit = (world: SynapseWorld) => world.use(SpeckitContext);
const site = (world: SynapseWorld) => world.use(SpecSiteContext);
const browser = (world: SynapseWorld) => world.use(BrowserContextForScenario);
const lines = (text: string) => text.replace(/\\n/g, '\n');
const REPO = resolve(__dirname, '..');
/** A 1x1 PNG, as a screenshot attachment carries one (base64). */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

// A real browser is the system's Chromium; where there is none the scenario is skipped, saying why.
Before({ tags: '@browser' }, function (this: SynapseWorld) {
  const reason = browserUnavailable();
  if (!reason) return undefined;
  this.log(`skipped: ${reason}`);
  process.stderr.write(`[@browser scenario skipped: ${reason}]\n`);
  return 'skipped';
});

When('由这次运行生成活文档站点', async function (this: SynapseWorld) {
  await site(this).buildFromSimulatedRun();
});

Then('站点首页应按分组列出文档:', async function (this: SynapseWorld, table: DataTable) {
  const rows = (await site(this).pageHtml('index.html')).split('<section class="group"').flatMap((group) => {
    const title = textOf(/<h2>([\s\S]*?)(?:<small>|<\/h2>)/.exec(group)?.[1] ?? '').trim();
    return [...group.matchAll(/<tr class="document" data-document="([^"]+)"[\s\S]*?<td class="counts-text">([\s\S]*?)<\/td>/g)].map((row) => ({ 分组: title, 文档: row[1]!, 计数: textOf(row[2]!) }));
  });
  expect(rows).to.deep.equal(table.hashes());
});

Then('站点首页的文字中不应有 {string}', async function (this: SynapseWorld, text: string) {
  expect(textOf(await site(this).pageHtml('index.html'))).not.to.contain(text);
});

/** The part of a document page about one scenario, from its `<section class="scenario">` to the next. */
async function scenarioSection(world: SynapseWorld, document: string, title: string): Promise<string> {
  const page = await site(world).pageHtml(`documents/${document.replace(/\.md$/, '')}.html`);
  const section = page.split('<section class="scenario"').find((part) => textOf(/<h3>([\s\S]*?)<\/h3>/.exec(part)?.[1] ?? '') === `Scenario: ${title}`);
  expect(section, `no scenario "${title}" on the page of ${document}`).to.be.a('string');
  Object.assign(site(world), { section, page });
  return section!;
}

Then('{string} 的文档页中，场景 {string} 应为 {string}，说明 {string}', async function (this: SynapseWorld, document: string, title: string, status: string, note: string) {
  const section = await scenarioSection(this, document, title);
  expect(section).to.match(new RegExp(`^ id="[^"]+" data-status="${status}"`));
  expect(textOf(section)).to.contain(note);
});

Given(/^一次运行中 "(.+)" 的转写里 "(.+)" 通过，附上的证据是 "(.*)"$/, function (this: SynapseWorld, name: string, title: string, evidence: string) {
  const { feature, featureFileName } = importMarkdownSpec(kit(this).document!.text, name);
  kit(this).simulateRun(`features/${featureFileName}`, feature, { [title]: TestStepResultStatus.PASSED });
  kit(this).attachEvidence(title, lines(evidence));
});

Given(/^一次运行中 "(.+)" 的转写里 "(.+)" 失败，消息是 "(.+)"，并附上截图 "(.+)"$/, function (this: SynapseWorld, name: string, title: string, message: string, screenshot: string) {
  const { feature, featureFileName } = importMarkdownSpec(kit(this).document!.text, name);
  kit(this).simulateRun(`features/${featureFileName}`, feature, { [title]: TestStepResultStatus.FAILED });
  kit(this).failWith(title, message);
  kit(this).attachEvidence(title, ONE_PIXEL_PNG, { mediaType: 'image/png', fileName: screenshot, base64: true });
});

Then('{string} 的文档页中，场景 {string} 的证据应已展开，有失败消息 {string} 和图片 {string}', async function (this: SynapseWorld, document: string, title: string, message: string, image: string) {
  const section = await scenarioSection(this, document, title);
  expect(section).to.contain('<details class="evidence" open>');
  expect(section).to.contain(`<pre class="error">${message}</pre>`);
  expect(section).to.contain(`<img alt="${image}" src="data:image/png;base64,${ONE_PIXEL_PNG}">`);
});

Then('站点首页上 {string} 应为 {string}，它的文档页说明 {string}', async function (this: SynapseWorld, document: string, size: string, problem: string) {
  const row = new RegExp(`<tr class="document" data-document="${document}"[\\s\\S]*?<td class="size">([^<]*)</td>`).exec(await site(this).pageHtml('index.html'));
  expect(row?.[1]).to.equal(size);
  const page = textOf(await site(this).pageHtml(`documents/${document.replace(/\.md$/, '')}.html`));
  expect(page).to.contain('it does not import').and.to.contain(problem);
});

Given('README 的解释表中有一行 {string}', function (this: SynapseWorld, row: string) {
  site(this).readmeRows.push(row);
});

Then('{string} 的文档页中，场景 {string} 应为 {string}，转写到 {string}', async function (this: SynapseWorld, document: string, title: string, status: string, where: string) {
  const section = await scenarioSection(this, document, title);
  expect(section).to.match(new RegExp(`^ id="[^"]+" data-status="${status}"`));
  const meta = textOf(/<p class="scenario-meta">([\s\S]*?)<\/p>/.exec(section)![1]!);
  expect(meta).to.match(new RegExp(`^${status} \\d+ ms ${where.replace(/\./g, '\\.')} ${document.replace(/\./g, '\\.')}:\\d+$`));
});

Then('它的证据中应有步骤 {string}，以及标题 {string} 下的文字 {string}', function (this: SynapseWorld, step: string, heading: string, text: string) {
  const evidence = /<details class="evidence"[\s\S]*?<\/details>/.exec(site(this).section!)?.[0];
  expect(evidence, 'the scenario has an evidence block').to.be.a('string');
  const steps = [...evidence!.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((item) => textOf(item[1]!));
  expect(steps).to.include(`passed ${step} 5 ms`);
  const narration = [...evidence!.matchAll(/<h5>([\s\S]*?)<\/h5><pre>([\s\S]*?)<\/pre>/g)].map((section) => ({ heading: textOf(section[1]!), text: textOf(section[2]!) }));
  expect(narration).to.deep.include({ heading, text });
});

Then('它旁边应有 README 第 {int} 行的解释 {string}', function (this: SynapseWorld, line: number, here: string) {
  const interpreted = /<details class="interpreted">([\s\S]*?)<\/details>/.exec(site(this).section!)?.[1];
  expect(interpreted, 'the scenario has an interpretation block').to.be.a('string');
  const cells = [...interpreted!.matchAll(/<tr><td>[\s\S]*?<\/td><td>[\s\S]*?<\/td><td>([\s\S]*?)<\/td><td class="readme-line">([\s\S]*?)<\/td><\/tr>/g)];
  expect(cells.map((cell) => [textOf(cell[1]!), textOf(cell[2]!)])).to.deep.equal([[here, `README.md:${line}`]]);
});

Then('文档页的文字中应有 {string} 与代码 {string}，页面中没有来自文档或证据的标记', function (this: SynapseWorld, text: string, code: string) {
  const { page } = site(this);
  expect(textOf(page!)).to.contain(text);
  expect(page).to.match(new RegExp(`<pre><code[^>]*>${code.replace(/[.()]/g, '\\$&')}\\n</code></pre>`));
  expect(page).not.to.contain('<b>结果</b>');
  expect(page!.match(/<script[^>]*>/g)).to.deep.equal(['<script src="../assets/search-index.js">', '<script src="../assets/site.js">']);
});

Given('源文档有 {string}', function (this: SynapseWorld, names: string) {
  site(this).names = names.split(', ');
});

When('读 README 的解释表:', function (this: SynapseWorld, table: DataTable) {
  const [header, ...body] = table.raw();
  const readme = [`## What the documents name, and what drives it here`, '', `| ${header!.join(' | ')} |`, '| --- | --- | --- |', ...body.map((row) => `| ${row.join(' | ')} |`), ''].join('\n');
  site(this).rows = readInterpretationRows(documentMarkdown(), readme, site(this).names!);
});

Then('各行对应的文档应为:', function (this: SynapseWorld, table: DataTable) {
  const actual = site(this).rows!.map((row) => ({ here: row.here, 文档: row.documents.join(', '), 对应不上的: row.unresolved.join(', ') }));
  expect(actual).to.deep.equal(table.hashes());
});

When('用 spec:site 命令由报告 {string} 生成站点', async function (this: SynapseWorld, report: string) {
  await kit(this).runCommand('spec-site', ['--report', report]);
});

Given('报告 {string} 的内容为 {string}', async function (this: SynapseWorld, name: string, text: string) {
  await writeFile(join(await this.tempDir(), name), lines(text));
});

Given('输出目录中已有一个文件 {string}', async function (this: SynapseWorld, name: string) {
  await mkdir(await site(this).siteDir(), { recursive: true });
  await writeFile(join(await site(this).siteDir(), name), 'mine\n');
});

When('用 spec:site 命令由一次空的运行生成站点到输出目录', async function (this: SynapseWorld) {
  const report = join(await this.tempDir(), 'empty.ndjson');
  await writeFile(report, `${JSON.stringify({ testRunStarted: { timestamp: { seconds: 0, nanos: 0 } } })}\n`);
  await kit(this).writeDocument('d.md', '# D\n\n## Feature: A\n\n### Scenario: s\n**Given** x\n');
  const env = { SYNAPSE_SPECS_DIR: await kit(this).dir('specs'), SYNAPSE_SPECS_NEXT_DIR: 'none' };
  await kit(this).runCommand('spec-site', ['--report', report, '--out', await site(this).siteDir()], env);
});

Then('输出目录中应仍有 {string}', async function (this: SynapseWorld, name: string) {
  expect(await readdir(await site(this).siteDir())).to.deep.equal([name]);
});

// The browser scenario: a real run of a few scenarios, the command, then Chromium. Each step waits on real
// work (a cucumber process, a browser start) that a loaded machine stretches: generous bounds.
Given('一次只运行了 {string} 的报告运行', { timeout: 180_000 }, async function (this: SynapseWorld, target: string) {
  await site(this).runCucumber(target);
});

When('用 spec:site 命令由这次运行生成站点', { timeout: 120_000 }, async function (this: SynapseWorld) {
  await site(this).buildWithCommand();
});

When('在浏览器中打开站点首页', { timeout: 120_000 }, async function (this: SynapseWorld) {
  await (await browser(this).page()).goto(pathToFileURL(join(await site(this).siteDir(), 'index.html')).href);
});

Then('首页应列出源文档目录与交接目录中的每一份文档', async function (this: SynapseWorld) {
  const location = locateSpecs(process.env, REPO);
  if ('error' in location) throw new Error(location.error);
  const names = (await Promise.all(location.folders.map((folder) => readdir(folder.dir)))).flat().filter((name) => name.endsWith('.md'));
  const listed = await (await browser(this).page()).locator('tr.document').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-document')));
  expect([...listed].sort()).to.deep.equal([...names].sort());
});

Then('首页上 {string} 应为 {string}', async function (this: SynapseWorld, document: string, counts: string) {
  const row = (await browser(this).page()).locator(`tr.document[data-document="${document}"]`);
  expect((await row.locator('.counts-text').innerText()).trim()).to.equal(counts);
});

Then('把页面截图附到报告中，名为 {string}', { timeout: 60_000 }, async function (this: SynapseWorld, name: string) {
  await browser(this).attachScreenshot(name);
});

When('在首页点击 {string}，再点开场景 {string} 的证据', { timeout: 60_000 }, async function (this: SynapseWorld, document: string, title: string) {
  const page = await browser(this).page();
  await page.getByRole('link', { name: document, exact: true }).click();
  await page.waitForURL(/documents\/.+\.html$/);
  const scenario = page.locator('main section.scenario').filter({ has: page.getByRole('heading', { name: `Scenario: ${title}`, exact: true }) });
  await scenario.locator('details.evidence > summary').click();
  await scenario.evaluate((element) => element.scrollIntoView()); // the scenario's heading at the top, for the screenshot
});

Then('证据中应可见 {string}', async function (this: SynapseWorld, text: string) {
  const page = await browser(this).page();
  await page.locator('details.evidence[open]').getByText(text).first().waitFor({ state: 'visible' });
});

When('按状态 {string} 过滤', async function (this: SynapseWorld, status: string) {
  await (await browser(this).page()).selectOption('#status-filter', status);
});

Then('文档页应只显示 {int} 个场景，不显示 {string}', async function (this: SynapseWorld, count: number, title: string) {
  const page = await browser(this).page();
  const visible = await page.locator('main section.scenario:visible h3').allInnerTexts();
  expect(visible).to.have.length(count);
  expect(visible).not.to.include(`Scenario: ${title}`);
});

When('在搜索框输入 {string}', async function (this: SynapseWorld, text: string) {
  await (await browser(this).page()).fill('#search', text);
});

Then('搜索结果应列出场景 {string}，状态为 {string}', async function (this: SynapseWorld, title: string, status: string) {
  const page = await browser(this).page();
  const results = page.locator('#search-results');
  await results.waitFor({ state: 'visible' });
  const item = results.locator('li').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  expect(await item.locator('.chip').innerText()).to.equal(status);
});

Then(/^浏览器请求过的地址应都是 file:\/\/$/, function (this: SynapseWorld) {
  const { requests } = browser(this);
  expect(requests.length, 'the pages requested their stylesheet and scripts').to.be.greaterThan(3);
  expect(requests.filter((url) => !url.startsWith('file://'))).to.deep.equal([]);
});
