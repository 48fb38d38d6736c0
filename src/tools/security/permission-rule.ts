import { RE2JS } from 're2js';

import type { PermissionAction } from './security-choices';

export { PERMISSION_ACTIONS, type PermissionAction } from './security-choices';

/** A rule as configured: an action, a pattern over command text, and where it came from (for messages). */
export interface PermissionRuleSpec {
  action: PermissionAction;
  pattern: string;
  /** `--deny`, `rules.json deny[2]`, `default`... */
  source: string;
}

/** argv: a default rule, judged on a command's parsed words (see default-rules.ts). */
export type RuleKind = 'exact' | 'prefix' | 'wildcard' | 'regex' | 'argv';

export interface PermissionRule extends PermissionRuleSpec {
  kind: RuleKind;
  test(text: string): boolean;
  /** exact: the text; prefix and wildcard: the literal text before the first `*` (for indexing). */
  literal?: string;
  /** regex: the source with its flags inlined, for combining rules into one pattern. */
  regexSource?: string;
  /** `ask rule "git push*" (default)`. */
  label: string;
}

export class PermissionRuleError extends Error {
  override readonly name = 'PermissionRuleError';
}

/**
 * Compiles a pattern:
 * - `/regex/flags`: RE2 syntax (linear time, so a rule cannot hang the loop on a model's text), found
 *   anywhere in the text unless anchored; flags i, m, s.
 * - a `*` at the end only: a prefix (`git push*`); `git push *` also matches `git push` alone.
 * - `*` elsewhere: a wildcard, `*` standing for any run of characters (spaces included).
 * - anything else: the exact text. Blanks in patterns and commands compare as single spaces.
 */
export function compileRule(spec: PermissionRuleSpec): PermissionRule {
  // Rules are compiled once per process: a runner built per conversation reuses them.
  const key = `${spec.action}\0${spec.source}\0${spec.pattern}`;
  let rule = compiled.get(key);
  if (!rule) {
    rule = compile(spec);
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(key, rule);
  }
  return rule;
}

const MAX_COMPILED = 10_000;
const compiled = new Map<string, PermissionRule>();

function compile(spec: PermissionRuleSpec): PermissionRule {
  const label = `${spec.action} rule "${spec.pattern}" (${spec.source})`;
  const pattern = spec.pattern.trim();
  if (!pattern) throw new PermissionRuleError(`${spec.source}: the pattern is empty`);
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  // Stryker disable next-line StringLiteral: regexSource only feeds RuleIndex's prefilter, and a prefilter without the flags group matches more, never less
  if (regex) return { ...spec, label, kind: 'regex', test: compileRegex(regex[1], regex[2], spec.source), regexSource: regex[2] ? `(?${regex[2]}:${regex[1]})` : regex[1] };
  const text = normalizeBlanks(pattern);
  const firstStar = text.indexOf('*');
  // Stryker disable next-line StringLiteral: RuleIndex finds exact rules by their literal (another kind lands in a bucket whose test compares the same)
  if (firstStar < 0) return { ...spec, label, kind: 'exact', test: (candidate) => candidate === text, literal: text };
  if (firstStar === text.length - 1) {
    const prefix = text.slice(0, -1);
    // `git push *` also matches `git push` alone (without a trailing blank, startsWith already covers it).
    const bare = prefix.trimEnd();
    // Stryker disable next-line StringLiteral: RuleIndex treats every kind but exact and regex alike
    return { ...spec, label, kind: 'prefix', test: (candidate) => candidate.startsWith(prefix) || candidate === bare, literal: bare };
  }
  const pieces = text.split('*');
  // Stryker disable next-line StringLiteral: regexSource only feeds RuleIndex's prefilter, which may match more than the rule, never less
  const regexSource = `^${pieces.map(escapeForRegex).join('.*')}$`;
  // Stryker disable next-line StringLiteral: the kind only informs (RuleIndex treats it like prefix); regexSource as above
  return { ...spec, label, kind: 'wildcard', test: (candidate) => wildcardMatch(pieces, candidate), literal: pieces[0], regexSource: `(?s:${regexSource})` };
}

export function normalizeBlanks(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// Stryker disable next-line BlockStatement: it only feeds regexSource, RuleIndex's prefilter: pieces that are all undefined join into nothing but `.*`, a pattern that skips no rule
function escapeForRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compileRegex(source: string, flags: string, where: string): (text: string) => boolean {
  let bits = 0;
  for (const flag of flags) {
    if (flag === 'i') bits |= RE2JS.CASE_INSENSITIVE;
    else if (flag === 'm') bits |= RE2JS.MULTILINE;
    else if (flag === 's') bits |= RE2JS.DOTALL;
    else throw new PermissionRuleError(`${where}: unknown regex flag "${flag}" (use i, m or s)`);
  }
  try {
    const compiled = RE2JS.compile(source, bits);
    return (text) => compiled.test(text);
  } catch (error) {
    throw new PermissionRuleError(`${where}: invalid regular expression /${source}/ (RE2 syntax: no lookaround or backreferences): ${(error as Error).message}`);
  }
}

/**
 * `*`-only glob matching in O(pattern x text) without backtracking blow-up: the pieces between stars are
 * found left to right, the first anchored at the start and the last at the end.
 */
function wildcardMatch(pieces: string[], text: string): boolean {
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  if (!text.startsWith(first)) return false;
  let at = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const found = text.indexOf(pieces[i], at);
    if (found < 0) return false;
    at = found + pieces[i].length;
  }
  return text.length - last.length >= at && text.endsWith(last);
}
