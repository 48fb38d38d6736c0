import { RE2JS } from 're2js';
import type { PermissionRule } from './permission-rule';

/**
 * Finds the first rule (in configured order) matching any of several texts, fast enough to run on every
 * command with hundreds of rules: exact rules by hash, prefix and wildcard rules bucketed by the first two
 * characters of their literal head; regex rules, and wildcards that start with `*`, each behind one
 * combined RE2 pattern that rejects most texts in a single linear pass.
 */
export class RuleIndex {
  private readonly exact = new Map<string, number>();
  private readonly buckets = new Map<string, number[]>();
  private readonly headless: number[] = [];
  private readonly regexes: number[] = [];
  private readonly anyRegex?: RE2JS;
  private readonly anyHeadless?: RE2JS;

  constructor(private readonly rules: readonly PermissionRule[]) {
    rules.forEach((rule, order) => {
      // Stryker disable next-line StringLiteral: an exact rule in a bucket is found by its test (equality) just the same
      if (rule.kind === 'exact') {
        if (!this.exact.has(rule.literal!)) this.exact.set(rule.literal!, order);
      } else if (rule.kind === 'regex') {
        this.regexes.push(order);
      } else if (rule.literal!.length >= 2) {
        const key = rule.literal!.slice(0, 2);
        const bucket = this.buckets.get(key);
        if (bucket) bucket.push(order);
        else this.buckets.set(key, [order]);
      } else {
        this.headless.push(order);
      }
    });
    this.anyRegex = combined(rules, this.regexes);
    this.anyHeadless = combined(rules, this.headless);
  }

  find(texts: readonly string[]): PermissionRule | undefined {
    let best = Infinity;
    for (const text of texts) {
      const exact = this.exact.get(text);
      // Stryker disable EqualityOperator,ArrayDeclaration: rule orders are distinct, so < and <= agree; a bucket read as a stray word holds no order
      if (exact !== undefined && exact < best) best = exact;
      for (const order of this.buckets.get(text.slice(0, 2)) ?? []) if (order < best && this.rules[order]!.test(text)) best = order;
      // The prefilters only skip rules that cannot match: forcing them true is equivalent (slower, same rule).
      if (!this.anyHeadless || this.anyHeadless.test(text)) {
        for (const order of this.headless) if (order < best && this.rules[order]!.test(text)) best = order;
      }
      if (!this.anyRegex || this.anyRegex.test(text)) {
        for (const order of this.regexes) if (order < best && this.rules[order]!.test(text)) best = order;
      }
      // Stryker restore EqualityOperator,ArrayDeclaration
    }
    return this.rules[best];
  }
}

/** One RE2 pattern matching wherever any of the rules does (none for fewer than two: test them directly). */
// Stryker disable next-line BlockStatement: without a prefilter every rule is tested directly
function combined(rules: readonly PermissionRule[], orders: number[]): RE2JS | undefined {
  // Stryker disable next-line ArrowFunction: sources all missing means no prefilter, as above
  const sources = orders.map((order) => rules[order]!.regexSource);
  // Stryker disable next-line EqualityOperator: one rule or none behind a prefilter is as correct, only slower
  if (sources.length < 2 || sources.some((source) => source === undefined)) return undefined;
  return RE2JS.compile(sources.map((source) => `(?:${source})`).join('|'));
}
