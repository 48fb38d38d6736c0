import { type DataTable, Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import { CliContext } from './support/cli-context';
import type { SynapseWorld } from './support/world';

const cli = (world: SynapseWorld) => world.use(CliContext);
const fail = (world: SynapseWorld) => `\n${cli(world).describe()}`;

/** One command of a scripted attacker, and what its tool result must (not) hold. */
interface Attack {
  id: string;
  command: string;
  holds: string;
  lacks: string;
}

const attacks = new WeakMap<SynapseWorld, Attack[]>();

/** `<work>`, `<other>` and the values steps saved (`<outside>`), as the CLI's own command lines get them. */
async function fill(world: SynapseWorld, text: string): Promise<string> {
  const values = new Map<string, string>([['work', await cli(world).dir('work')], ['other', await cli(world).dir('other')], ...cli(world).saved]);
  return text.replace(/<([\w-]+)>/g, (placeholder, name: string) => values.get(name) ?? placeholder);
}

// One synapse process for the whole table: the attacker's commands are its model's tool calls, one a round,
// in order (a row with 次数 n is n calls); a denial or a failed command does not stop the run.
When('CLI 攻击者模型依次用 Bash 执行下表的命令，synapse 运行 {string}:', async function (this: SynapseWorld, commandLine: string, table: DataTable) {
  const model = await cli(this).model();
  const list: Attack[] = [];
  for (const row of table.hashes()) {
    const times = Number(row['次数'] || 1);
    for (let n = 0; n < times; n++) {
      const attack = { id: `call_${list.length + 1}`, command: await fill(this, row['命令']!), holds: await fill(this, row['结果包含'] ?? ''), lacks: await fill(this, row['结果不含'] ?? '') };
      list.push(attack);
      model.reply({ toolCalls: [{ id: attack.id, name: 'Bash', arguments: JSON.stringify({ command: attack.command }) }] });
    }
  }
  model.reply({ content: 'done' });
  attacks.set(this, list);
  await cli(this).run(commandLine, { env: { SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES: '1000' } });
});

Then('每条攻击命令的工具结果都应该如表中所写', async function (this: SynapseWorld) {
  expect(cli(this).result.exitCode, fail(this)).to.equal(0);
  const last = (await cli(this).model()).received.at(-1)?.body.messages ?? [];
  for (const attack of attacks.get(this)!) {
    const result = last.find((message) => message.role === 'tool' && message.tool_call_id === attack.id)?.content;
    const where = `${attack.id}: ${attack.command}\n=> ${result}${fail(this)}`;
    expect(result, where).to.be.a('string');
    expect(result, where).to.include(attack.holds);
    if (attack.lacks) expect(result, where).not.to.include(attack.lacks);
  }
});
