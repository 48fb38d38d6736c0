// Property tests of the tools layer (features/tools-properties.feature), with fast-check.
import { Then } from '@cucumber/cucumber';
import { expect } from 'chai';
import fc from 'fast-check';
import type { ToolResult } from '../src';
import { quoteShellArg } from '../src/tools/shell-quote';
import { TokenizeError, tokenizeShellLine } from '../src/tools/shell-tokenizer';
import { ToolsContext } from './support/tools-context';
import type { SynapseWorld } from './support/world';

const tools = (world: SynapseWorld) => world.use(ToolsContext);
// permission_denied: a generated line the shell parser cannot read is asked, and headless that is a denial.
const CATEGORIES = ['command_not_found', 'invalid_usage', 'execution_error', 'permission_denied'];

/** A path segment that stays inside the workspace whatever the text (no /, ~ or leading dots). */
const insideWorkspace = (text: string) => `p-${text.replace(/[/~\0]/g, '_')}`;

/**
 * Tool calls whose arbitrary text can only reach agent commands, extensions or the misuse checks: every
 * command starts with a fixed word, and paths are pinned inside the workspace. Nothing here runs in bash.
 */
function generatedToolCalls(): fc.Arbitrary<unknown> {
  const text = fc.string({ unit: 'binary', maxLength: 40 });
  const command = (build: (value: string) => string) => text.map((value) => ({ command: build(value) }));
  return fc.oneof(
    fc.anything(),
    fc.record({ command: fc.anything() }),
    command((value) => value.replace(/\S/g, '')), // blank
    command((value) => `Bash(command=${JSON.stringify(value)})`),
    command((value) => `Bash ${value}`),
    command((value) => `read ${quoteShellArg(insideWorkspace(value))}`),
    command((value) => `read tmp.txt ${value}`),
    command((value) => `write out.txt ${value}`),
    command((value) => `edit tmp.txt ${value}`),
    command((value) => `glob ${quoteShellArg(insideWorkspace(value))}`),
    command((value) => `search ${quoteShellArg(value)}`),
    command((value) => `TodoWrite ${value}`),
    command((value) => `task:${value}`),
    command((value) => `mcp:${value}`),
    command((value) => `skill:${value}`),
  );
}

function assertWellFormed(result: ToolResult): void {
  expect(result.isError).to.be.a('boolean');
  expect(result.message).to.be.a('string').and.not.equal('');
  expect(result.output).to.be.a('string');
  if (result.isError) expect(CATEGORIES).to.include(result.extras?.failureCategory);
}

Then(/^对 (\d+) 个生成的工具调用，Bash 工具都返回带消息且分类完整的结果$/, async function (this: SynapseWorld, runs: string) {
  const tool = await tools(this).tool();
  await fc.assert(
    fc.asyncProperty(generatedToolCalls(), async (args) => {
      assertWellFormed(await tool.execute(args as never));
    }),
    { numRuns: Number(runs) },
  );
});

Then(/^对 (\d+) 个生成的字符串，路由 `printf '%s' <引用后的字符串>` 的输出与原文相同$/, async function (this: SynapseWorld, runs: string) {
  const router = await tools(this).router();
  await fc.assert(
    fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 40 }), async (text) => {
      const result = await router.route(`printf '%s' ${quoteShellArg(text)}`);
      expect(result).to.deep.equal({ stdout: text.replace(/\0/g, ''), stderr: '', exitCode: 0 });
    }),
    { numRuns: Number(runs) },
  );
});

Then(/^对 (\d+) 组生成的词，引用后再分词得到原来的词$/, function (runs: string) {
  fc.assert(
    fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { minLength: 1, maxLength: 6 }), (words) => {
      const line = words.map(quoteShellArg).join(' ');
      expect(tokenizeShellLine(line)).to.deep.equal({ words: words.map((word) => word.replace(/\0/g, '')), operators: [] });
    }),
    { numRuns: Number(runs) },
  );
});

/** Each line of the doc string: {"line", "words", "operators"} or {"line", "error"}. */
Then('分词器对每一行的结果应为:', function (cases: string) {
  for (const text of cases.split('\n')) {
    const { line, error, ...expected } = JSON.parse(text) as { line: string; error?: string; words?: string[]; operators?: string[] };
    if (error) {
      const thrown = (() => {
        try {
          tokenizeShellLine(line);
        } catch (caught) {
          return caught;
        }
      })();
      expect(thrown, line).to.be.instanceOf(TokenizeError).and.deep.include({ name: 'TokenizeError', message: error });
    } else expect(tokenizeShellLine(line), line).to.deep.equal(expected);
  }
});

// --- TodoWrite against an oracle written independently of the zod schema --------------------------

interface Limits {
  maxItems: number;
  maxContentLength: number;
}

const STATUSES = ['pending', 'in_progress', 'completed'];
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasExactlyKeys = (value: Record<string, unknown>, keys: string[]) => {
  const own = Object.keys(value).sort();
  return own.length === keys.length && [...keys].sort().every((key, index) => own[index] === key);
};

function oracleAccepts(document: unknown, limits: Limits): boolean {
  const validText = (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= limits.maxContentLength;
  if (!isPlainObject(document) || !hasExactlyKeys(document, ['todos'])) return false;
  const { todos } = document;
  if (!Array.isArray(todos) || todos.length > limits.maxItems) return false;
  const valid = todos.every(
    (item) => isPlainObject(item) && hasExactlyKeys(item, ['content', 'activeForm', 'status']) && validText(item.content) && validText(item.activeForm) && STATUSES.includes(item.status as string),
  );
  return valid && todos.filter((item) => item.status === 'in_progress').length <= 1;
}

/** The limit an environment value sets: positive integers are taken, anything else means the default. */
function effectiveLimit(raw: string, fallback: number): number {
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback;
}

function withExtraKey<T extends Record<string, unknown>>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Record<string, unknown>> {
  const extraKey = fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
  return fc.tuple(arbitrary, extraKey).map(([value, key]) => (key === null ? value : { ...value, [key]: 1 }));
}

function todoDocuments(): fc.Arbitrary<unknown> {
  const text = fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 10 }) },
    { weight: 1, arbitrary: fc.constantFrom('', '   ', '\t\n') },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
  );
  const status = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...STATUSES) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) });
  const item = fc.oneof(
    {
      weight: 8,
      arbitrary: withExtraKey(
        fc.oneof(
          { weight: 5, arbitrary: fc.record({ content: text, activeForm: text, status }) },
          { weight: 1, arbitrary: fc.record({ content: text, activeForm: text, status }, { requiredKeys: [] }) },
        ),
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
  );
  const todos = fc.oneof({ weight: 8, arbitrary: fc.array(item, { maxLength: 5 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) });
  return fc.oneof(
    { weight: 8, arbitrary: withExtraKey(fc.oneof({ weight: 6, arbitrary: fc.record({ todos }) }, { weight: 1, arbitrary: fc.record({ todos }, { requiredKeys: [] }) })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

Then(/^对 (\d+) 个生成的 todo 文档与上限设置，TodoWrite 的接受与否与独立判定一致$/, async function (this: SynapseWorld, runs: string) {
  const context = tools(this);
  const router = await context.router();
  // Register the restore once; the property then sets the variables directly for each run.
  this.setEnv('SYNAPSE_TODO_MAX_ITEMS', undefined);
  this.setEnv('SYNAPSE_TODO_MAX_CONTENT_LENGTH', undefined);
  const limitSetting = fc.oneof(fc.integer({ min: 1, max: 8 }).map(String), fc.constantFrom('0', '-2', 'abc', '', '3.5'));
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(todoDocuments(), limitSetting, limitSetting, async (document, maxItems, maxContentLength) => {
      process.env.SYNAPSE_TODO_MAX_ITEMS = maxItems;
      process.env.SYNAPSE_TODO_MAX_CONTENT_LENGTH = maxContentLength;
      const json = JSON.stringify(document);
      const parsed: unknown = JSON.parse(json);
      const limits = { maxItems: effectiveLimit(maxItems, 50), maxContentLength: effectiveLimit(maxContentLength, 200) };
      const before = context.todoStore.get();
      const result = await router.route(`TodoWrite ${quoteShellArg(json)}`);
      const expected = oracleAccepts(parsed, limits);
      expect(result.exitCode, `${json} with ${JSON.stringify(limits)}: ${result.stderr}`).to.equal(expected ? 0 : 1);
      if (expected) {
        accepted++;
        expect(context.todoStore.get().items).to.deep.equal((parsed as { todos: unknown[] }).todos);
      } else {
        expect(context.todoStore.get()).to.equal(before);
        expect(result.failureCategory).to.equal('invalid_usage');
      }
    }),
    { numRuns: Number(runs) },
  );
  // The generators must exercise both outcomes, or the property proves little.
  expect(accepted).to.be.greaterThan(Number(runs) / 20);
  expect(accepted).to.be.lessThan(Number(runs) * 0.95);
});
