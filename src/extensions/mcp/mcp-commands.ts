import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import type { CommandResult, ExtensionCallOptions, McpHandler } from '../../tools';
import { isHelpRequest, UsageError } from '../../tools/agent-commands/agent-command';
import { commandSuccess, executionFailure, notFoundFailure, usageFailure } from '../../tools/command-results';
import type { JsonSchema } from './json-schema';
import { parseToolArguments } from './mcp-arguments';
import { describeCallError, MCP_CONNECTION_CLOSED, MCP_REQUEST_TIMEOUT, mcpErrorCode, McpLookupError, McpServerError } from './mcp-errors';
import { formatMcpListing } from './mcp-listing';
import type { McpManager } from './mcp-manager';
import { promptsText, promptText, readResourceText, resourcesText } from './mcp-resources';
import { formatToolResult } from './mcp-result';
import { mediaOf, saveMedia, takeSaveOption } from './mcp-save';
import { fileErrorResult } from '../../tools/agent-commands/file-errors';
import { toolHelp } from './mcp-tool-help';
import { validateToolArguments } from './mcp-validation';

const MCP_HELP = [
  'mcp:list                              the configured MCP servers and their tools (starts them)',
  "mcp:<server>:<tool> '<json>'          call a tool with a JSON object of arguments",
  'mcp:<server>:<tool> --name value ...  the same with flags, coerced to the types the tool declares',
  "mcp:<server>:<tool> --help            the tool's parameters: types, required, allowed values",
  'mcp:<server>:<tool> --save <dir> ...  also write the images and audio of the result to files in <dir>',
  'mcp:<server>:resources                the resources (and resource templates) a server offers',
  'mcp:<server>:read <uri>               read one resource',
  'mcp:<server>:prompts                  the prompts a server offers, with their arguments',
  'mcp:<server>:prompt <name> [--arg v]  get one prompt, its messages as text',
  '(a tool of the same name as resources, read, prompts or prompt takes precedence)',
].join('\n');

/** What `mcp:<server>:<verb>` does when the server has no tool of that name. */
const VERBS: Record<string, (client: Client, server: string, args: string[], timeout: number) => Promise<string>> = {
  resources: (client, server, args, timeout) => noArguments(args, server, 'resources', () => resourcesText(client, server, timeout)),
  read: readResourceText,
  prompts: (client, server, args, timeout) => noArguments(args, server, 'prompts', () => promptsText(client, server, timeout)),
  prompt: promptText,
};

/** The `mcp:*` commands over one McpManager. Failures are results; nothing throws to the router. */
export function createMcpHandler(manager: McpManager): McpHandler {
  return async (target, args, options) => {
    await manager.setRoot(options.cwd);
    if (target === 'list') return isHelpRequest(args.join(' ')) ? commandSuccess(`${MCP_HELP}\n`) : commandSuccess(formatMcpListing(await manager.list(), manager.configFiles));
    const separator = target.indexOf(':');
    if (separator < 0) return serverTools(manager, target);
    return callTool(manager, target.slice(0, separator), target.slice(separator + 1), args, options);
  };
}

/** `mcp:<server>`: one server's listing. */
async function serverTools(manager: McpManager, server: string): Promise<CommandResult> {
  const listing = await manager.list();
  const found = listing.servers.find((candidate) => candidate.name === server);
  if (!found) return notFoundFailure(`Unknown MCP server "${server}". Configured servers: ${listing.servers.map((s) => s.name).join(', ') || '(none)'}`);
  return commandSuccess(formatMcpListing({ servers: [found], configErrors: [] }, manager.configFiles));
}

async function callTool(manager: McpManager, server: string, name: string, args: string[], options: ExtensionCallOptions): Promise<CommandResult> {
  const id = `mcp:${server}:${name}`;
  let tool;
  try {
    tool = await manager.tool(server, name);
  } catch (error) {
    if (error instanceof McpLookupError && Object.hasOwn(VERBS, name) && !error.message.startsWith('Unknown MCP server')) return runVerb(manager, server, name, args);
    return startOrLookupFailure(error);
  }
  if (isHelpRequest(args.join(' '))) return commandSuccess(toolHelp(server, tool));
  if (options.readOnly && tool.annotations?.readOnlyHint !== true) {
    return { stdout: '', stderr: `read-only: ${id} does not declare itself read-only, which is not allowed here.\n`, exitCode: 1, failureCategory: 'invalid_usage' };
  }
  const schema = tool.inputSchema as JsonSchema;
  let input: Record<string, unknown>;
  let saveDir: string | undefined;
  try {
    const { dir, rest } = takeSaveOption(args, schema);
    saveDir = dir;
    input = parseToolArguments(rest, schema);
    validateToolArguments(input, schema);
  } catch (error) {
    if (error instanceof UsageError) return usageFailure(id, `Usage: ${id} [--save <dir>] '<json>' or ${id} [--save <dir>] --name value ...`, error.message);
    throw error;
  }

  let progress: Progress | undefined;
  try {
    const { result, notes } = await manager.callTool(server, name, input, { signal: options.signal, onProgress: (update) => (progress = update) });
    const text = formatToolResult(result);
    const stderr = notes.map((note) => `[mcp] ${note}\n`).join('');
    if (result.isError) {
      const failure = executionFailure(`${id} reported an error: ${text || '(no message)'}`);
      return { ...failure, stderr: failure.stderr + stderr };
    }
    const success = { ...commandSuccess(text.endsWith('\n') || !text ? text : `${text}\n`), stderr };
    return saveDir === undefined ? success : await withSavedMedia(success, mediaOf(result), { dir: saveDir, cwd: options.cwd, tool: name, writeFile: options.writeFile });
  } catch (error) {
    return callFailure(error, id, manager, server, options.signal, progress);
  }
}

/** `--save <dir>`: the media's bytes written to files, a line for each added to the result (or why they could not be). */
async function withSavedMedia(result: CommandResult, media: ReturnType<typeof mediaOf>, options: Parameters<typeof saveMedia>[1]): Promise<CommandResult> {
  if (!media.length) return { ...result, stderr: `${result.stderr}--save: the result has no images or audio to save\n` };
  try {
    const lines = await saveMedia(media, options);
    return { ...result, stdout: `${result.stdout}${lines.join('\n')}\n` };
  } catch (error) {
    const failure = fileErrorResult(error, options.dir);
    return { ...failure, stdout: result.stdout, stderr: `${result.stderr}${failure.stderr.trimEnd()} (--save: the result's media were not saved)\n` };
  }
}

/** `mcp:<server>:resources|read|prompts|prompt`. */
async function runVerb(manager: McpManager, server: string, verb: string, args: string[]): Promise<CommandResult> {
  const id = `mcp:${server}:${verb}`;
  if (isHelpRequest(args.join(' '))) return commandSuccess(`${MCP_HELP}\n`);
  try {
    const client = await manager.client(server);
    return commandSuccess(await VERBS[verb]!(client, server, args, manager.callTimeoutMs));
  } catch (error) {
    if (error instanceof UsageError) return usageFailure(id, `Usage: ${id}${verb === 'read' ? ' <uri>' : verb === 'prompt' ? ' <name> [--argument value ...]' : ''}`, error.message);
    if (error instanceof McpServerError || error instanceof McpLookupError) return startOrLookupFailure(error);
    return executionFailure(`${id} failed: ${describeCallError(error)}`);
  }
}

function noArguments(args: string[], server: string, verb: string, list: () => Promise<string>): Promise<string> {
  if (args.length) throw new UsageError(`mcp:${server}:${verb} takes no arguments (got ${args.join(' ')})`);
  return list();
}

function startOrLookupFailure(error: unknown): CommandResult {
  if (error instanceof McpLookupError) return notFoundFailure(error.message);
  if (error instanceof McpServerError) return executionFailure(error.message);
  throw error;
}

function callFailure(error: unknown, id: string, manager: McpManager, server: string, signal: AbortSignal, progress?: Progress): CommandResult {
  const progressNote = progress ? ` (last progress ${progress.progress}${progress.total !== undefined ? `/${progress.total}` : ''}${progress.message ? `: ${progress.message}` : ''})` : '';
  if (signal.aborted) {
    return { stdout: '', stderr: `${id} was cancelled${progressNote}\n`, exitCode: 130, interrupted: 'cancelled', failureCategory: 'execution_error' };
  }
  if (mcpErrorCode(error) === MCP_REQUEST_TIMEOUT) {
    // Progress starts the time limit again, up to a hard maximum: say which of the two ran out.
    const limit = /Maximum total timeout/.test(describeCallError(error))
      ? `ran past its hard limit of ${manager.maxCallTimeoutMs} ms (SYNAPSE_MCP_CALL_MAX_TIMEOUT), progress notwithstanding,`
      : `timed out after ${manager.callTimeoutMs} ms (SYNAPSE_MCP_CALL_TIMEOUT)`;
    const stderr = `${id} ${limit} and was cancelled${progressNote}\n`;
    return { stdout: '', stderr, exitCode: 124, interrupted: 'timeout', failureCategory: 'execution_error' };
  }
  if (mcpErrorCode(error) === MCP_CONNECTION_CLOSED) {
    return executionFailure(`${id} failed: MCP server "${server}" went away during the call; it restarts on the next call${manager.stderrNote(server)}`);
  }
  if (error instanceof McpServerError || error instanceof McpLookupError) return startOrLookupFailure(error);
  return executionFailure(`${id} failed: ${describeCallError(error)}`);
}
