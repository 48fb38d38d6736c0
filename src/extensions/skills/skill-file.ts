import { basename, dirname } from 'node:path';
import type * as JsYaml from 'js-yaml';
import { z } from 'zod';
import type { Skill } from './skill';

/** The Agent Skills front matter (agentskills.io). Fields other tools add are ignored, not refused. */
const frontMatterSchema = z.object({
  // As the reference validator (skills-ref) has it: NFKC, then letters and digits of any script, lowercase.
  name: z
    .string({ error: (issue) => (issue.input === undefined ? 'name is required' : 'name must be a string') })
    .transform((name) => name.trim().normalize('NFKC'))
    .pipe(
      z
        .string()
        .max(64, 'name must be at most 64 characters')
        .regex(/^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$/u, 'name must be lowercase letters, digits and single hyphens, not starting or ending with a hyphen')
        .refine((name) => name === name.toLowerCase(), 'name must be lowercase letters, digits and single hyphens, not starting or ending with a hyphen'),
    ),
  description: z
    .string({ error: (issue) => (issue.input === undefined ? 'description is required' : 'description must be a string') })
    .trim()
    .min(1, 'description must not be empty')
    .max(1024, 'description must be at most 1024 characters'),
  license: z.string({ error: 'license must be a string' }).optional(),
  compatibility: z.string({ error: 'compatibility must be a string' }).min(1).max(500, 'compatibility must be at most 500 characters').optional(),
  metadata: z.record(z.string(), z.string(), { error: 'metadata must map names to strings' }).optional(),
  'allowed-tools': z.union([z.string(), z.array(z.string())], { error: 'allowed-tools must be a space-separated string' }).optional(),
});

let jsYaml: typeof JsYaml | undefined;

/** A skill, with a warning when its front matter needed the lenient retry; or the rule it breaks. */
export type SkillFileResult = { skill: Skill; warning?: string } | { problem: string };

/**
 * Reads one SKILL.md: `---`, YAML front matter, `---`, then the body. A skill that breaks a rule of the
 * specification comes back as a problem naming the rule (the caller skips it with a warning).
 */
export function parseSkillFile(location: string, text: string): SkillFileResult {
  const source = text.replace(/^\uFEFF/, '');
  const opening = /^---[ \t]*\r?\n/.exec(source);
  if (!opening) return { problem: 'SKILL.md must start with YAML front matter between --- lines' };
  const rest = source.slice(opening[0].length);
  const closing = /^---[ \t]*(?:\r?\n|$)/m.exec(rest);
  if (!closing) return { problem: 'the front matter is not closed by a --- line' };

  const yamlText = rest.slice(0, closing.index);
  let data: unknown;
  let warning: string | undefined;
  try {
    data = loadYaml(yamlText);
  } catch (error) {
    // Skills in the wild write `description: Use it: for this` unquoted; the Agent Skills client guide
    // says to retry such front matter with the values quoted.
    const retry = quoteUnquotedValues(yamlText);
    try {
      if (!retry.fields.length) throw error;
      data = loadYaml(retry.text);
      warning = `the front matter is not strict YAML (an unquoted ": " in ${retry.fields.join(', ')}); read leniently, with the value quoted`;
    } catch {
      return { problem: `the front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}` };
    }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { problem: 'the front matter must be a YAML mapping (name: ..., description: ...)' };

  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) return { problem: parsed.error.issues[0]!.message };
  const front = parsed.data;
  const dir = dirname(location);
  if (front.name !== basename(dir).normalize('NFKC')) return { problem: `name "${front.name}" must equal the folder name "${basename(dir)}"` };

  const tools = front['allowed-tools'];
  return {
    skill: {
      name: front.name,
      description: front.description,
      ...(front.license !== undefined ? { license: front.license } : {}),
      ...(front.compatibility !== undefined ? { compatibility: front.compatibility } : {}),
      metadata: front.metadata ?? {},
      allowedTools: (Array.isArray(tools) ? tools : (tools ?? '').split(/[\s,]+/)).filter(Boolean),
      dir,
      location,
      body: rest.slice(closing.index + closing[0].length).trim(),
    },
    ...(warning ? { warning } : {}),
  };
}

/** Every value of the front matter is text (the specification's fields are strings): `version: 1.0` stays "1.0". */
function loadYaml(text: string): unknown {
  jsYaml ??= require('js-yaml') as typeof JsYaml; // loaded when the first skill is read
  return jsYaml.load(text, { schema: jsYaml.FAILSAFE_SCHEMA });
}

/** Top-level `key: value` lines whose plain value holds another `: `, with that value single-quoted. */
function quoteUnquotedValues(text: string): { text: string; fields: string[] } {
  const fields: string[] = [];
  const lines = text.split(/\r?\n/).map((line) => {
    const match = /^([A-Za-z][\w-]*):[ \t]+(.+?)[ \t]*$/.exec(line);
    if (!match || !match[2]!.includes(': ') || /^['"[{|>&*!]/.test(match[2]!)) return line;
    fields.push(match[1]!);
    return `${match[1]}: '${match[2]!.replace(/'/g, "''")}'`;
  });
  return { text: lines.join('\n'), fields };
}
