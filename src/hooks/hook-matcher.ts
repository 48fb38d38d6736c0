import { RE2JS } from 're2js';

/** Decides whether a hook group applies to a subject (a tool name, a session's source, a compaction's trigger...). */
export type HookMatch = (subject: string) => boolean;

/** Names only (`Bash`, `Edit|Write`, `Edit, Write`): an exact match against one of them, as Claude Code reads such a matcher. */
const NAME_LIST = /^[A-Za-z0-9_|, -]+$/;

/**
 * Claude Code's matcher: empty, missing or `*` matches everything; a list of plain names matches exactly one
 * of them (`Bash` does not match `mcp__x__Bash`); anything else is a regular expression searched for in the
 * subject, unanchored (`mcp__memory__.*`, `^Bash$`). RE2 syntax: a user's pattern cannot hang the loop.
 * The settings schema has compiled the expression already, so it compiles here.
 */
export function compileMatcher(pattern: string | undefined): HookMatch {
  const trimmed = pattern?.trim() ?? '';
  if (trimmed === '' || trimmed === '*') return () => true;
  if (NAME_LIST.test(trimmed)) {
    const names = new Set(trimmed.split(/[|,\s]+/).filter(Boolean));
    return (subject) => names.has(subject);
  }
  const expression = RE2JS.compile(trimmed);
  return (subject) => expression.matcher(subject).find();
}
