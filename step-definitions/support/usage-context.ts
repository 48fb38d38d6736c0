import { mkdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { usageFromWire, type Usage, type WireUsage } from '../../src/llm';
import { SessionStore, type Session } from '../../src/session';
import { accumulateUsage, createEmptyUsageAccount, loadPricingFile, usageAccountOf, type ModelPricing, type PricingTable, type UsageAccount } from '../../src/usage';
import { section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

/** The model the usage scenarios account for, and a price for it ($ per million tokens). */
export const PRICED_MODEL = 'gpt-4o';
export const PRICE: ModelPricing = { inputPerMillion: 2.5, outputPerMillion: 10, cacheReadPerMillion: 1.25, cacheWritePerMillion: 3.125 };

/** Model calls as servers report them: OpenAI's cached_tokens, Anthropic-style cache fields, none. */
export const WIRE_ROUNDS: WireUsage[] = [
  { prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280, prompt_tokens_details: { cached_tokens: 700 } },
  { prompt_tokens: 900, completion_tokens: 40, total_tokens: 940, cache_read_input_tokens: 500, cache_creation_input_tokens: 300 },
  { prompt_tokens: 350, completion_tokens: 25, total_tokens: 375 },
];

/**
 * A usage-accounting scenario: an account grown with accumulateUsage, and the same calls recorded in a real
 * session (usage.jsonl), read back as an account. Both must agree with the sums of the calls made.
 */
export class UsageContext implements Narrating {
  account = createEmptyUsageAccount(PRICED_MODEL);
  /** The account before the last When, to see what one call changed. */
  before?: UsageAccount;
  /** Every call accumulated, as Usage. */
  readonly calls: Usage[] = [];
  pricing: PricingTable = {};
  /** The session's usage read back from disk, as an account. */
  fromDisk?: UsageAccount;
  output?: string;
  /** The session the calls are recorded in (created on the first call). */
  session?: Session;

  constructor(private readonly world: SynapseWorld) {}

  /** Accumulates a call, and records it in the scenario's session too. */
  async accumulate(wire: WireUsage, model = this.account.model): Promise<void> {
    const usage = usageFromWire(wire);
    this.calls.push(usage);
    this.account = accumulateUsage(this.account, usage, { model, pricing: this.pricing });
    this.session ??= await (await this.store()).create();
    await this.session.recordUsage(usage, model);
  }

  /** The recorded session opened again from its files, as an account priced like the scenario's. */
  async reread(): Promise<UsageAccount> {
    await this.session?.flush();
    const session = this.session ? await (await this.store()).open(this.session.id) : undefined;
    this.fromDisk = session ? usageAccountOf(session.usage, this.pricing, this.account.model) : createEmptyUsageAccount(this.account.model);
    return this.fromDisk;
  }

  /** The scenario's sessions directory. */
  async store(): Promise<SessionStore> {
    return new SessionStore(join(await this.world.tempDir(), 'sessions'));
  }

  /** A file of the scenario's session. */
  async sessionFile(name: string): Promise<string> {
    return join((await this.store()).sessionsDir, this.session!.id, name);
  }

  /** Writes `~/.synapse/pricing.json` (the scenario's HOME) and loads it as synapse would. */
  async writePricing(table: Record<string, ModelPricing>): Promise<void> {
    const dir = join(homedir(), '.synapse');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'pricing.json'), JSON.stringify(table, null, 2));
    const loaded = loadPricingFile();
    if (loaded.warning) throw new Error(loaded.warning);
    this.pricing = loaded.pricing;
  }

  /** The sums of every call accumulated, by kind of token. */
  sums(): Pick<UsageAccount, 'totalInputOther' | 'totalOutput' | 'totalCacheRead' | 'totalCacheCreation'> {
    const read = this.calls.reduce((sum, call) => sum + (call.cache_read_tokens ?? 0), 0);
    const write = this.calls.reduce((sum, call) => sum + (call.cache_write_tokens ?? 0), 0);
    const prompt = this.calls.reduce((sum, call) => sum + call.prompt_tokens, 0);
    return { totalInputOther: prompt - read - write, totalOutput: this.calls.reduce((sum, call) => sum + call.completion_tokens, 0), totalCacheRead: read, totalCacheCreation: write };
  }

  narrate(): string[] {
    return section('Usage account', [JSON.stringify(this.account, null, 2), ...(this.output ? [`formatCostOutput: ${this.output}`] : [])]);
  }
}
