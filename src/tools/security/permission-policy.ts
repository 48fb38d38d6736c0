import { classifyCommand } from '../command-line';
import { tokenizeShellLine } from '../shell-tokenizer';
import { DEFAULT_ASK_RULES, type DefaultAskRule, type Match } from './default-rules';
import { compileRule, normalizeBlanks, PERMISSION_ACTIONS, type PermissionAction, type PermissionRule, type PermissionRuleSpec } from './permission-rule';
import { couldMatch } from './rule-may-match';
import { RuleIndex } from './rule-index';
import { type CommandPart, commandParts, HOLE, isLiteral, loadShellParser, MAX_NESTING, type ShellWord } from './shell-analysis';

/** The policy as configured: the library option, a rule file and the CLI flags all build one of these. */
export interface PermissionRules {
  allow?: readonly string[];
  ask?: readonly string[];
  deny?: readonly string[];
  /** For a command no rule matches (default allow; `ask` makes the allow rules an allowlist). */
  unmatched?: PermissionAction;
  /** Include the default ask rules (DEFAULT_ASK_PATTERNS; default true). */
  defaults?: boolean;
  /** Where each list came from, for messages (`--deny`, `rules.json`); default `option`. */
  sources?: Partial<Record<PermissionAction, string>>;
}

export interface PermissionVerdict {
  action: PermissionAction;
  /** The rule that decided; none when no rule matched (`unmatched`) or the line cannot be judged by rules (`reason`). */
  rule?: PermissionRule;
  /** Why a line no rule decided is asked or denied anyway: the policy cannot see what it runs. */
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

const RECENT_VERDICTS = 256;

const STRICTNESS: Record<PermissionAction, number> = { allow: 0, ask: 1, deny: 2 };

/** The default rules as PermissionRules, built once per process. */
const DEFAULT_RULES: ReadonlyMap<DefaultAskRule, PermissionRule> = new Map(DEFAULT_ASK_RULES.map((rule) => [rule, defaultRule(rule)]));

/**
 * allow / ask / deny over whole command lines, judged on the syntax tree of a real bash parser. Each simple
 * command of the line, wherever it sits (see shell-analysis/command-parts.ts), is decided by the first of:
 * your deny rules; your ask rules; what the policy cannot see (a command name, script or value only the run
 * knows: asked, never allowed by a rule); your allow rules; the default ask rules; then `unmatched`. A command
 * with words only the run knows (`rm $X`) is asked when a deny or ask rule could match it once they are known.
 * The whole line as written is also held against your deny and ask rules (so `curl ... | sh` patterns work).
 * The strictest decision wins: putting an allowed command first never lets a denied one through.
 */
export class PermissionPolicy {
  private readonly user: Record<PermissionAction, RuleIndex>;
  private readonly userRules: Record<PermissionAction, readonly PermissionRule[]>;
  private readonly defaults: readonly DefaultAskRule[];
  readonly rules: readonly PermissionRule[];
  readonly unmatched: PermissionAction;

  /** Several rule sets (a file, then flags) add up; the last `unmatched` / `defaults` given wins. */
  constructor(rules: PermissionRules | readonly PermissionRules[] = {}) {
    const sets: readonly PermissionRules[] = Array.isArray(rules) ? rules : [rules as PermissionRules];
    const specs = (action: PermissionAction): PermissionRuleSpec[] =>
      sets.flatMap((set) => (set[action] ?? []).map((pattern, index) => ({ action, pattern, source: sourceOf(set.sources?.[action] ?? 'option', action, index) })));
    this.userRules = { deny: specs('deny').map(compileRule), ask: specs('ask').map(compileRule), allow: specs('allow').map(compileRule) };
    const last = <K extends 'unmatched' | 'defaults'>(key: K) => sets.reduce<PermissionRules[K]>((value, set) => set[key] ?? value, undefined);
    this.defaults = last('defaults') === false ? [] : DEFAULT_ASK_RULES;
    this.user = { deny: new RuleIndex(this.userRules.deny), ask: new RuleIndex(this.userRules.ask), allow: new RuleIndex(this.userRules.allow) };
    this.unmatched = last('unmatched') ?? 'allow';
    /** Every rule, in the order they are consulted. */
    this.rules = [...PERMISSION_ACTIONS.flatMap((action) => this.userRules[action]), ...this.defaults.map((rule) => DEFAULT_RULES.get(rule)!)];
  }

  /** Recent verdicts by line: the policy never changes, and agents repeat commands. */
  private readonly recent = new Map<string, PermissionVerdict>();

  /** The verdict on one command line. The shell parser loads on the first call (once per process). */
  async evaluate(line: string): Promise<PermissionVerdict> {
    const known = this.recent.get(line);
    if (known) return { ...known, askingParts: [...known.askingParts] };
    const verdict = await this.judge(line);
    if (this.recent.size >= RECENT_VERDICTS) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(line, verdict);
    return { ...verdict, askingParts: [...verdict.askingParts] };
  }

  private async judge(line: string): Promise<PermissionVerdict> {
    let parts: CommandPart[];
    try {
      const routed = agentOrExtensionPart(line);
      parts = routed ? [routed] : uniqueParts(commandParts(await loadShellParser(), line));
    } catch (error) {
      // Fail closed: a line the analysis cannot take apart is asked, whatever the rules say.
      parts = [{ raw: line, words: [{ text: line, value: HOLE }], name: 0, opaque: `the shell parser failed (${(error as Error).message})` }];
    }
    const decisions = parts.map((part) => this.decidePart(part));
    const whole = this.decideWholeLine(line);
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
    const subject = part.words.map((word) => word.text).join(' ') || texts[0]!;
    const unsure = part.words.some((word) => !isLiteral(word));
    const patterns = unsure ? patternTexts(part) : [];
    const deny = this.user.deny.find(texts);
    if (deny) return { action: 'deny', rule: deny, subject };
    const couldDeny = this.couldMatch('deny', patterns);
    if (couldDeny) return { action: 'ask', subject, reason: couldBeReason(subject, couldDeny) };
    const ask = this.user.ask.find(texts) ?? this.couldMatch('ask', patterns);
    if (ask) return this.user.ask.find(texts) ? { action: 'ask', rule: ask, subject } : { action: 'ask', subject, reason: couldBeReason(subject, ask) };
    if (part.opaque) return { action: 'ask', subject, reason: part.opaque };
    const allow = this.user.allow.find(texts);
    if (allow) return { action: 'allow', rule: allow, subject };
    const byDefault = this.defaultMatch(part);
    if (byDefault) return byDefault.match === 'yes' ? { action: 'ask', rule: byDefault.rule, subject } : { action: 'ask', subject, reason: couldBeReason(subject, byDefault.rule) };
    return { action: this.unmatched, subject };
  }

  private couldMatch(action: 'deny' | 'ask', patterns: readonly string[]): PermissionRule | undefined {
    if (!patterns.length) return undefined;
    return this.userRules[action].find((rule) => patterns.some((text) => couldMatch(rule, text)));
  }

  private defaultMatch(part: CommandPart): { rule: PermissionRule; match: Match } | undefined {
    const core = part.words.slice(part.name);
    if (!core.length || !isLiteral(core[0]!)) return undefined;
    const name = core[0]!.value.slice(core[0]!.value.lastIndexOf('/') + 1);
    let maybe: DefaultAskRule | undefined;
    for (const rule of this.defaults) {
      const match = rule.match(name, core.slice(1));
      if (match === 'yes') return { rule: DEFAULT_RULES.get(rule)!, match };
      if (match === 'maybe') maybe ??= rule;
    }
    return maybe && { rule: DEFAULT_RULES.get(maybe)!, match: 'maybe' };
  }

  private decideWholeLine(line: string): Decision | undefined {
    const subject = normalizeBlanks(line);
    const texts = [subject, line];
    const rule = this.user.deny.find(texts) ?? this.user.ask.find(texts);
    return rule && { action: rule.action, rule, subject };
  }
}

/**
 * A line the router hands to an agent command (`write`, `read`...) or an extension (`task:`, `mcp:`,
 * `skill:`), or refuses (a bare `bash`): one command no shell reads (shell operators are a usage error
 * there), judged on its words as the agent commands split them.
 */
function agentOrExtensionPart(line: string): CommandPart | undefined {
  const bare = line.trimStart().replace(/^bash[ \t]+(?=\S)/, '');
  // The router refuses a bare `bash` (a usage error, nothing runs) rather than start a shell on its input.
  if (classifyCommand(bare) === 'native' && !/^bash\s*$/.test(bare)) return undefined;
  let words: string[];
  try {
    words = tokenizeShellLine(bare).words;
  } catch {
    words = bare.trim().split(/\s+/);
  }
  return { raw: line.trim(), words: words.map((word) => ({ text: word, value: word })), name: 0 };
}

function couldBeReason(subject: string, rule: PermissionRule): string {
  return `"${subject}" has words only known when it runs, and could match ${rule.label}`;
}

function defaultRule(rule: DefaultAskRule): PermissionRule {
  return {
    action: 'ask',
    pattern: rule.pattern,
    source: 'default',
    kind: 'argv',
    label: `ask rule "${rule.name ?? rule.pattern}" (default)`,
    // Outside the policy (listings, a quick check) a text is taken as plain words.
    test: (text) => {
      const [name, ...args] = text
        .trim()
        .split(/\s+/)
        .map((word): ShellWord => ({ text: word, value: word }));
      return rule.match(name!.value.slice(name!.value.lastIndexOf('/') + 1), args) === 'yes';
    },
  };
}

/** `rules.json deny[2]`; a flag names itself (`--deny`). */
function sourceOf(base: string, action: PermissionAction, index: number): string {
  return base.startsWith('--') ? base : `${base} ${action}[${index}]`;
}

/** The texts a rule is held against for one part: as written, its words, the command proper, and with a bare command name. */
function candidates(part: CommandPart): string[] {
  const core = part.words.slice(part.name).map((word) => word.text);
  const texts = [normalizeBlanks(part.raw), part.words.map((word) => word.text).join(' '), core.join(' ')];
  const [name, ...args] = core;
  if (name) texts.push([name.slice(name.lastIndexOf('/') + 1), ...args].join(' '));
  return [...new Set(texts.map(normalizeBlanks).filter(Boolean))];
}

/** The same texts with HOLE where the run decides, for rules that could match once it has. */
function patternTexts(part: CommandPart): string[] {
  const core = part.words.slice(part.name).map((word) => word.value);
  const texts = [part.words.map((word) => word.value).join(' '), core.join(' ')];
  const [name, ...args] = core;
  if (name) texts.push([name.slice(name.lastIndexOf('/') + 1), ...args].join(' '));
  return [...new Set(texts.map(normalizeBlanks).filter(Boolean))];
}

function uniqueParts(parts: CommandPart[]): CommandPart[] {
  const seen = new Set<string>();
  return parts.filter((part) => {
    // Parts written alike have the same words; one nested too deep, or one the policy cannot see into, is another matter.
    const key = part.tooDeep ? `too deep: ${part.raw}` : `${part.raw}\0${part.words.map((word) => word.text).join('\0')}\0${part.opaque ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
