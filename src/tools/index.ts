export * from './types';
export * from './cancelable';
export * from './bash-tool';
export * from './bash-tool-definition';
export * from './bash-tool-result';
export * from './bash-router';
export * from './command-line';
export * from './command-timeout';
export * from './native-shell-session';
export * from './shell-quote';
export * from './shell-tokenizer';
export * from './security';
export * from './command-results';
// The agent commands' conventions, which the extension commands (mcp:*, skill:*) follow too.
export { AGENT_COMMANDS, type AgentCommand, type AgentCommandContext, UsageError, isHelpRequest, parseOptions, positiveIntegerOption } from './agent-commands';
export * from './extensions/extension-handlers';
export { parseTaskRequest } from './extensions/task-request';
