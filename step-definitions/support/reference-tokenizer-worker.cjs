// The reference tokenizer's thread (see reference-tokenizer.ts): js-tiktoken's own encoder, built once,
// answering { id, texts } with { id, tokens }: each text's token ids.
const { parentPort } = require('node:worker_threads');
const { Tiktoken } = require('js-tiktoken/lite');

// The lite entry with the one rank table needed: the full entry also loads every other encoding.
const encoder = new Tiktoken(require('js-tiktoken/ranks/o200k_base'));
parentPort.on('message', ({ id, texts }) => {
  parentPort.postMessage({ id, tokens: texts.map((text) => encoder.encode(text, [], [])) });
});
