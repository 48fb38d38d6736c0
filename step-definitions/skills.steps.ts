// Agent Skills through the router and the agent loop (features/skills.feature): real skill folders, real bash.
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Given, Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'chai';
import type { SandboxMode } from '../src';
import { ExtensionsContext, type SkillPlace } from './support/extensions-context';
import { RunnerContext } from './support/runner-context';
import { ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const ext = (world: SynapseWorld) => world.use(ExtensionsContext);
const tools = (world: SynapseWorld) => world.use(ToolsContext);
const runner = (world: SynapseWorld) => world.use(RunnerContext);

const PLACES: Record<string, SkillPlace> = {
  '--skills-dir 目录': 'explicit',
  '项目的 .agents/skills': 'project',
  '用户的 ~/.agents/skills': 'home-agents',
  '用户的 ~/.synapse/skills': 'home-synapse',
};
const PLACE = '(--skills-dir 目录|项目的 .agents/skills|用户的 ~/.agents/skills|用户的 ~/.synapse/skills)';

/** Commands the model was scripted to run, with what each result must contain. */
const scripted = new WeakMap<SynapseWorld, Array<{ command: string; contains: string }>>();

// --- arranging skills -----------------------------------------------------------------------------

Given(new RegExp(`^${PLACE} ?中有技能 "(.+)"，描述为 "(.+)"$`), async function (this: SynapseWorld, place: string, name: string, description: string) {
  await ext(this).addSkill(PLACES[place]!, name, `---\nname: ${name}\ndescription: ${description}\n---\nInstructions of ${name}.\n`);
});

Given(new RegExp(`^${PLACE} ?中文件夹 "(.+)" 的 SKILL.md 为 "([\\s\\S]*)"$`), async function (this: SynapseWorld, place: string, folder: string, content: string) {
  // `\n` written in the step text (a table cell has it unescaped already) is a line break.
  await ext(this).addSkill(PLACES[place]!, repeatMarks(folder), repeatMarks(content.replaceAll('\\n', '\n')));
});

Given(/^项目的 .agents\/skills 中有技能 "(.+)"，描述为 "(.+)"，带脚本 "(.+)":$/, async function (this: SynapseWorld, name: string, description: string, script: string, body: string) {
  await ext(this).addSkill('project', name, `---\nname: ${name}\ndescription: ${description}\n---\nRun ${script}.\n`, { [script]: `${body}\n` });
});

// Outside the workspace and under /tmp: the one place a sandbox's private /tmp would hide from the shell.
Given(/^\/tmp 下工作区外的目录作为 --skills-dir，其中有技能 "(.+)"，带脚本 "(.+)":$/, async function (this: SynapseWorld, name: string, script: string, body: string) {
  const dir = await mkdtemp(join(tmpdir(), 'synapse-skills-'));
  this.onCleanup(() => rm(dir, { recursive: true, force: true }));
  for (const [path, content] of Object.entries({ 'SKILL.md': `---\nname: ${name}\ndescription: Test skill ${name}\n---\nRun ${script}.\n`, [script]: `${body}\n` })) {
    await mkdir(dirname(join(dir, name, path)), { recursive: true });
    await writeFile(join(dir, name, path), content);
  }
  ext(this).skillsDirs.push(dir);
});

Given('Runner 的沙箱模式为 {string}', function (this: SynapseWorld, mode: SandboxMode) {
  runner(this).options.security = { ...runner(this).options.security, sandbox: mode };
});

Given(/^项目的 .agents\/skills 中有技能 "(.+)"，描述为 "(.+)"，另带 (\d+) 个参考文件$/, async function (this: SynapseWorld, name: string, description: string, count: string) {
  const files = Object.fromEntries(Array.from({ length: Number(count) }, (_, i) => [`references/note-${String(i + 1).padStart(3, '0')}.md`, `Note ${i + 1}.\n`]));
  await ext(this).addSkill('project', name, `---\nname: ${name}\ndescription: ${description}\n---\nSee the notes.\n`, files);
});

Given(/^项目的 .agents\/skills 中文件夹 "(.+)" 的 SKILL.md 是(一个目录|指向自己的符号链接)$/, async function (this: SynapseWorld, folder: string, kind: string) {
  const location = join(await ext(this).skillDir('project'), folder, 'SKILL.md');
  await mkdir(kind === '一个目录' ? location : dirname(location), { recursive: true });
  if (kind !== '一个目录') await symlink(location, location);
});

Given('本场景的扩展层没有配置任何技能或 MCP 服务器', async function (this: SynapseWorld) {
  ext(this); // an extension layer over the scenario's empty project and HOME, nothing installed in either
});

Given('演示技能目录作为 --skills-dir', function (this: SynapseWorld) {
  ext(this).skillsDirs.push(ext(this).demoSkills);
});

Given(/^--skills-dir 目录中有 (\d+) 个描述(简短|长达 1000 个字符)的技能$/, async function (this: SynapseWorld, count: string, kind: string) {
  for (let i = 1; i <= Number(count); i++) {
    const name = `skill-${String(i).padStart(2, '0')}`;
    const description = kind === '简短' ? `Skill ${i}.` : `Skill ${i} - ${'detail '.repeat(140).trim()}`.slice(0, 1000);
    await ext(this).addSkill('explicit', name, `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`);
  }
});

// --- the model ----------------------------------------------------------------------------------------

Given('技能子代理对 {string} 回复 {string}', function (this: SynapseWorld, request: string, text: string) {
  runner(this).subAgentReply(request, { content: text });
});

Given(/^模型依次调用 Bash 执行下列命令，然后回复 "(.*)":$/, function (this: SynapseWorld, text: string, table: DataTable) {
  const rows = table.hashes().map((row) => ({ command: row['命令']!, contains: row['结果应包含']! }));
  scripted.set(this, rows);
  for (const row of rows) runner(this).reply([row.command]);
  runner(this).reply(text);
});

// --- checking -----------------------------------------------------------------------------------------

Then('技能清单应依次为:', async function (this: SynapseWorld, table: DataTable) {
  const listed = await listedSkills(this);
  const expected = await Promise.all(
    table.hashes().map(async (row) => ({ name: row['名称']!, description: row['描述']!, location: `${await ext(this).skillDir(PLACES[row['来源']!]!)}/${row['名称']}/SKILL.md` })),
  );
  expect(listed).to.deep.equal(expected);
});

Then('技能清单应只有 {string}', async function (this: SynapseWorld, name: string) {
  expect((await listedSkills(this)).map((skill) => skill.name)).to.deep.equal([name]);
});

Then(/^技能警告应有 (\d+) 条，其中一条以 `(.+)` 开头$/, async function (this: SynapseWorld, count: string, warning: string) {
  const warnings = (await tools(this).result()).stderr.split('\n').filter(Boolean);
  expect(warnings).to.have.length(Number(count));
  const expected = `warning: ${await ext(this).expand(repeatMarks(warning))}`;
  expect(
    warnings.some((line) => line.startsWith(expected)),
    `a warning starting with ${expected} in:\n${warnings.join('\n')}`,
  ).to.equal(true);
});

Then('依次路由下列 skill:search，结果应依次为:', async function (this: SynapseWorld, table: DataTable) {
  for (const row of table.hashes()) {
    const { stdout, exitCode } = await tools(this).run(`skill:search ${row['关键词']}`);
    expect(exitCode).to.equal(0);
    const names = stdout.startsWith('No skill matches')
      ? []
      : stdout
          .split('\n\n')[0]!
          .split('\n')
          .map((line) => line.split(/\s+/)[0]);
    expect(names.join(', '), `skill:search ${row['关键词']}`).to.equal(row['结果']);
  }
});

Then('系统提示中的技能目录应依次列出 {string}，每项带描述与位置', async function (this: SynapseWorld, names: string) {
  const entries = skillEntries(this);
  expect(entries.map((entry) => entry.name).join(', ')).to.equal(names);
  const library = (await ext(this).extensions()).skills;
  for (const entry of entries) {
    const skill = (await library.get(entry.name))!;
    expect(entry).to.deep.equal({ name: skill.name, description: skill.description, location: `${ext(this).demoSkills}/${skill.name}/SKILL.md` });
  }
});

Then(/^系统提示中的技能目录应有 (\d+) 项$/, function (this: SynapseWorld, count: string) {
  expect(skillEntries(this)).to.have.length(Number(count));
});

Then(/^系统提示中的技能目录不应超过 (\d+) 个字符，并提示其余的技能请运行 skill:list$/, async function (this: SynapseWorld, limit: string) {
  const prompt = systemPrompt(this);
  const catalog = /<available_skills>\n([\s\S]*)\n<\/available_skills>/.exec(prompt)![1]!;
  expect(catalog.length).to.be.at.most(Number(limit));
  const { skills } = await (await ext(this).extensions()).skills.load();
  const shown = skillEntries(this).length;
  expect(shown).to.be.greaterThan(0).and.lessThan(skills.length);
  expect(prompt).to.include(`(${skills.length - shown} more skills: run skill:list)`);
});

Then(/^技能子代理收到的系统提示应包含 `(.+)`$/, async function (this: SynapseWorld, text: string) {
  const request = skillSubAgentRequest(this);
  expect(request.messages[0]).to.deep.include({ role: 'system' });
  expect(String(request.messages[0]!.content)).to.include(await ext(this).expand(text));
});

Then('技能子代理的请求不应带任何工具', function (this: SynapseWorld) {
  expect(skillSubAgentRequest(this).tools ?? []).to.deep.equal([]);
});

Then('模型收到的工具结果应依次包含上表的内容', function (this: SynapseWorld) {
  const toolResults = this.llm.requests
    .at(-1)!
    .messages.filter((message) => message.role === 'tool')
    .map((message) => String(message.content));
  const rows = scripted.get(this)!;
  expect(toolResults).to.have.length(rows.length);
  for (const [i, row] of rows.entries()) expect(toolResults[i], row.command).to.include(row.contains);
});

// --- helpers --------------------------------------------------------------------------------------------

/** `{a*65}` in a feature's text: the letter repeated that many times. */
function repeatMarks(text: string): string {
  return text.replace(/\{(\w)\*(\d+)\}/g, (_, letter: string, times: string) => letter.repeat(Number(times)));
}

/** skill:list's lines (before its closing hint): name, description, location. */
async function listedSkills(world: SynapseWorld): Promise<Array<{ name: string; description: string; location: string }>> {
  const { stdout } = await tools(world).result();
  return stdout
    .split('\n\n')[0]!
    .split('\n')
    .filter((line) => line && !line.startsWith('No skills'))
    .map((line) => {
      const [, name, description, location] = /^(\S+)\s+(.*?)\s+\((.+)\)$/.exec(line)!;
      return { name: name!, description: description!, location: location! };
    });
}

function systemPrompt(world: SynapseWorld): string {
  const first = world.llm.requests[0]!.messages[0]!;
  expect(first.role).to.equal('system');
  return String(first.content);
}

function skillEntries(world: SynapseWorld): Array<{ name: string; description: string; location: string }> {
  return [...systemPrompt(world).matchAll(/<skill>\n<name>(.*)<\/name>\n<description>(.*)<\/description>\n<location>(.*)<\/location>\n<\/skill>/g)].map(([, name, description, location]) => ({
    name: name!,
    description: description!,
    location: location!,
  }));
}

/** The request the tool-less skill sub-agent sent (its conversation opens with the search request). */
function skillSubAgentRequest(world: SynapseWorld) {
  const requests = world.llm.requests.filter((request) => String(request.messages[0]?.content ?? '').startsWith('You are a skill-search sub-agent'));
  expect(requests, 'one request of the skill sub-agent').to.have.length(1);
  return requests[0]!;
}

Given(/^项目的 .agents\/skills 中的技能 "(.+)" 带有文件:$/, async function (this: SynapseWorld, name: string, table: DataTable) {
  const dir = join(await ext(this).skillDir('project'), name);
  if (!existsSync(join(dir, 'SKILL.md'))) await ext(this).addSkill('project', name, `---\nname: ${name}\ndescription: The ${name} skill\n---\nInstructions of ${name}.\n`);
  for (const row of table.hashes()) {
    await mkdir(dirname(join(dir, row['路径']!)), { recursive: true });
    await writeFile(join(dir, row['路径']!), `${row['内容']!.replaceAll('\\n', '\n')}\n`);
  }
});

Given('技能 {string} 的文件 {string} 可执行', async function (this: SynapseWorld, name: string, path: string) {
  await chmod(join(await ext(this).skillDir('project'), name, path), 0o755);
});
