import type { PermissionRule } from './permission-rule';
import { HOLE } from './shell-analysis';

/**
 * Whether a rule could match a command text in which HOLE stands for words only the run knows (`rm $X`
 * could be `rm -rf ~`). Exact, prefix and wildcard rules are decided exactly: two `*` patterns intersect. A
 * regex rule could match unless it starts with a literal head (`/^curl\s/`) the text's known start rules out.
 */
export function couldMatch(rule: PermissionRule, text: string): boolean {
  if (rule.kind === 'regex') return regexCouldMatch(rule, text);
  if (rule.kind === 'argv') return false;
  const star = rule.kind === 'exact' ? rule.literal! : rule.kind === 'prefix' ? `${rule.literal!}${rule.pattern.trim().endsWith(' *') ? ' ' : ''}*` : rule.pattern.trim().replace(/\s+/g, ' ');
  if (rule.kind === 'prefix' && intersects(`${rule.literal!}`, text)) return true;
  return intersects(star, text);
}

function regexCouldMatch(rule: PermissionRule, text: string): boolean {
  const head = /^\^([\w./=-]+)/.exec(rule.regexSource?.replace(/^\(\?[ims]+:/, '') ?? '')?.[1];
  if (!head) return true;
  const known = text.split(HOLE)[0]!;
  return known.startsWith(head) || head.startsWith(known);
}

/**
 * Whether some text matches both patterns; `*` in the rule and HOLE in the text each stand for any run of
 * characters. Dynamic programming over both, O(rule x text).
 */
export function intersects(rule: string, text: string): boolean {
  const ruleLength = rule.length;
  const textLength = text.length;
  // reach[j]: the rule's first i characters and the text's first j can produce the same string.
  let reach = new Array<boolean>(textLength + 1).fill(false);
  reach[0] = true;
  for (let j = 1; j <= textLength; j++) reach[j] = reach[j - 1]! && text[j - 1] === HOLE;
  for (let i = 1; i <= ruleLength; i++) {
    const next = new Array<boolean>(textLength + 1).fill(false);
    const ruleChar = rule[i - 1];
    next[0] = reach[0]! && ruleChar === '*';
    for (let j = 1; j <= textLength; j++) {
      const textChar = text[j - 1];
      if (ruleChar === '*' || textChar === HOLE) next[j] = reach[j]! || next[j - 1]! || reach[j - 1]!;
      else next[j] = reach[j - 1]! && ruleChar === textChar;
    }
    reach = next;
  }
  return reach[textLength]!;
}
