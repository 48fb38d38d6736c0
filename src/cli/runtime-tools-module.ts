import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { ToolDefinition } from '../llm/types';
import type { AgentTool } from '../runtime/types';
import { CliError } from './exit-codes';
import { regularFileSize } from './input-files';
import { HUMAN_TOOLS } from './runtime-demo-tools';

/** Tools for `synapse runtime`: what the model is offered and what runs once a human approves. */
export interface RuntimeTools {
  tools: Record<string, AgentTool>;
  definitions: ToolDefinition[];
}

const toolSchema = z.object({
  description: z.string().optional(),
  /** The JSON schema of the arguments, as sent to the model. */
  parameters: z.record(z.string(), z.unknown()).optional(),
  run: z.custom<AgentTool>((value) => typeof value === 'function', 'expected a function (args, { signal }) => result'),
});

const toolsSchema = z
  .record(z.string(), toolSchema)
  .refine((tools) => Object.keys(tools).length > 0, 'expected at least one tool')
  .superRefine((tools, context) => {
    for (const name of Object.keys(tools)) {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) context.addIssue({ code: 'custom', path: [name], message: 'tool names are 1-64 letters, digits, "_" or "-"' });
      if (HUMAN_TOOLS.has(name)) context.addIssue({ code: 'custom', path: [name], message: `"${name}" is reserved for the human-in-the-loop tools` });
    }
  });

/**
 * Loads `--tools <module>` (CommonJS or ESM): it exports `tools`, an object of
 * `{ description?, parameters?, run(args, { signal }) }` by name. Any problem is bad input (exit 2).
 */
export async function loadToolsModule(path: string): Promise<RuntimeTools> {
  regularFileSize(path, 'tools module');
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new CliError(`tools module ${path}: failed to load: ${message}`);
  }
  const exported = loaded.tools ?? (loaded.default as Record<string, unknown> | undefined)?.tools;
  if (exported === undefined) throw new CliError(`tools module ${path}: exports no \`tools\` (expected export const tools = { name: { parameters, run } })`);
  const parsed = toolsSchema.safeParse(exported);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(`tools module ${path}: tools${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
  }
  const entries = Object.entries(parsed.data);
  return {
    tools: Object.fromEntries(entries.map(([name, tool]) => [name, tool.run])),
    definitions: entries.map(([name, tool]) => ({
      type: 'function',
      function: { name, ...(tool.description ? { description: tool.description } : {}), parameters: tool.parameters ?? { type: 'object', properties: {} } },
    })),
  };
}
