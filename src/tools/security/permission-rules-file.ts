import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PermissionPolicy, type PermissionRules } from './permission-policy';
import { PERMISSION_ACTIONS, type PermissionRuleError } from './permission-rule';

const patterns = z.array(z.string().min(1, 'a pattern must not be empty'));

/** The rule file: `{ "allow": [...], "ask": [...], "deny": [...], "unmatched": "allow", "defaults": true }`. */
export const permissionRulesFileSchema = z
  .object({
    allow: patterns.optional(),
    ask: patterns.optional(),
    deny: patterns.optional(),
    unmatched: z.enum(PERMISSION_ACTIONS).optional(),
    defaults: z.boolean().optional(),
  })
  .strict();

/** A rule file that cannot be used; the message names the file and the rule or field. */
export class PermissionRulesError extends Error {
  override readonly name = 'PermissionRulesError';
}

/** Validates a parsed rule file: the shape with zod, then every pattern by compiling it. */
export function parsePermissionRules(document: unknown, source: string): PermissionRules {
  const parsed = permissionRulesFileSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // The schema is flat: a field, then at most an index into its list (`deny[2]`).
    const where = issue.path.length ? issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : String(key))).join('') : 'the file';
    throw new PermissionRulesError(`${source}: ${where}: ${issue.message}`);
  }
  const rules: PermissionRules = { ...parsed.data, sources: { allow: source, ask: source, deny: source } };
  try {
    new PermissionPolicy(rules);
  } catch (error) {
    // Building the policy only fails on a pattern that does not compile (a PermissionRuleError).
    throw new PermissionRulesError((error as PermissionRuleError).message);
  }
  return rules;
}

export function loadPermissionRules(path: string): PermissionRules {
  let text: string;
  try {
    // Stryker disable next-line StringLiteral: without the encoding the text is a Buffer, which JSON.parse reads as UTF-8 just the same
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new PermissionRulesError(`cannot read the permission rules ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new PermissionRulesError(`${path}: not valid JSON (${(error as Error).message})`);
  }
  return parsePermissionRules(document, path);
}
