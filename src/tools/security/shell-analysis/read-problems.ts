import type { NumericNames } from './evaluated-values';
import { type ParsedShell, quotedHeredoc, type SyntaxNode } from './shell-parser';

/** Node types whose text bash never expands (a `$(` there is just text). */
const LITERAL_TEXT = new Set(['raw_string', 'ansi_c_string', 'comment']);
const READS_NAMES = new Set(['read', 'mapfile', 'readarray', 'getopts', 'printf']);

/**
 * What in a parsed line the policy cannot judge by its commands alone, each a reason to ask:
 * - text the parser could not read (an ERROR or a missing token): bash may read it otherwise;
 * - a `$(`, backtick or `<(` the parser did not take as a substitution where bash would run it (tree-sitter
 *   misses some in here-documents): a check of the tree against the text, so a misparse cannot hide a command;
 * - values bash evaluates as code: arithmetic on variables not known to hold numbers, `${!name}`, subscripts.
 */
export function readProblems(parsed: ParsedShell, numbers: NumericNames): string[] {
  const problems: string[] = [];
  const nodes = allNodes(parsed.root);
  const broken = parsed.root.hasError ? nodes.find((node) => node.type === 'ERROR' || node.isMissing) : undefined;
  if (broken) problems.push(`the shell parser cannot read this line near ${JSON.stringify(snippet(broken.text || parsed.text.slice(broken.startIndex, broken.startIndex + 20)))}`);
  const misread = misreadHeredoc(parsed.text, nodes);
  if (misread) problems.push(misread);
  const missed = missedSubstitution(parsed.text, nodes);
  if (missed !== undefined) problems.push(`the shell parser did not take ${JSON.stringify(parsed.text.slice(missed, missed + 20))} as a substitution, though bash would run it`);
  collectAssignments(nodes, numbers);
  for (const node of nodes) {
    const risk = evaluationRisk(node, numbers);
    if (risk) problems.push(risk);
  }
  return problems;
}

/** Every node of the tree in source order (web-tree-sitter keeps each node's children once asked). */
function allNodes(root: SyntaxNode): SyntaxNode[] {
  const nodes: SyntaxNode[] = [];
  const visit = (node: SyntaxNode): void => {
    nodes.push(node);
    for (const child of node.children) visit(child);
  };
  visit(root);
  return nodes;
}

/** The index of a `$(` or backtick bash would expand that no substitution node of the tree accounts for. */
function missedSubstitution(text: string, nodes: readonly SyntaxNode[]): number | undefined {
  const skip = new Map<number, number>();
  const starts = new Set<number>();
  for (const node of nodes) {
    if (LITERAL_TEXT.has(node.type) || (node.type === 'heredoc_body' && quotedHeredoc(node))) skip.set(node.startIndex, node.endIndex);
    // A backtick substitution is read again from its text (nested backticks are escaped in it).
    else if (node.type === 'command_substitution' && node.firstChild?.type === '`') skip.set(node.startIndex, node.endIndex);
    else if (node.type === 'command_substitution' || node.type === 'arithmetic_expansion') starts.add(node.startIndex);
  }
  for (let at = 0; at < text.length; at++) {
    const end = skip.get(at);
    if (end !== undefined && end > at) at = end - 1;
    else if (text[at] === '\\') at++;
    else if ((text[at] === '`' || (text[at] === '$' && text[at + 1] === '(')) && !starts.has(at)) return at;
  }
  return undefined;
}

/** A here-document whose body lines the parser took as words of the command (it does so for a body starting with `\`). */
function misreadHeredoc(text: string, nodes: readonly SyntaxNode[]): string | undefined {
  for (const redirect of nodes) {
    if (redirect.type !== 'heredoc_redirect') continue;
    const start = redirect.children.find((child) => child.type === 'heredoc_start');
    if (!start) continue;
    const lineEnd = text.indexOf('\n', start.endIndex);
    const misplaced = redirect.children.find((child) => child.isNamed && child.type !== 'heredoc_body' && child.type !== 'heredoc_end' && lineEnd >= 0 && child.startIndex > lineEnd);
    if (misplaced) return `the shell parser read the here-document's body (${JSON.stringify(snippet(misplaced.text))}) as words, not as its body`;
  }
  return undefined;
}

/** Records every variable given a value anywhere in the line: numbers with their position, anything else by name. */
function collectAssignments(nodes: readonly SyntaxNode[], numbers: NumericNames): void {
  for (const node of nodes) {
    if (node.type === 'variable_assignment') {
      const name = node.childForFieldName('name');
      const value = node.childForFieldName('value');
      if (name?.type !== 'variable_name') continue;
      if (value && (value.type === 'number' || value.type === 'arithmetic_expansion')) numbers.numeric(name.text, node.startIndex);
      else numbers.assigned(name.text);
    } else if (node.type === 'for_statement') {
      const variable = node.childForFieldName('variable');
      const values = node.childrenForFieldName('value');
      if (!variable) continue;
      if (values.length && values.every((value) => value.type === 'number' || /^\d+$/.test(value.text))) numbers.numeric(variable.text, node.startIndex);
      else numbers.assigned(variable.text);
    } else if (node.type === 'command' && READS_NAMES.has(node.childForFieldName('name')?.text ?? '')) {
      for (const argument of node.childrenForFieldName('argument')) numbers.assigned(argument.text);
    }
  }
}

function evaluationRisk(node: SyntaxNode, numbers: NumericNames): string | undefined {
  switch (node.type) {
    case 'arithmetic_expansion':
      return numbers.arithmeticRisk(node.text.replace(/^\$\(\(|^\$\[|\)\)$|\]$/g, ''), node.startIndex);
    case 'compound_statement':
      return node.firstChild?.type === '((' ? numbers.arithmeticRisk(node.text.slice(2, -2), node.startIndex) : undefined;
    case 'c_style_for_statement': {
      const header = node.text.slice(0, node.childForFieldName('body')?.startIndex !== undefined ? node.childForFieldName('body')!.startIndex - node.startIndex : undefined);
      return numbers.arithmeticRisk(header.replace(/^for\s*\(\(|\)\)[\s;]*(do)?\s*$/g, ''), node.startIndex);
    }
    case 'expansion':
      if (/^\$\{!\w+\}$/.test(node.text) || /^\$\{!\w+\[[^\]]*\]\}$/.test(node.text)) return `${node.text} reads a variable named by a value, and bash evaluates a subscript in that name as code`;
      if (/^\$\{#?\w+:[^-=?+]/.test(node.text))
        return numbers.arithmeticRisk(
          node.text
            .replace(/^\$\{#?\w+:/, '')
            .slice(0, -1)
            .replace(/:/g, '+'),
          node.startIndex,
        );
      return undefined;
    case 'subscript': {
      const index = node.childForFieldName('index');
      if (!index || /^[@*]$/.test(index.text)) return undefined;
      return numbers.arithmeticRisk(index.text, node.startIndex);
    }
    default:
      return undefined;
  }
}

function snippet(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
