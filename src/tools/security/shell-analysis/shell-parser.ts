import type { Node, Parser, Tree } from 'web-tree-sitter';

export type { Node as SyntaxNode } from 'web-tree-sitter';

let loading: Promise<Parser> | undefined;

/**
 * tree-sitter-bash through web-tree-sitter (WASM, no native build), loaded once per process on first use:
 * about 20 ms, then a 200-character line parses in well under 0.1 ms, synchronously.
 */
export function loadShellParser(): Promise<Parser> {
  loading ??= load();
  return loading;
}

async function load(): Promise<Parser> {
  const { Parser, Language } = require('web-tree-sitter') as typeof import('web-tree-sitter');
  await Parser.init();
  const bash = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
  const parser = new Parser();
  parser.setLanguage(bash);
  return parser;
}

/** A parsed line: its text as the parser saw it (line continuations joined), and the tree to free after use. */
export interface ParsedShell {
  text: string;
  root: Node;
  tree: Tree;
}

/**
 * Parses a script. Bash removes backslash-newline before it reads words (except in single quotes, ANSI-C
 * quotes, comments and quoted here-documents); tree-sitter instead splits a word there (`r\⏎m x` would be
 * `r` with arguments), so those continuations are removed and the text parsed again.
 */
export function parseShell(parser: Parser, text: string): ParsedShell {
  let tree = parser.parse(text)!;
  let read = text;
  if (read.includes('\\\n')) read = joinContinuations(read, tree.rootNode);
  if (read.includes('<>')) read = readWriteAsRead(read, read === text ? tree.rootNode : undefined, parser);
  if (read !== text) {
    tree.delete();
    tree = parser.parse(read)!;
  }
  return { text: read, root: tree.rootNode, tree };
}

/**
 * tree-sitter-bash does not know the read-write redirection `<>` (an ERROR at its `>`); read as `< `, the
 * same target at the same place, it parses (the policy judges commands, not how a file is opened).
 */
function readWriteAsRead(text: string, root: Node | undefined, parser: Parser): string {
  const tree = root ? undefined : parser.parse(text)!;
  const errors = (root ?? tree!.rootNode).descendantsOfType('ERROR');
  let out = text;
  for (const error of errors) {
    const at = error.startIndex;
    if (error.text === '>' && text[at - 1] === '<') out = `${out.slice(0, at)} ${out.slice(at + 1)}`;
  }
  tree?.delete();
  return out;
}

/** Node types whose text keeps a backslash-newline as it is. */
const KEEPS_CONTINUATIONS = new Set(['raw_string', 'ansi_c_string', 'comment']);

function joinContinuations(text: string, root: Node): string {
  const kept: Array<[number, number]> = [];
  const visit = (node: Node): void => {
    if (KEEPS_CONTINUATIONS.has(node.type) || (node.type === 'heredoc_body' && quotedHeredoc(node))) {
      kept.push([node.startIndex, node.endIndex]);
      return;
    }
    for (const child of node.children) visit(child);
  };
  visit(root);
  let out = '';
  let from = 0;
  for (let at = text.indexOf('\\\n'); at >= 0; at = text.indexOf('\\\n', at + 2)) {
    if (precededByBackslash(text, at) || kept.some(([start, end]) => at >= start && at < end)) continue;
    out += text.slice(from, at);
    from = at + 2;
  }
  return out + text.slice(from);
}

/** Whether the backslash at `at` is itself escaped (an odd run of backslashes before it). */
function precededByBackslash(text: string, at: number): boolean {
  let run = 0;
  while (at - run - 1 >= 0 && text[at - run - 1] === '\\') run++;
  return run % 2 === 1;
}

/** A here-document whose delimiter is quoted in any way (`'EOF'`, `"EOF"`, `\EOF`, `E"O"F`) is not expanded. */
export function quotedHeredoc(body: Node): boolean {
  const start = body.parent?.children.find((child) => child.type === 'heredoc_start');
  return start !== undefined && /['"\\]/.test(start.text);
}
