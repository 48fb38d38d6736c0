import type { ToolDefinition } from '../llm/types';
import type { AgentTool } from '../runtime/types';

/**
 * What `synapse runtime` offers the model. `get_weather` is the demo tool, replaced by `--tools <module>`;
 * it runs only once a human approves it. `ask_user` and `choose` are always offered: a human answers them.
 */
export const humanToolDefinitions: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'ask_user',
      description: 'Ask the user a question and get their free-text answer',
      parameters: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'choose',
      description: 'Ask the user to pick one of several options',
      parameters: {
        type: 'object',
        properties: { question: { type: 'string' }, options: { type: 'array', items: { type: 'string' } } },
        required: ['question', 'options'],
      },
    },
  },
];

/** Tools whose "execution" is a human's answer rather than code. */
export const HUMAN_TOOLS = new Set(['ask_user', 'choose']);

export const demoToolDefinitions: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Current weather for a city (demo data, not a real forecast)',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
];

const CONDITIONS = ['sunny', 'cloudy', 'light rain', 'windy'];

/** Deterministic per city, so fixtures and tests can rely on it. */
function getWeather(args: { city?: unknown }): object {
  const city = typeof args.city === 'string' && args.city.trim() ? args.city.trim() : 'unknown';
  let hash = 0;
  for (const char of city.toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) % 9973;
  return { city, temperature: 12 + (hash % 15), unit: 'celsius', conditions: CONDITIONS[hash % CONDITIONS.length] };
}

export const demoTools: Record<string, AgentTool> = { get_weather: getWeather };
