import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { UsageError } from '../../tools/agent-commands/agent-command';
import { describeContentBlock } from './mcp-result';

/** At most this many resources or prompts are listed (the rest are counted). */
const MAX_LISTED = 200;

/** `mcp:<server>:resources`: the resources and resource templates a server offers. */
export async function resourcesText(client: Client, server: string, timeout: number): Promise<string> {
  if (!client.getServerCapabilities()?.resources) return `MCP server "${server}" offers no resources.\n`;
  const resources = await allPages<Resource>((cursor) => client.listResources(cursor ? { cursor } : undefined, { timeout }).then((page) => [page.resources, page.nextCursor]));
  const templates = await allPages<ResourceTemplate>((cursor) =>
    client.listResourceTemplates(cursor ? { cursor } : undefined, { timeout }).then((page) => [page.resourceTemplates, page.nextCursor]),
  ).catch(() => ({ items: [], more: 0 }));
  const lines = [`Resources of ${server} (${resources.items.length + resources.more}):`];
  for (const resource of resources.items) lines.push(entry(resource.uri, resource.name, resource.mimeType, resource.description));
  if (resources.more) lines.push(`  ... and ${resources.more} more`);
  if (templates.items.length) {
    lines.push(`Resource templates (fill in the {placeholders}):`);
    for (const template of templates.items) lines.push(entry(template.uriTemplate, template.name, template.mimeType, template.description));
  }
  lines.push('', `Read one: mcp:${server}:read <uri>`);
  return `${lines.join('\n')}\n`;
}

/** `mcp:<server>:read <uri>`: a resource's text, and a summary of anything binary. */
export async function readResourceText(client: Client, server: string, args: string[], timeout: number): Promise<string> {
  if (args.length !== 1) throw new UsageError(args.length ? `expected one uri (got ${args.length} words)` : `missing uri: mcp:${server}:read <uri> (mcp:${server}:resources lists them)`);
  if (!client.getServerCapabilities()?.resources) throw new UsageError(`MCP server "${server}" offers no resources`);
  const result: ReadResourceResult = await client.readResource({ uri: args[0]! }, { timeout });
  const parts = result.contents.map((content) => ('text' in content ? content.text : (blobText(content.blob, content.mimeType) ?? describeContentBlock({ type: 'resource', resource: content }))));
  return `${parts.join('\n')}\n`;
}

/** `mcp:<server>:prompts`: the prompts a server offers, with their arguments. */
export async function promptsText(client: Client, server: string, timeout: number): Promise<string> {
  if (!client.getServerCapabilities()?.prompts) return `MCP server "${server}" offers no prompts.\n`;
  const prompts = await allPages<Prompt>((cursor) => client.listPrompts(cursor ? { cursor } : undefined, { timeout }).then((page) => [page.prompts, page.nextCursor]));
  const lines = [`Prompts of ${server} (${prompts.items.length + prompts.more}):`];
  for (const prompt of prompts.items) {
    const args = (prompt.arguments ?? []).map((argument) => (argument.required ? ` --${argument.name} <text>` : ` [--${argument.name} <text>]`)).join('');
    lines.push(`  ${prompt.name}${args}${prompt.description ? `  ${oneLine(prompt.description)}` : ''}`);
  }
  if (prompts.more) lines.push(`  ... and ${prompts.more} more`);
  lines.push('', `Get one: mcp:${server}:prompt <name> [--argument value ...] (or one JSON object of arguments)`);
  return `${lines.join('\n')}\n`;
}

/** `mcp:<server>:prompt <name> [--arg value | '{json}']`: the prompt's messages, as text. */
export async function promptText(client: Client, server: string, args: string[], timeout: number): Promise<string> {
  const [name, ...rest] = args;
  if (!name) throw new UsageError(`missing prompt name: mcp:${server}:prompt <name> (mcp:${server}:prompts lists them)`);
  if (!client.getServerCapabilities()?.prompts) throw new UsageError(`MCP server "${server}" offers no prompts`);
  const { prompts } = await client.listPrompts(undefined, { timeout });
  const prompt = prompts.find((candidate) => candidate.name === name);
  if (!prompt) throw new UsageError(`MCP server "${server}" has no prompt "${name}". Its prompts: ${prompts.map((candidate) => candidate.name).join(', ') || '(none)'}`);
  const values = promptArguments(rest, prompt);
  const result: GetPromptResult = await client.getPrompt({ name, arguments: values }, { timeout });
  const lines = result.description ? [result.description, ''] : [];
  for (const message of result.messages) lines.push(`[${message.role}]`, message.content.type === 'text' ? message.content.text : describeContentBlock(message.content));
  return `${lines.join('\n')}\n`;
}

/** A prompt's arguments are text: `--name value` flags or one JSON object of strings, checked against its list. */
function promptArguments(words: string[], prompt: Prompt): Record<string, string> {
  const declared = new Map((prompt.arguments ?? []).map((argument) => [argument.name, argument]));
  const values: Record<string, string> = {};
  if (words.length === 1 && words[0]!.trimStart().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(words[0]!);
    } catch (error) {
      throw new UsageError(`the arguments are not valid JSON (${(error as Error).message})`);
    }
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) values[key] = typeof value === 'string' ? value : JSON.stringify(value);
  } else {
    for (let i = 0; i < words.length; i++) {
      const flag = /^--([^=\s]+)(?:=(.*))?$/s.exec(words[i]!);
      if (!flag) throw new UsageError(`unexpected argument ${JSON.stringify(words[i])}: pass --name value or one JSON object`);
      const value = flag[2] ?? words[++i];
      if (value === undefined) throw new UsageError(`--${flag[1]} needs a value`);
      values[flag[1]!] = value;
    }
  }
  const names = [...declared.keys()];
  for (const key of Object.keys(values)) if (!declared.has(key)) throw new UsageError(`prompt "${prompt.name}" has no argument "${key}" (arguments: ${names.join(', ') || 'none'})`);
  const missing = names.filter((key) => declared.get(key)!.required && values[key] === undefined);
  if (missing.length) throw new UsageError(`prompt "${prompt.name}" needs ${missing.map((key) => `--${key}`).join(', ')}`);
  return values;
}

/** A blob that says it is text (text/*, JSON, XML) and decodes as UTF-8 is shown as that text. */
function blobText(blob: string, mimeType: string | undefined): string | undefined {
  if (!mimeType || !/^text\/|[/+](json|xml)$/.test(mimeType)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(blob, 'base64'));
  } catch {
    return undefined;
  }
}

async function allPages<T>(page: (cursor?: string) => Promise<[T[], string | undefined]>): Promise<{ items: T[]; more: number }> {
  const items: T[] = [];
  let more = 0;
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const [found, next] = await page(cursor);
    const room = Math.max(0, MAX_LISTED - items.length);
    items.push(...found.slice(0, room));
    more += Math.max(0, found.length - room);
    if (!next) break;
    cursor = next;
  }
  return { items, more };
}

function entry(uri: string, name: string, mimeType: string | undefined, description: string | undefined): string {
  return `  ${uri}  ${name}${mimeType ? ` (${mimeType})` : ''}${description ? `  ${oneLine(description)}` : ''}`;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 100 ? `${line.slice(0, 97)}...` : line;
}
