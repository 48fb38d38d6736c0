import { ON_ASK_CHOICES, type OnAsk } from '../tools/security/security-choices';

/**
 * `synapse run`'s own flags, in groups. Each group is declared here (or in its own module, like
 * model-options.ts) and read by the function that resolves it, so a new flag slots in without touching
 * the run itself.
 */

export interface RunLimitArgs {
  maxConsecutiveFailures?: string;
  maxIterations?: string;
  maxBudgetUsd?: string;
  skillSearch: boolean;
}

export const runLimitOptions = {
  'max-consecutive-failures': {
    type: 'string',
    describe: 'Stop after this many tool rounds failing in a row (a whole number)',
    defaultDescription: '$SYNAPSE_MAX_CONSECUTIVE_TOOL_FAILURES or 3',
  },
  'max-iterations': { type: 'string', describe: 'Stop after this many model requests (a whole number)', defaultDescription: '50' },
  'max-budget-usd': {
    type: 'string',
    describe: 'Stop before the next model request once the run (sub-agents included) has spent more than this many US dollars; needs a price for the model in ~/.synapse/pricing.json',
    defaultDescription: 'maxBudgetUsd from the settings, else none',
  },
  'skill-search': { type: 'boolean', default: true, describe: 'Put the Skill Search Priority block before the first message (--no-skill-search)' },
} as const;

export interface ContextArgs {
  contextWindow?: string;
  compactModel?: string;
}

export const contextOptions = {
  'context-window': {
    type: 'string',
    describe: "The model's context window in tokens; long conversations are offloaded and compacted to fit (a whole number)",
    defaultDescription: '$SYNAPSE_CONTEXT_WINDOW, the known window of the model, or 128000',
  },
  'compact-model': { type: 'string', describe: 'Model that writes the summaries of compacted conversations', defaultDescription: "the run's model" },
} as const;

export interface InstructionArgs {
  agentsMd: boolean;
  systemPromptFile?: string;
  appendSystemPrompt?: string;
}

export const instructionOptions = {
  'agents-md': { type: 'boolean', default: true, describe: 'Read AGENTS.md in the working directory into the system prompt (--no-agents-md)' },
  'system-prompt-file': { type: 'string', describe: 'Use this file as the system prompt instead of the default' },
  'append-system-prompt': { type: 'string', describe: 'Add this text at the end of the system prompt' },
} as const;

export interface RunOutputArgs {
  json?: boolean;
  quiet?: boolean;
  outputLastMessage?: string;
}

export const runOutputOptions = {
  json: { type: 'boolean', describe: 'Write NDJSON events to stdout, a result line last' },
  quiet: { type: 'boolean', conflicts: 'json', describe: 'Print only the final answer (stdout) and errors (stderr)' },
  'output-last-message': { type: 'string', describe: 'Also write the final answer to this file' },
} as const;

export interface RunSessionArgs {
  sessionsDir?: string;
  /** An id to resume; `false` from --no-session. */
  session?: string | false;
  continue?: boolean;
}

export const runSessionOptions = {
  session: { type: 'string', describe: 'Resume this session (see synapse sessions list); --no-session saves nothing' },
  continue: { type: 'boolean', conflicts: 'session', describe: 'Resume the most recent session' },
} as const;

export interface ApprovalArgs {
  onAsk?: OnAsk;
  approve?: string[];
  reject?: string[];
}

// Repeatable, one value each.
const ids = { type: 'string', array: true, nargs: 1, requiresArg: true } as const;

export const approvalOptions = {
  'on-ask': {
    type: 'string',
    choices: ON_ASK_CHOICES,
    describe:
      'Headless (no terminal, or --json), what a command that needs approval gets: deny, or defer: the run stops cleanly at that tool call (exit 3) and the session keeps it for --approve / --reject',
    defaultDescription: 'deny',
  },
  approve: { ...ids, describe: 'With --continue or --session: run this paused tool call (its id) and go on; repeatable' },
  reject: { ...ids, describe: 'With --continue or --session: refuse this paused tool call (its id) and go on; repeatable' },
} as const;
