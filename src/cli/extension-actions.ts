import { positiveIntFromEnv } from '../env-settings';
import { McpLookupError, McpServerError } from '../extensions/mcp/mcp-errors';
import { formatMcpListing } from '../extensions/mcp/mcp-listing';
import { openBrowser } from '../extensions/mcp/open-browser';
import { loadText } from '../extensions/skills/skill-commands';
import { listScripts } from '../extensions/skills/skill-scripts';
import { terminalSafeJson, visibleText } from '../visible-text';
import { closeWithin } from './close-within';
import { toolEnvironment } from '../tools/security/tool-environment';
import { createCliExtensions } from './extension-options';
import { CliError, ExitCode } from './exit-codes';
import { onInterrupt } from './interrupt';
import type { McpArgs } from './mcp-command';
import type { SkillsArgs } from './skills-command';

/** How long closing may take: a stdio server gets its stdin closed, then SIGTERM, then SIGKILL. */
const CLOSE_MS = 5000;

export async function listMcpServers(args: McpArgs): Promise<number> {
  // The servers are processes we start for the user: the same secret-free environment as a tool's.
  const extensions = createCliExtensions(args, toolEnvironment());
  try {
    const listing = await extensions.mcp.list();
    for (const warning of (await extensions.mcp.configuration()).warnings) process.stderr.write(`synapse: warning: ${visibleText(warning)}\n`);
    for (const error of listing.configErrors) process.stderr.write(`synapse: warning: MCP config ${visibleText(error)}\n`);
    if (args.json) process.stdout.write(`${terminalSafeJson({ configFiles: extensions.mcp.configFiles, ...listing })}\n`);
    // Server names come from config files, tool names and descriptions from the servers: made visible.
    else process.stdout.write(visibleText(formatMcpListing({ ...listing, configErrors: [] }, extensions.mcp.configFiles)));
    return ExitCode.ok;
  } finally {
    await closeWithin(() => extensions.close(), CLOSE_MS);
  }
}

/** `synapse mcp login <server>`: the URL on stderr (and a browser when there is a display), the outcome on stdout. */
export async function loginToMcpServer(args: McpArgs): Promise<number> {
  const name = String(args.server);
  const extensions = createCliExtensions(args, toolEnvironment());
  const controller = new AbortController();
  const stopListening = onInterrupt(() => controller.abort());
  try {
    const outcome = await extensions.mcp.login(name, {
      timeoutMs: positiveIntFromEnv('SYNAPSE_MCP_LOGIN_TIMEOUT', 300_000),
      signal: controller.signal,
      onAuthorizationUrl: (url) => {
        const opened = openBrowser(url.href);
        const how = opened ? 'Your browser should open to authorize synapse; if it does not, open' : 'Open';
        process.stderr.write(visibleText(`${how} this URL in a browser to log in to MCP server "${name}":\n  ${url.href}\nWaiting for the browser to come back...\n`));
      },
    });
    if (outcome.status === 'not-needed') process.stdout.write(`MCP server "${name}" let us in without a login (${outcome.tools.length} tools); nothing was saved.\n`);
    else process.stdout.write(visibleText(`Logged in to MCP server "${name}" (${outcome.tools.length} tools: ${outcome.tools.join(', ')}). The login is saved in ${outcome.file}.\n`));
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof McpLookupError) throw new CliError(error.message);
    if (error instanceof McpServerError) throw new CliError(`login failed: ${error.message}`, controller.signal.aborted ? ExitCode.interrupted : ExitCode.failed);
    throw error;
  } finally {
    stopListening();
    await closeWithin(() => extensions.close(), CLOSE_MS);
  }
}

/** `synapse mcp logout <server>`: forgets the saved login. */
export async function logoutOfMcpServer(args: McpArgs): Promise<number> {
  const name = String(args.server);
  const removed = await createCliExtensions(args, toolEnvironment()).mcp.logout(name);
  process.stdout.write(removed ? `Logged out of MCP server "${name}": its saved login is deleted.\n` : `MCP server "${name}" has no saved login.\n`);
  return ExitCode.ok;
}

export async function listSkills(args: SkillsArgs): Promise<number> {
  const extensions = createCliExtensions(args, toolEnvironment());
  const { skills, warnings } = await extensions.skills.load();
  for (const warning of warnings) process.stderr.write(`synapse: warning: skill ${visibleText(warning)}\n`);
  if (args.json) {
    const entries = skills.map(({ body: _body, ...skill }) => skill);
    process.stdout.write(`${terminalSafeJson({ dirs: extensions.skills.dirs, skills: entries, warnings })}\n`);
    return ExitCode.ok;
  }
  if (!skills.length) {
    process.stdout.write(`no skills in ${extensions.skills.dirs.join(', ')}\n`);
    return ExitCode.ok;
  }
  const width = Math.max(...skills.map((skill) => skill.name.length));
  for (const skill of skills) process.stdout.write(`${visibleText(`${skill.name.padEnd(width)}  ${skill.description.replace(/\s+/g, ' ')}`)}\n`);
  return ExitCode.ok;
}

export async function showSkill(args: SkillsArgs): Promise<number> {
  const extensions = createCliExtensions(args, toolEnvironment());
  const skill = await extensions.skills.get(String(args.name));
  if (!skill) {
    const skipped = await extensions.skills.skippedReason(String(args.name));
    throw new CliError(skipped ?? `unknown skill "${args.name}" (see synapse skills list)`);
  }
  if (args.json) {
    const scripts = await listScripts(skill);
    process.stdout.write(`${terminalSafeJson({ ...skill, scripts })}\n`);
  } else {
    process.stdout.write(visibleText(await loadText(skill)));
  }
  return ExitCode.ok;
}
