import type OpenAI from 'openai';
import { createOpenAIClient } from '../llm/openai-model-runtime';
import { ScriptedModel } from '../llm/scripted-model';
import type { Settings } from '../settings/settings-schema';
import { DEFAULT_MODEL, type ModelArgs } from './model-options';
import { CliError } from './exit-codes';
import { registerSecret } from './error-report';
import { loadFixture } from './fixture-file';
import { wholeNumberOption } from './number-option';

const DEFAULT_MAX_RETRIES = 2;

export interface ModelConnection {
  client: OpenAI;
  model: string;
  /** Where replies come from, for the run_started line. */
  source: { kind: 'fixture'; path: string } | { kind: 'endpoint'; baseURL: string };
  /** The API key given (flag or environment): a secret to keep out of tools and their output. */
  apiKey?: string;
}

/**
 * The OpenAI client a command talks through. With --fixture it answers in process from the script
 * (our stand-in for an in-process msw server: no network, no key); otherwise it reaches the endpoint.
 * Each of model, base URL and key comes from its flag, else the environment, else the settings files.
 */
export function connectModel(args: ModelArgs, options: { skipReplies?: number; settings?: Settings } = {}): ModelConnection {
  const settings = options.settings ?? {};
  // Undefined leaves SYNAPSE_REQUEST_TIMEOUT or the default to the client.
  const requestTimeoutMs = wholeNumberOption(args.requestTimeout, '--request-timeout', 1);
  if (args.fixture) {
    const conversation = loadFixture(args.fixture);
    // A resumed replay goes on from where the earlier invocation stopped.
    const scripted = new ScriptedModel(conversation.replies.slice(options.skipReplies ?? 0));
    const client = createOpenAIClient({ apiKey: 'fixture', baseURL: 'http://fixture.local/v1', fetch: scripted.fetch, maxRetries: 0, requestTimeoutMs });
    return { client, model: conversation.model ?? args.model ?? process.env.SYNAPSE_MODEL ?? settings.model ?? DEFAULT_MODEL, source: { kind: 'fixture', path: args.fixture } };
  }
  const maxRetries = wholeNumberOption(args.maxRetries, '--max-retries', 0) ?? DEFAULT_MAX_RETRIES;
  const baseURL = args.baseUrl || process.env.OPENAI_BASE_URL || settings.baseURL || undefined;
  const apiKey = args.apiKey || process.env.OPENAI_API_KEY || settings.apiKey || undefined;
  registerSecret(apiKey);
  if (baseURL) checkUrl(baseURL);
  requireModelAccess(args, settings);
  // Local servers (Ollama, vLLM, LM Studio) take any key; the SDK insists on one.
  const client = createOpenAIClient({ apiKey: apiKey ?? 'not-needed', baseURL, maxRetries, requestTimeoutMs });
  return { client, model: args.model || process.env.SYNAPSE_MODEL || settings.model || DEFAULT_MODEL, source: { kind: 'endpoint', baseURL: client.baseURL }, apiKey };
}

/** A model is reachable only with a key, a base URL (local servers take any key) or a fixture: otherwise say how to give one. */
export function requireModelAccess(args: ModelArgs, settings: Settings = {}): void {
  if (args.fixture || args.apiKey || process.env.OPENAI_API_KEY || settings.apiKey || args.baseUrl || process.env.OPENAI_BASE_URL || settings.baseURL) return;
  throw new CliError('no API key: set OPENAI_API_KEY, pass --api-key or put "apiKey" in ~/.synapse/settings.json; point --base-url at a local server; or try --fixture fixtures/demo-write-file.json');
}

function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`--base-url ${url} is not a URL (expected e.g. http://localhost:11434/v1)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CliError(`--base-url ${url}: expected an http(s) URL`);
}
