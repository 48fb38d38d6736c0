import type { McpManager } from './mcp/mcp-manager';
import type { Skill } from './skills/skill';
import type { SkillLibrary } from './skills/skill-library';

/** Bounds of what the system prompt lists; the rest is one command away. */
export const PROMPT_LIMITS = { servers: 20, toolsLine: 300, skills: 50, skillChars: 8_000 } as const;

/**
 * The system prompt's account of the extensions: configured MCP servers with the tools known without
 * starting them, and the `<available_skills>` catalog. Empty when there are neither.
 */
export async function extensionsPrompt(mcp: McpManager, skills: SkillLibrary, startDeadlineMs = 0): Promise<string> {
  const [mcpText, { skills: loaded }] = await Promise.all([mcp.startUnknown(startDeadlineMs).then(() => mcpSection(mcp)), skills.load()]);
  return [mcpText, skillsSection(loaded)].filter(Boolean).join('\n\n');
}

async function mcpSection(mcp: McpManager): Promise<string> {
  const names = await mcp.serverNames();
  if (!names.length) return '';
  const lines = [`MCP servers: call a tool as mcp:<server>:<tool> '<json>' (or --name value); its parameters: mcp:<server>:<tool> --help; all servers and tools: mcp:list.`];
  for (const name of names.slice(0, PROMPT_LIMITS.servers)) {
    const tools = await mcp.knownTools(name);
    lines.push(`- ${name}: ${tools ? toolsLine(tools) : notListed(mcp.stateOf(name))}`);
  }
  if (names.length > PROMPT_LIMITS.servers) lines.push(`- ... ${names.length - PROMPT_LIMITS.servers} more servers: run mcp:list`);
  return lines.join('\n');
}

function notListed(state: string | undefined): string {
  if (state === 'failed') return 'failed to start (mcp:list says why)';
  if (state === 'starting') return 'still starting, tools not listed yet (run mcp:list)';
  return 'tools not listed yet (run mcp:list)';
}

function toolsLine(tools: string[]): string {
  if (!tools.length) return '(no tools)';
  let line = '';
  let shown = 0;
  for (const tool of tools) {
    const next = line ? `${line}, ${tool}` : tool;
    if (next.length > PROMPT_LIMITS.toolsLine) break;
    line = next;
    shown++;
  }
  return shown < tools.length ? `${line} (+${tools.length - shown} more: mcp:list)` : line;
}

function skillsSection(skills: readonly Skill[]): string {
  if (!skills.length) return '';
  const entries: string[] = [];
  let chars = 0;
  for (const skill of skills.slice(0, PROMPT_LIMITS.skills)) {
    const entry = `<skill>\n<name>${escapeXml(skill.name)}</name>\n<description>${escapeXml(skill.description)}</description>\n<location>${escapeXml(skill.location)}</location>\n</skill>`;
    if (chars + entry.length > PROMPT_LIMITS.skillChars) break;
    entries.push(entry);
    chars += entry.length;
  }
  const rest = skills.length - entries.length;
  return [
    'Skills: before improvising, check whether one fits. skill:load <name> prints its instructions; run its scripts as skill:<name>:<script> [args];',
    'find more with skill:search <keywords> or task:skill:search <request>.',
    '<available_skills>',
    ...entries,
    '</available_skills>',
    ...(rest > 0 ? [`(${rest} more skills: run skill:list)`] : []),
  ].join('\n');
}

/** The catalog a `task:skill` sub-agent answers from: names, descriptions, locations; the most relevant first when there are many. */
export async function skillCatalogFor(request: string, skills: SkillLibrary, max = 100): Promise<string> {
  const { skills: all } = await skills.load();
  if (!all.length) return 'Skill catalog: no skills are installed.';
  let chosen = all.slice(0, max);
  if (all.length > max) {
    const relevant = (await skills.search(request, max)).map((match) => match.skill);
    chosen = [...new Set([...relevant, ...all])].slice(0, max);
  }
  const heading = all.length > max ? `Skill catalog (${all.length} skills; the ${max} most relevant to the request):` : `Skill catalog (${all.length} skills):`;
  return [heading, ...chosen.map((skill) => `- ${skill.name}: ${skill.description.replace(/\s+/g, ' ')}\n  location: ${skill.location}`)].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
