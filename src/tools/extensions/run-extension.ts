import { isHelpRequest, splitArguments, UsageError } from '../agent-commands/agent-command';
import { commandSuccess, executionFailure, notFoundFailure, usageFailure } from '../command-results';
import { firstWord } from '../command-line';
import type { CommandResult, SubAgentExecutorFactory } from '../types';
import type { ExtensionCallOptions, ExtensionHandlers } from './extension-handlers';
import { parseTaskRequest, TASK_USAGE } from './task-request';

export interface ExtensionContext extends ExtensionCallOptions {
  subAgentExecutorFactory?: SubAgentExecutorFactory;
  handlers: ExtensionHandlers;
}

const TASK_HELP = [
  'task:<type> --prompt "<what to do>" [--description "<short title>"] [--model <name>] [--max-turns N]',
  '  Delegate work to a sub-agent of the given type (for example task:general, task:explore).',
  '  -p is short for --prompt, -d for --description. Without --prompt the remaining words are the prompt.',
  "  --model runs the sub-agent on another model than its parent's; --max-turns bounds its model turns (1-200).",
  'Example: task:explore -p "Find where the config is loaded" -d "find config loading"',
].join('\n');

/** Layer 3: `task:*`, `mcp:*` and `skill:*`. Handler failures become results, never exceptions. */
export async function runExtension(command: string, context: ExtensionContext): Promise<CommandResult> {
  const id = firstWord(command);
  // The router hands over the command without leading whitespace.
  const rest = command.slice(id.length);
  try {
    if (id.startsWith('task:')) return await runTask(command, rest, context);
    if (id.startsWith('mcp:')) return await runMcp(id, rest, context);
    return await runSkill(id, rest, context);
  } catch (error) {
    if (error instanceof UsageError) return usageFailure(id, id.startsWith('task:') ? TASK_USAGE : `Usage: ${id} [arguments...]`, error.message);
    return executionFailure(`${id} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function runTask(command: string, rest: string, context: ExtensionContext): Promise<CommandResult> {
  if (isHelpRequest(rest)) return commandSuccess(`${TASK_HELP}\n`);
  if (!context.subAgentExecutorFactory) return executionFailure('Task commands require SubAgent executor');
  const request = parseTaskRequest(command);
  let executor;
  try {
    executor = context.subAgentExecutorFactory(request.type);
  } catch (error) {
    return notFoundFailure(error instanceof Error ? error.message : `Unknown task type: ${request.type}`);
  }
  return executor.execute(request, { signal: context.signal });
}

async function runMcp(id: string, rest: string, context: ExtensionContext): Promise<CommandResult> {
  const target = id.slice('mcp:'.length);
  if (!target) throw new UsageError('expected mcp:list or mcp:<server>:<tool>');
  if (!context.handlers.mcp) {
    if (target === 'list') return commandSuccess('No MCP servers are configured.\n');
    return notFoundFailure(`Unknown MCP server: ${target.split(':')[0]} (no MCP servers are configured), so ${id} does not exist`);
  }
  return context.handlers.mcp(target, extensionArguments(rest), callOptions(context));
}

async function runSkill(id: string, rest: string, context: ExtensionContext): Promise<CommandResult> {
  const target = id.slice('skill:'.length);
  if (!target) throw new UsageError('expected skill:list, skill:search, skill:load or skill:<name>');
  if (!context.handlers.skill) {
    if (target === 'list') return commandSuccess('No skills are installed.\n');
    return notFoundFailure(`Unknown skill: ${target.split(':')[0]} (no skills are configured)`);
  }
  return context.handlers.skill(target, extensionArguments(rest), callOptions(context));
}

function callOptions({ signal, cwd, readOnly, runNative, writeFile }: ExtensionContext): ExtensionCallOptions {
  return { signal, cwd, readOnly, runNative, writeFile };
}

/**
 * Arguments split by shell rules, except a bare JSON object, passed whole: models write
 * `mcp:s:t {"a": "it's"}` unquoted, which the shell would take apart.
 */
function extensionArguments(rest: string): string[] {
  const text = rest.trim();
  if (text.startsWith('{')) {
    try {
      JSON.parse(text); // JSON text that starts with { is an object
      return [text];
    } catch {
      // not JSON: shell words
    }
  }
  return splitArguments(rest);
}
