import type { Parser } from 'web-tree-sitter';
import { declarationRuns, testRisks } from './code-builtins';
import { NumericNames } from './evaluated-values';
import { programRuns } from './program-runs';
import type { InnerRun, StandardInput } from './command-runners';
import { type ParsedShell, parseShell, quotedHeredoc, type SyntaxNode } from './shell-parser';
import { HOLE, isLiteral, literalWord, type ShellWord, wordOf } from './shell-words';
import { readProblems } from './read-problems';

/** One simple command a line runs (or a construct the policy must judge), for the permission policy. */
export interface CommandPart {
  /** As written. */
  raw: string;
  /** Assignments, then the command name and its arguments. */
  words: ShellWord[];
  /** Where the command name is in `words` (`words.length` for assignments alone). */
  name: number;
  /** Why the policy cannot see all this part runs: it is asked, never allowed by a rule. */
  opaque?: string;
  /** Nested deeper than MAX_NESTING: not taken apart, denied. */
  tooDeep?: true;
}

/** How deep `bash -c`, `eval`, substitutions and runners are followed into each other. */
export const MAX_NESTING = 8;

/**
 * Every simple command a line can run, found in the syntax tree of a real bash parser: in lists,
 * pipelines, compound commands and functions, in command and process substitutions, in here-documents that
 * expand, and inside what commands run on our behalf (`bash -c`, `eval`, runners such as `sudo`, `env`,
 * `xargs`, `find -exec`, see program-runs.ts). What cannot be seen is a part with a reason (`opaque`).
 */
export function commandParts(parser: Parser, line: string): CommandPart[] {
  return readScript(parser, line, 0);
}

/**
 * A line of plain words (`git status`, `npm test -- --watch`, `true`): no quote, expansion, glob, operator or
 * assignment, so every parser reads it as one simple command of exactly these words. Judged without parsing.
 */
const PLAIN_WORDS = /^[ \t]*[A-Za-z0-9_./:,+@%-]+(?:[ \t]+[A-Za-z0-9_./:,+@%=-]+)*[ \t]*$/;

function readScript(parser: Parser, text: string, depth: number): CommandPart[] {
  if (depth > MAX_NESTING) return [{ raw: text, words: [], name: 0, tooDeep: true }];
  if (PLAIN_WORDS.test(text)) return new TreeWalk(parser, undefined, depth, new NumericNames()).plain(text);
  const parsed = parseShell(parser, text);
  try {
    const walk = new TreeWalk(parser, parsed, depth, new NumericNames());
    // One part for the line's problems (the first says why): each asks the same question.
    const [problem] = readProblems(parsed, walk.numbers);
    if (problem) walk.emit({ raw: parsed.text, words: [{ text: parsed.text, value: HOLE }], name: 0, opaque: problem });
    return walk.run(parsed.root);
  } finally {
    parsed.tree.delete();
  }
}

/** Words bash reads as syntax at the start of a command (`time` and `coproc` are judged as runners). */
const RESERVED_WORDS = new Set(['if', 'then', 'elif', 'else', 'fi', 'for', 'while', 'until', 'do', 'done', 'case', 'esac', 'in', 'select', 'function', '{', '}', '!', '[[', ']]']);

const SUBSTITUTIONS = new Set(['command_substitution', 'process_substitution']);

class TreeWalk {
  private readonly direct: CommandPart[] = [];
  private readonly later: Array<() => CommandPart[]> = [];

  constructor(
    private readonly parser: Parser,
    private readonly parsed: ParsedShell | undefined,
    private readonly depth: number,
    readonly numbers: NumericNames,
  ) {}

  /** A line of plain words: one command. */
  plain(text: string): CommandPart[] {
    const words = text
      .trim()
      .split(/[ \t]+/)
      .map(literalWord);
    this.judge({ raw: text.trim(), words, name: 0 }, [], words, { kind: 'inherited' }, this.depth);
    return this.collected();
  }

  run(node: SyntaxNode): CommandPart[] {
    this.visit(node);
    return this.collected();
  }

  private collected(): CommandPart[] {
    return [...this.direct, ...this.later.flatMap((next) => next())];
  }

  emit(part: CommandPart): void {
    this.direct.push(part);
  }

  private visit(node: SyntaxNode): void {
    switch (node.type) {
      case 'comment':
        return;
      case 'command':
        return this.command(node);
      case 'declaration_command':
      case 'unset_command':
        return this.declaration(node);
      case 'variable_assignment':
      case 'variable_assignments':
        this.emit({ raw: node.text, words: assignmentsOf(node).map(wordOf), name: assignmentsOf(node).length, opaque: firstRisk(declarationRuns(assignmentsOf(node).map(wordOf))) });
        return this.visitChildren(node);
      case 'redirected_statement':
        if (!node.childForFieldName('body')) this.emit({ raw: node.text, words: [], name: 0 });
        return this.visitChildren(node);
      case 'test_command':
        this.emit({
          raw: node.text,
          words: [{ text: node.text, value: node.text }],
          name: 0,
          opaque: firstRisk(testRisks(testWords(node), (text) => this.numbers.arithmeticRisk(text, node.startIndex))),
        });
        return this.visitChildren(node);
      case 'command_substitution':
      case 'process_substitution':
        return this.nested(node);
      case 'heredoc_body':
        if (!quotedHeredoc(node)) this.visitChildren(node);
        return;
      default:
        return this.visitChildren(node);
    }
  }

  private visitChildren(node: SyntaxNode): void {
    for (const child of node.namedChildren) this.visit(child);
  }

  /** A substitution's commands come after the commands of this level; a backtick one is read again unescaped. */
  private nested(node: SyntaxNode): void {
    const backtick = node.firstChild?.type === '`';
    this.later.push(() => {
      if (backtick) return readScript(this.parser, backtickText(this.parsed!.text, node), this.depth + 1);
      if (this.depth + 1 > MAX_NESTING) return [{ raw: node.text, words: [], name: 0, tooDeep: true }];
      const inner = new TreeWalk(this.parser, this.parsed, this.depth + 1, this.numbers);
      for (const child of node.namedChildren) inner.visit(child);
      return inner.collected();
    });
  }

  private command(node: SyntaxNode): void {
    const assignments = node.namedChildren.filter((child) => child.type === 'variable_assignment').map(wordOf);
    const nameNode = node.childForFieldName('name')?.firstNamedChild;
    const redirects = redirectsOf(node);
    const extra = redirects.flatMap((redirect) => (redirect.type === 'file_redirect' ? redirect.childrenForFieldName('destination').slice(1) : []));
    const args = [...node.childrenForFieldName('argument'), ...extra].map(wordOf);
    const words = nameNode ? [wordOf(nameNode), ...args] : args;
    const part: CommandPart = { raw: rawOf(node), words: [...assignments, ...words], name: assignments.length };
    const runs = assignments.flatMap((word) => declarationRuns([word]));
    this.judge(part, runs, words, standardInput(node, redirects), this.depth);
    // Substitutions in the words and redirections (the statement's redirections are visited with the statement).
    for (const child of node.namedChildren) {
      if (child.type === 'variable_assignment') this.visitChildren(child);
      else if (child.type !== 'command_name' || child.firstNamedChild?.type !== 'word') this.visit(child);
    }
  }

  /** Emits a part and, right after it, what it runs; `words` are from the command name on. */
  private judge(part: CommandPart, runs: InnerRun[], words: ShellWord[], stdin: StandardInput, depth: number): void {
    const name = words[0];
    if (name && isLiteral(name) && RESERVED_WORDS.has(name.value)) {
      // bash would not take a reserved word as a command name here: the parser read the line otherwise than bash.
      runs.unshift({ kind: 'opaque', reason: `the shell parser read the reserved word ${name.value} as a command name` });
      if (words.length > 1) runs.push({ kind: 'command', words: words.slice(1) });
    } else if (name && !isLiteral(name)) runs.unshift({ kind: 'opaque', reason: `the command name ${name.text} is only known when it runs` });
    else if (name && /[{}]/.test(name.value) && name.value !== '{}') runs.unshift({ kind: 'opaque', reason: `the command name ${name.text} is expanded when it runs` });
    else if (name) runs.push(...programRuns(basename(name.value), words.slice(1), stdin, (text) => this.numbers.arithmeticRisk(text, Number.MAX_SAFE_INTEGER)));
    part.opaque ??= firstRisk(runs);
    this.emit(part);
    for (const run of runs) {
      if (run.kind === 'command') this.innerCommand(run.words, stdin, depth + 1);
      else if (run.kind === 'script') this.innerScript(run.word, run.by, depth + 1);
    }
  }

  private innerCommand(words: ShellWord[], stdin: StandardInput, depth: number): void {
    const raw = words.map((word) => word.text).join(' ');
    if (depth > MAX_NESTING) return this.emit({ raw, words: [], name: 0, tooDeep: true });
    this.judge({ raw, words, name: 0 }, [], words, stdin, depth);
  }

  private innerScript(word: ShellWord, by: string, depth: number): void {
    if (!isLiteral(word)) return this.emit({ raw: word.text, words: [word], name: 0, opaque: `${by} runs ${word.text}, text only known when it runs` });
    for (const part of readScript(this.parser, word.value, depth)) this.emit(part);
  }

  private declaration(node: SyntaxNode): void {
    const keyword = node.firstChild!.text;
    const words = [{ text: keyword, value: keyword }, ...node.namedChildren.map(wordOf)];
    this.judge({ raw: node.text, words, name: 0 }, [], words, { kind: 'inherited' }, this.depth);
    this.visitChildren(node);
  }
}

/** The script inside backticks, unescaped as bash reads it (tree-sitter's opening token may include blanks before it). */
function backtickText(text: string, node: SyntaxNode): string {
  const close = node.lastChild!;
  const inner = text.slice(node.firstChild!.endIndex, close.type === '`' ? close.startIndex : node.endIndex);
  return inner.replace(/\\([\\`$])/g, '$1');
}

function firstRisk(runs: readonly InnerRun[]): string | undefined {
  for (const run of runs) if (run.kind === 'opaque') return run.reason;
  return undefined;
}

function assignmentsOf(node: SyntaxNode): SyntaxNode[] {
  return node.type === 'variable_assignment' ? [node] : node.namedChildren.filter((child) => child.type === 'variable_assignment');
}

/** The command as written: with the redirections of its statement, so rules see `echo hi > out.txt`. */
function rawOf(node: SyntaxNode): string {
  const parent = node.parent;
  return parent?.type === 'redirected_statement' && parent.childForFieldName('body')?.equals(node) ? parent.text : node.text;
}

function redirectsOf(node: SyntaxNode): SyntaxNode[] {
  const own = node.childrenForFieldName('redirect');
  const parent = node.parent;
  const statement = parent?.type === 'redirected_statement' && parent.childForFieldName('body')?.equals(node) ? parent.childrenForFieldName('redirect') : [];
  return [...own, ...statement];
}

/** Where a command reads its input from: the last input redirection, else a pipe before it, else the session's. */
function standardInput(node: SyntaxNode, redirects: SyntaxNode[]): StandardInput {
  for (const redirect of [...redirects].reverse()) {
    if (redirect.type === 'heredoc_redirect') return { kind: 'text', word: heredocText(redirect) };
    if (redirect.type === 'herestring_redirect') return { kind: 'text', word: wordOf(redirect.namedChildren[redirect.namedChildren.length - 1]!) };
    if (redirect.type === 'file_redirect' && /^(<|<>)$/.test(redirect.children.find((child) => !child.isNamed)?.type ?? '')) {
      const target = redirect.childForFieldName('destination');
      if (target) return { kind: 'file', word: SUBSTITUTIONS.has(target.type) ? { text: target.text, value: HOLE } : wordOf(target) };
    }
  }
  let statement: SyntaxNode = node;
  while (statement.parent?.type === 'redirected_statement') statement = statement.parent;
  const pipeline = statement.parent;
  if (pipeline?.type === 'pipeline' && !pipeline.firstNamedChild?.equals(statement)) return { kind: 'pipe' };
  return { kind: 'inherited' };
}

/** A here-document's body as the command reads it: literal unless it expands something. */
function heredocText(redirect: SyntaxNode): ShellWord {
  const body = redirect.namedChildren.find((child) => child.type === 'heredoc_body');
  const text = body?.text ?? '';
  const stripTabs = redirect.children.some((child) => child.type === '<<-');
  const lines = stripTabs ? text.replace(/^\t+/gm, '') : text;
  if (!body || quotedHeredoc(body)) return { text: lines, value: lines };
  const expands = body.namedChildren.some((child) => child.type !== 'heredoc_content') || /[`$]/.test(text.replace(/\\[\\$`]/g, ''));
  const value = lines.replace(/\\([\\$`])/g, '$1').replace(/\\\n/g, '');
  return { text: value, value: expands ? HOLE : value };
}

/** The words of `[[ ... ]]` or `[ ... ]`: its leaves, for the arithmetic and `-v` checks. */
function testWords(node: SyntaxNode): ShellWord[] {
  const words: ShellWord[] = [];
  const visit = (child: SyntaxNode): void => {
    if (
      child.type === 'test_operator' ||
      child.type === 'word' ||
      child.type === 'number' ||
      child.type === 'string' ||
      child.type === 'raw_string' ||
      child.type === 'simple_expansion' ||
      child.type === 'expansion' ||
      child.type === 'concatenation' ||
      child.type === 'command_substitution'
    ) {
      words.push(child.type === 'test_operator' ? { text: child.text, value: child.text } : wordOf(child));
    } else {
      for (const grandchild of child.children) visit(grandchild);
    }
  };
  for (const child of node.children) visit(child);
  return words;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
