/**
 * Bash evaluates some values as code at run time: arithmetic (`$((X))`, `((...))`, `let`, `[ $X -eq 1 ]`,
 * array subscripts) reads a variable's value as an expression, and an expression may hold `a[$(cmd)]`, which
 * runs cmd. So does a name given as a value (`${!X}`, `printf -v "$X"`, `read "$X"`, `test -v "$X"`). The
 * analysis cannot see what a variable holds, so such a use is asked, except where the variable is known to
 * hold a number: given a numeric literal or an arithmetic result earlier on the same line, and nothing else.
 */
export class NumericNames {
  private readonly numericAt = new Map<string, number>();
  private readonly other = new Set<string>();

  /** A number (a literal, an arithmetic result) given to `name` at `position`. */
  numeric(name: string, position: number): void {
    const first = this.numericAt.get(name);
    if (first === undefined || position < first) this.numericAt.set(name, position);
  }

  /** Anything else given to `name` (a word, a read, a substitution). */
  assigned(name: string): void {
    this.other.add(name);
  }

  /** Whether `name` holds a number at `position`. */
  holdsNumber(name: string, position: number): boolean {
    const first = this.numericAt.get(name);
    return first !== undefined && first < position && !this.other.has(name);
  }

  /**
   * Why an arithmetic text starting at `position` could run a command hidden in a value, or undefined when
   * it cannot: only numbers, operators and variables holding numbers.
   */
  arithmeticRisk(text: string, position: number): string | undefined {
    if (/\$\(|`|\$\{[^}]*[^\w#?$!}]|\[/.test(text)) return `arithmetic ${text.trim()} evaluates a substitution, subscript or expansion result as code`;
    const code = text.replace(/(?<![$\w])(\d+#[0-9A-Za-z@_]+|0[xX][0-9a-fA-F]+|\d+)\b/g, '0');
    for (const match of code.matchAll(/\$\{?([#?$!]|\d+)\}?|\$?\{?([A-Za-z_]\w*)\}?(\s*[-+*/%&|^]?=(?!=))?/g)) {
      if (match[1] !== undefined) {
        // $#, $?, $$, $! are numbers; $1... are whatever the caller passed.
        if (/^\d/.test(match[1])) return `arithmetic ${text.trim()} evaluates the argument $${match[1]} as code`;
        continue;
      }
      const name = match[2]!;
      const at = position + match.index;
      if (match[3] && !match[0].startsWith('$') && !/[-+*/%&|^]/.test(match[3])) {
        this.numeric(name, at);
        continue;
      }
      if (!this.holdsNumber(name, at)) return `arithmetic ${text.trim()} evaluates the value of ${name} as code, and its value is not known to be a number`;
    }
    return undefined;
  }
}
