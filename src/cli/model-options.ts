/** How a command reaches a model: a scripted fixture offline, or an OpenAI-compatible endpoint. */
export interface ModelArgs {
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  fixture?: string;
  maxRetries?: string;
  requestTimeout?: string;
}

export const DEFAULT_MODEL = 'gpt-4o-mini';

// Environment defaults are resolved in the handler, not here: `--help` must never print an API key.
export const modelOptions = {
  model: { type: 'string', describe: 'Model name', defaultDescription: `$SYNAPSE_MODEL or ${DEFAULT_MODEL}` },
  'base-url': {
    type: 'string',
    describe: 'Base URL of an OpenAI-compatible API (e.g. http://localhost:11434/v1 for Ollama)',
    defaultDescription: '$OPENAI_BASE_URL or OpenAI',
  },
  'api-key': { type: 'string', describe: 'API key (never printed or stored)', defaultDescription: '$OPENAI_API_KEY' },
  fixture: {
    type: 'string',
    describe: 'Replay a scripted conversation (JSON, see fixtures/) offline: no key, no network',
    conflicts: ['base-url'],
  },
  'request-timeout': {
    type: 'string',
    describe: 'Milliseconds to wait for a model response to start, and between two streamed chunks (a whole number)',
    defaultDescription: '$SYNAPSE_REQUEST_TIMEOUT or 300000',
  },
  'max-retries': {
    type: 'string',
    describe: 'Retries of a failed model request (connection errors, 408/409/429, 5xx; a whole number)',
    defaultDescription: '2',
  },
} as const;
