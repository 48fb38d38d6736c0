import { commandParts, MAX_NESTING, type CommandPart } from './command-parts';
import { DEFAULT_ASK_PATTERNS, DEFAULT_RULE_NAMES } from './default-rules';
import { commandWords } from './inner-commands';
import { compileRule, normalizeBlanks, PERMISSION_ACTIONS, type PermissionAction, type PermissionRule, type PermissionRuleSpec } from './permission-rule';
import { RuleIndex } from './rule-index';

/** The policy as configured: the library option, a rule file and the CLI flags all build one of these. */
export interface PermissionRules {
  allow?: readonly string[];
  ask?: readonly string[];
  deny?: readonly string[];
  /** For a command no rule matches (default allow; `ask` makes the allow rules an allowlist). */
  unmatched?: PermissionAction;
  /** Include DEFAULT_ASK_PATTERNS (default true). */
  defaults?: boolean;
  /** Where each list came from, for messages (`--deny`, `rules.json`); default `option`. */
  sources?: Partial<Record<PermissionAction, string>>;
}

export interface PermissionVerdict {
  action: PermissionAction;
  /** The rule that decided; none when no rule matched (`unmatched`) or the line cannot be checked (`reason`). */
  rule?: PermissionRule;
  /** Why a line no rule decided is denied anyway: it nests commands deeper than the policy follows. */
  reason?: string;
  /** The part of the line that decided (or the whole line). */
  subject: string;
  /** What an approval "for the rest of the session" covers: each part that asked, normalized. */
  askingParts: string[];
  /** Whether one of your own ask rules asked (not only the built-in defaults or `unmatched: ask`). */
  askedByYourRule: boolean;
}

/** What decided one part, or the whole line: a verdict before the asking parts are gathered. */
type Decision = Omit<PermissionVerdict, 'askingParts' | 'askedByYourRule'>;

const STRICTNESS: Record<PermissionAction, number> = { allow: 0, ask: 1, deny: 2 };

/**
 * allow / ask / deny over whole command lines. Each simple command of the line (see command-parts.ts) is
 * decided by the first of: your deny rules, your ask rules, your allow rules, the default ask rules, then
 * `unmatched`. The whole line as written is also held against the deny and ask rules (so `curl ... | sh`
 * patterns work), the defaults unless it is a single command one of your allow rules names. The strictest decision wins:
 * putting an allowed command first never lets a denied one through.
 */
export class PermissionPolicy {
  private readonly user: Record<PermissionAction, RuleIndex>;
  private readonly defaults: RuleIndex;
  readonly rules: readonly PermissionRule[];
  readonly unmatched: PermissionAction;

  /** Several rule sets (a file, then flags) add up; the last `unmatched` / `defaults` given wins. */
  constructor(rules: PermissionRules | readonly PermissionRules[] = {}) {
    const sets: readonly PermissionRules[] = Array.isArray(rules) ? rules : [rules as PermissionRules];
    const specs = (action: PermissionAction): PermissionRuleSpec[] =>
      sets.flatMap((set) => (set[action] ?? []).map((pattern, index) => ({ action, pattern, source: sourceOf(set.sources?.[action] ?? 'option', action, index) })));
    const user = { deny: specs('deny').map(compileRule), ask: specs('ask').map(compileRule), allow: specs('allow').map(compileRule) };
    const last = <K extends 'unmatched' | 'defaults'>(key: K) => sets.reduce<PermissionRules[K]>((value, set) => set[key] ?? value, undefined);
    const defaults = last('defaults') === false ? [] : DEFAULT_ASK_PATTERNS.map(defaultRule);
    this.user = { deny: new RuleIndex(user.deny), ask: new RuleIndex(user.ask), allow: new RuleIndex(user.allow) };
    this.defaults = new RuleIndex(defaults);
    this.unmatched = last('unmatched') ?? 'allow';
    /** Every rule, in the order they are consulted. */
    this.rules = [...PERMISSION_ACTIONS.flatMap((action) => user[action]), ...defaults];
  }

  evaluate(line: string): PermissionVerdict {
    const parts = uniqueParts(commandParts(line));
    const decisions = parts.map((part) => this.decidePart(part));
    const whole = this.decideWholeLine(line, parts.length > 1);
    if (whole) decisions.push(whole);
    // The first of the strictest decisions: the part written first names itself in messages.
    let strictest: Decision = { action: 'allow', subject: normalizeBlanks(line) };
    for (const decision of decisions) if (STRICTNESS[decision.action] > STRICTNESS[strictest.action]) strictest = decision;
    const asking = decisions.filter((decision) => decision.action === 'ask');
    const askedByYourRule = asking.some((decision) => decision.rule !== undefined && decision.rule.source !== 'default');
    return { ...strictest, askingParts: asking.map((decision) => decision.subject), askedByYourRule };
  }

  private decidePart(part: CommandPart): Decision {
    if (part.tooDeep) return { action: 'deny', subject: normalizeBlanks(part.raw), reason: `commands nested more than ${MAX_NESTING} levels deep cannot be checked` };
    const texts = candidates(part);
    const subject = part.words.join(' ') || texts[0];
    for (const action of PERMISSION_ACTIONS) {
      const rule = this.user[action].find(texts);
      if (rule) return { action, rule, subject };
    }
    const rule = this.defaults.find(texts);
    if (rule) return { action: 'ask', rule, subject };
    return { action: this.unmatched, subject };
  }

  private decideWholeLine(line: string, compound: boolean): Decision | undefined {
    const subject = normalizeBlanks(line);
    const texts = [subject, line];
    // Your allow rule for a single command overrides a default; a prefix allow cannot cover a whole pipeline.
    const allowedAlone = !compound && this.user.allow.find(texts);
    const rule = this.user.deny.find(texts) ?? this.user.ask.find(texts) ?? (allowedAlone ? undefined : this.defaults.find(texts));
    return rule && { action: rule.action, rule, subject };
  }
}

function defaultRule(pattern: string): PermissionRule {
  const rule = compileRule({ action: 'ask', pattern, source: 'default' });
  return DEFAULT_RULE_NAMES[pattern] ? { ...rule, label: `ask rule "${DEFAULT_RULE_NAMES[pattern]}" (default)` } : rule;
}

/** `rules.json deny[2]`; a flag names itself (`--deny`). */
function sourceOf(base: string, action: PermissionAction, index: number): string {
  return base.startsWith('--') ? base : `${base} ${action}[${index}]`;
}

/** The texts a rule is held against for one part: as written, its words, the command proper, and with a bare command name. */
function candidates(part: CommandPart): string[] {
  const core = commandWords(part.words);
  const texts = [normalizeBlanks(part.raw), part.words.join(' '), core.join(' ')];
  const [name, ...args] = core;
  if (name) texts.push([name.slice(name.lastIndexOf('/') + 1), ...args].join(' '));
  return [...new Set(texts.filter(Boolean))];
}

function uniqueParts(parts: CommandPart[]): CommandPart[] {
  const seen = new Set<string>();
  return parts.filter((part) => {
    // Parts written alike have the same words; one nested too deep to be taken apart is another matter.
    // Stryker disable next-line StringLiteral: too-deep parts all deny, so keeping only the first of them decides the same
    const key = part.tooDeep ? `too deep: ${part.raw}` : part.raw;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
