import type { TiktokenBPE } from 'js-tiktoken/lite';
import { type ByteRanks, bytePairCount, decodeRanks } from './byte-pair-count';

/** The encoding of current OpenAI models (gpt-4o, o-series); closer than cl100k for CJK text. */
export const TOKENIZER_ENCODING = 'o200k_base';

let ranks: ByteRanks | undefined;
let piecePattern: RegExp | undefined;

/**
 * Token counts of pre-tokenizer pieces (words, numbers, punctuation runs). tiktoken encodes each piece
 * on its own, so summing memoized piece counts gives exactly `encode(text).length`, several times faster
 * on real text where words repeat. Bounded so a long-lived process cannot grow it without limit.
 */
const pieceTokenCounts = new Map<string, number>();
const MAX_MEMOIZED_PIECES = 200_000;
/**
 * BPE merging is quadratic in a piece's length (one 8,000-letter "word" took 5 s). Longer pieces are
 * counted in chunks of this many characters: linear, and within about one token per chunk of the exact
 * count (a merge across a chunk boundary is missed). Real words are far shorter, so text is exact.
 */
export const MAX_EXACT_PIECE_CHARS = 64;

/** Decodes the rank table once per process (about 0.2 s: 200k ranks); later calls are free. */
export function warmUpTokenizer(): void {
  if (ranks) return;
  // Required lazily: the rank table is a 2 MB module nobody should pay for until tokens are counted.
  const table = require('js-tiktoken/ranks/o200k_base') as TiktokenBPE;
  ranks = decodeRanks(table.bpe_ranks);
  piecePattern = new RegExp(table.pat_str, 'gu');
}

/** Whether counting is free now: true once something in this process has decoded the rank table. */
// Stryker disable next-line BlockStatement: an empty body answers undefined (not ready), so appends count lazily; counts are the same
export function isTokenizerReady(): boolean {
  // Stryker disable next-line all: only decides whether an append counts tokens eagerly; counts are the same either way (a pure optimisation)
  return ranks !== undefined;
}

/** Tokens of `text` in o200k_base, special-token markers counted as plain text. */
export function countTokens(text: string): number {
  warmUpTokenizer();
  let count = 0;
  for (const match of text.matchAll(piecePattern!)) {
    const piece = match[0];
    // A piece up to the limit is one chunk: itself.
    // Stryker disable next-line EqualityOperator: one more turn counts an empty chunk, which is 0 tokens
    for (let at = 0; at < piece.length; at += MAX_EXACT_PIECE_CHARS) count += pieceTokens(piece.slice(at, at + MAX_EXACT_PIECE_CHARS));
  }
  return count;
}

function pieceTokens(piece: string): number {
  let pieceCount = pieceTokenCounts.get(piece);
  // Stryker disable next-line ConditionalExpression: counting again instead of using the memo gives the same count
  if (pieceCount === undefined) {
    // Special-token markers are plain text here: their bytes are merged like any other.
    pieceCount = bytePairCount(utf8Bytes(piece), ranks!);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: bounds the memo's memory; counts are the same with or without it
    if (pieceTokenCounts.size >= MAX_MEMOIZED_PIECES) pieceTokenCounts.clear();
    pieceTokenCounts.set(piece, pieceCount);
  }
  return pieceCount;
}

const ASCII = /^[\0-\x7f]*$/;

/** The piece's UTF-8 bytes as a latin1 string (ASCII is its own encoding, the common case). */
function utf8Bytes(piece: string): string {
  return ASCII.test(piece) ? piece : Buffer.from(piece).toString('latin1');
}
