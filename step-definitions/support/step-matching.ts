// Before any scenario runs, cucumber matches every step of every scenario against every step definition
// (about 9,000 steps x 1,400 definitions here), once per definition and again for each match, in the
// coordinator and before any worker starts: 4-5 s of one core at the start of each run. Nearly all of
// those matches fail on the first characters, since every definition's regular expression is anchored
// (`^...`): this skips a definition whose literal prefix the step's text does not start with, and asks
// the definition itself (exactly as before) otherwise. The skip can only drop a definition that would not
// have matched, so ambiguous and undefined steps are reported as before.
import StepDefinition from '@cucumber/cucumber/lib/models/step_definition';

const prefixes = new WeakMap<object, string>();
const original = StepDefinition.prototype.matchesStepName;

StepDefinition.prototype.matchesStepName = function matchesStepName(this: StepDefinition, stepName: string): boolean {
  let prefix = prefixes.get(this);
  if (prefix === undefined) {
    // Both kinds of expression (cucumber expressions and regular expressions) compile to a RegExp.
    prefix = literalPrefix((this.expression as unknown as { regexp: RegExp }).regexp);
    prefixes.set(this, prefix);
  }
  return stepName.startsWith(prefix) && original.call(this, stepName);
};

/**
 * The text every match of `regexp` starts with: the literal characters after a leading `^`, up to the
 * first character with a meaning of its own. Empty (no skipping) whenever that is not certain: flags that
 * change where `^` matches or how text compares (`i`, `m`, `g`, `y`), and a top-level `|`.
 */
export function literalPrefix(regexp: RegExp): string {
  const source = regexp.source;
  if (!source.startsWith('^') || /[imgy]/.test(regexp.flags) || hasTopLevelAlternative(source)) return '';
  const atoms: string[] = [];
  for (let at = 1; at < source.length; at++) {
    const char = source[at]!;
    if ('?*+{'.includes(char)) {
      atoms.pop(); // the character before a quantifier may be absent or repeated
      break;
    }
    if ('.^$|()[]}'.includes(char)) break;
    if (char === '\\') {
      const escaped = source[at + 1];
      if (escaped === undefined || /[\p{L}\p{N}_]/u.test(escaped)) break; // \d, \w, \b, \u0041...: not one literal character
      atoms.push(escaped);
      at++;
      continue;
    }
    atoms.push(char);
  }
  return atoms.join('');
}

/** Whether `|` occurs outside every group and character class (then `^` anchors only the first alternative). */
function hasTopLevelAlternative(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let at = 0; at < source.length; at++) {
    const char = source[at];
    if (char === '\\') at++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) return true;
  }
  return false;
}
