// The tokenizer's rank table (features/session-store.feature): decoded by src/session, checked against
// js-tiktoken's own encoder. Decoded afresh here: the counter decodes it once per process, so a broken
// decoder could otherwise hide behind a table an earlier scenario built.
import { randomInt } from 'node:crypto';
import { Then, When } from '@cucumber/cucumber';
import { expect } from 'chai';
import type { TiktokenBPE } from 'js-tiktoken/lite';
import { type ByteRanks, decodeRanks } from '../src/session/byte-pair-count';
import { referenceTokens } from './support/reference-tokenizer';
import type { SynapseWorld } from './support/world';

const decoded = new WeakMap<SynapseWorld, ByteRanks>();

When('解码 o200k_base 的 rank 表', function (this: SynapseWorld) {
  decoded.set(this, decodeRanks((require('js-tiktoken/ranks/o200k_base') as TiktokenBPE).bpe_ranks));
});

Then(/^随机抽取 (\d+) 个 token，js-tiktoken 把其中至少 (\d+) 个编码为单个 token，id 都与 rank 表中的 rank 相同$/, async function (this: SynapseWorld, sample: string, least: string) {
  const entries = [...decoded.get(this)!.entries()];
  expect(entries.length, 'tokens in the table').to.be.greaterThan(Number(sample));
  const picked = Array.from({ length: Number(sample) }, () => entries[randomInt(entries.length)]!);
  // A token's bytes as text; a token that is not whole UTF-8 on its own cannot be asked for by text.
  const texts = picked.map(([bytes]) => Buffer.from(bytes, 'latin1').toString('utf8'));
  const tokens = await referenceTokens(texts);
  let compared = 0;
  picked.forEach(([bytes, rank], i) => {
    if (Buffer.from(texts[i]!, 'utf8').toString('latin1') !== bytes || tokens[i]!.length !== 1) return;
    compared++;
    expect(rank, `the rank of ${JSON.stringify(texts[i])}`).to.equal(tokens[i]![0]);
  });
  expect(compared, 'tokens compared').to.be.at.least(Number(least));
});
