// TodoWrite through the router, and TodoStore notifications (02-p1-core-tools-part06, features/todo-write.feature).
import { Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import type { TodoItem } from '../src';
import { TodoStoreContext } from './support/todo-store-context';
import { todoItem, todoItems, todoWriteCommand, ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

/** The default of SYNAPSE_TODO_MAX_ITEMS as the issue documents it. */
const DOCUMENTED_DEFAULT_MAX_ITEMS = 50;
/** The default of SYNAPSE_TODO_MAX_CONTENT_LENGTH as the issue documents it. */
const DOCUMENTED_DEFAULT_MAX_CONTENT_LENGTH = 200;

const tools = (world: SynapseWorld) => world.use(ToolsContext);

/** A step text matched literally (it holds ( ) / that Cucumber expressions would read as syntax). */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
const todos = (world: SynapseWorld) => world.use(TodoStoreContext);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// --- TodoWrite: arranging input -------------------------------------------------------------------

Given('执行命令仅为 `TodoWrite` 且不带 JSON 体', function (this: SynapseWorld) {
  tools(this).prepare('TodoWrite');
});

Given(/^todos 项缺少 `(\w+)` 字段$/, function (this: SynapseWorld, field: string) {
  tools(this).prepareTodoWrite({ todos: [todoItem({ [field]: undefined })] });
});

Given(/^todos 项 `(\w+)="([^"]*)"`$/, function (this: SynapseWorld, field: string, value: string) {
  tools(this).prepareTodoWrite({ todos: [todoItem({ [field]: value })] });
});

Given(/^todos 项包含未定义字段 `(\w+)`$/, function (this: SynapseWorld, field: string) {
  tools(this).prepareTodoWrite({ todos: [todoItem({ [field]: 'unexpected' })] });
});

Given(/^根对象包含未定义字段 `(\w+)`$/, function (this: SynapseWorld, field: string) {
  tools(this).prepareTodoWrite({ todos: [todoItem()], [field]: 'unexpected' });
});

Given('当前 TodoStore 中已有任务', function (this: SynapseWorld) {
  tools(this).todoStore.update(todoItems(2) as unknown as TodoItem[]);
});

// The plain `环境变量 \`NAME=value\`` step is shared with the runner steps; this is its 「invalid value」 variant.
Given(/^环境变量 `(\w+)=([^`]*)`（非法）$/, function (this: SynapseWorld, name: string, value: string) {
  this.setEnv(name, value);
});

Given(/^输入中同时含 `completed\/in_progress\/pending` 三类状态$/, function (this: SynapseWorld) {
  const items = [...todoItems(2, 'completed'), ...todoItems(1, 'in_progress'), ...todoItems(3, 'pending')].map((item, index) => ({ ...item, content: `Step ${index + 1}` }));
  items.push(items.shift()!); // mixed order, so a count cannot come from position
  tools(this).prepareTodoWrite({ todos: items });
});

// --- TodoWrite: running ---------------------------------------------------------------------------

When(/^(?:Handler 解析参数|进入 JSON\.parse|执行 schema 校验|执行校验|TodoWrite 更新成功)$/, async function (this: SynapseWorld) {
  await tools(this).run();
});

When(/^提交 (\d+) 条 todo$/, async function (this: SynapseWorld, count: string) {
  tools(this).prepareTodoWrite({ todos: todoItems(Number(count)) });
  await tools(this).run();
});

When('提交合法输入', async function (this: SynapseWorld) {
  // Exactly the documented default: accepted only if the invalid setting fell back to it.
  tools(this).prepareTodoWrite({ todos: todoItems(DOCUMENTED_DEFAULT_MAX_ITEMS) });
  await tools(this).run();
});

When(/^提交超过长度上限的 `(content|activeForm)`$/, async function (this: SynapseWorld, field: string) {
  const configured = Number(process.env.SYNAPSE_TODO_MAX_CONTENT_LENGTH);
  const limit = configured > 0 ? configured : DOCUMENTED_DEFAULT_MAX_CONTENT_LENGTH;
  tools(this).todoOversizedField = field;
  tools(this).prepareTodoWrite({ todos: [todoItem({ [field]: 'x'.repeat(limit + 1) })] });
  await tools(this).run();
});

// --- TodoWrite: results ---------------------------------------------------------------------------

Then('stderr 包含 `Missing JSON parameter` 与标准 `USAGE`', async function (this: SynapseWorld) {
  const { stderr } = await tools(this).result();
  expect(stderr).to.include('Missing JSON parameter');
  expect(stderr).to.match(/^USAGE: TodoWrite '\{"todos":\[/m);
});

Then(/^错误路径应指向 `([^`]+)`$/, async function (this: SynapseWorld, path: string) {
  const pattern = escapeRegExp(path).replace(/\\\*/g, '\\d+');
  expect((await tools(this).result()).stderr).to.match(new RegExp(`^- ${pattern}: Required$`, 'm'));
});

Then(/^错误信息应明确 `(\w+)` 非法$/, async function (this: SynapseWorld, field: string) {
  const { exitCode, stderr } = await tools(this).result();
  expect(exitCode).to.equal(1);
  expect(stderr).to.match(new RegExp(`^- todos\\.0\\.${field}: ${field} must not be empty or blank$`, 'm'));
});

Then(/^错误信息应包含 `([^`]+)`$/, async function (this: SynapseWorld, text: string) {
  const { exitCode, stderr } = await tools(this).result();
  expect(exitCode).to.equal(1);
  expect(stderr).to.include(text);
});

Then('错误路径应指向根级别额外字段', async function (this: SynapseWorld) {
  const { stderr } = await tools(this).result();
  const extraKeys = Object.keys(tools(this).todoDocument!).filter((key) => key !== 'todos');
  expect(extraKeys).to.not.be.empty;
  for (const key of extraKeys) expect(stderr).to.match(new RegExp(`^- ${key}: unknown field at the root level`, 'm'));
});

Then(/^TodoStore 项数应变为 `(\d+)`$/, function (this: SynapseWorld, count: string) {
  expect(tools(this).todoStore.get().items).to.have.length(Number(count));
});

Then(/^校验应失败并返回 `([^`]+)`$/, async function (this: SynapseWorld, text: string) {
  const { exitCode, stderr } = await tools(this).result();
  expect(exitCode).to.equal(1);
  expect(stderr).to.include(text);
});

Then('不应更新 TodoStore', async function (this: SynapseWorld) {
  await tools(this).result();
  expect(tools(this).todoStore.get()).to.equal(tools(this).todoStateBefore);
});

Then('校验应按默认上限执行', async function (this: SynapseWorld) {
  // Probe the limit in force: one item over the documented default must be refused.
  const probe = await (await tools(this).router()).route(todoWriteCommand({ todos: todoItems(DOCUMENTED_DEFAULT_MAX_ITEMS + 1) }));
  expect(probe.exitCode).to.equal(1);
  expect(probe.stderr).to.include(`Too many items: ${DOCUMENTED_DEFAULT_MAX_ITEMS + 1} given, maximum is ${DOCUMENTED_DEFAULT_MAX_ITEMS}`);
});

Then('合法输入应可通过', async function (this: SynapseWorld) {
  expect((await tools(this).result()).exitCode).to.equal(0);
  expect(tools(this).todoStore.get().items).to.deep.equal(tools(this).todoDocument!.todos);
});

Then('错误信息应包含最大长度约束', async function (this: SynapseWorld) {
  const { exitCode, stderr } = await tools(this).result();
  const limit = Number(process.env.SYNAPSE_TODO_MAX_CONTENT_LENGTH);
  const field = tools(this).todoOversizedField; // the field the scenario named (`content`)
  expect(field, 'no step submitted an over-long field').to.be.a('string');
  expect(exitCode).to.equal(1);
  expect(stderr.split('\n')).to.include(`- todos.0.${field}: ${field} is too long: ${limit + 1} characters, maximum length is ${limit}`);
});

Then('stdout 应包含三类状态的计数摘要', async function (this: SynapseWorld) {
  const { exitCode, stdout } = await tools(this).result();
  expect(exitCode).to.equal(0);
  const items = tools(this).todoDocument!.todos as TodoItem[];
  expect(stdout.split('\n')[0]).to.match(new RegExp(`^Todo list updated: ${items.length} items \\(\\d+ completed, \\d+ in_progress, \\d+ pending\\)$`));
});

Then('计数应与输入数据一致', async function (this: SynapseWorld) {
  const { stdout } = await tools(this).result();
  const items = tools(this).todoDocument!.todos as TodoItem[];
  const expected = (status: string) => items.filter((item) => item.status === status).length;
  const [, completed, inProgress, pending] = /(\d+) completed, (\d+) in_progress, (\d+) pending/.exec(stdout)!.map(Number);
  expect({ completed, inProgress, pending }).to.deep.equal({ completed: expected('completed'), inProgress: expected('in_progress'), pending: expected('pending') });
  // The list under the counts, one line per item in input order: what is under way by its activeForm.
  const marks = { completed: '[x]', in_progress: '[>]', pending: '[ ]' };
  const listed = items.map((item) => `${marks[item.status]} ${item.status === 'in_progress' ? item.activeForm : item.content}`);
  expect(stdout.split('\n').slice(1, -1)).to.deep.equal(listed);
});

// --- TodoStore notifications ----------------------------------------------------------------------

Given('新建 TodoStore 并尚未更新数据', function (this: SynapseWorld) {
  todos(this); // the scenario's store is created fresh, and nothing updates it before the listener
});

When('注册监听器', function (this: SynapseWorld) {
  todos(this).subscribe('listener');
});

Then('监听器应立即收到一次当前 state 回调', function (this: SynapseWorld) {
  expect(todos(this).listener('listener').calls).to.have.length(1);
});

Then(exactly('回调 state 应与 `store.get()` 一致'), function (this: SynapseWorld) {
  const [[state]] = todos(this).listener('listener').calls;
  expect(state).to.deep.equal(todos(this).store.get());
});

Given('已注册监听器且再次传入同一引用的 todos 列表', function (this: SynapseWorld) {
  const context = todos(this);
  context.store.update(context.items);
  context.subscribe('listener');
  context.snapshot();
  // The hardest case for "refreshed": the next update comes within the same millisecond.
  const frozen = context.stateBefore!.updatedAt;
  const realNow = Date.now;
  Date.now = () => frozen;
  this.onCleanup(() => (Date.now = realNow));
});

When(exactly('执行 `store.update(items)`'), function (this: SynapseWorld) {
  todos(this).store.update(todos(this).items);
});

Then('监听器仍应收到变更通知', function (this: SynapseWorld) {
  const context = todos(this);
  expect(context.callsSinceSnapshot('listener')).to.equal(1);
  expect(context.listener('listener').calls.at(-1)![0].items).to.deep.equal(context.items);
});

Then('`updatedAt` 应刷新', function (this: SynapseWorld) {
  const { updatedAt } = todos(this).store.get();
  expect(updatedAt).to.be.greaterThan(todos(this).stateBefore!.updatedAt);
  expect(todos(this).listener('listener').calls.at(-1)![0].updatedAt, 'the listener heard the new state').to.equal(updatedAt);
});

Given('已注册监听器并获取 `unsubscribe`', function (this: SynapseWorld) {
  todos(this).subscribe('unsubscribed');
  todos(this).subscribe('other');
  todos(this).snapshot();
});

When(exactly('调用 `unsubscribe()` 后再次 `update`'), function (this: SynapseWorld) {
  todos(this).unsubscribes.get('unsubscribed')!();
  todos(this).store.update(todos(this).items);
});

Then('该监听器不应再被调用', function (this: SynapseWorld) {
  expect(todos(this).callsSinceSnapshot('unsubscribed')).to.equal(0);
});

Then('不影响其它监听器', function (this: SynapseWorld) {
  expect(todos(this).callsSinceSnapshot('other')).to.equal(1);
});
