import type { Markdown } from './markdown-with-scenarios';

/** The README's table of interpretations: what a document names, and what drives it here. */
export const INTERPRETATIONS_HEADING = 'What the documents name, and what drives it here';

/** One row of that table, with the documents it applies to. */
export interface InterpretationRow {
  /** Its line in the README (1-based). */
  line: number;
  /** The three cells as written (inline Markdown). */
  documentCell: string;
  says: string;
  here: string;
  /** The documents the row applies to (file names). */
  documents: string[];
  /** References in the row that name no document (a typo, or a document not handed over). */
  unresolved: string[];
  /** What the row quotes from the documents (code spans, quoted text): a scenario whose steps hold one is interpreted by it. */
  phrases: string[];
}

const MODULE = /^\d\d-p\d$/i;
const PART = /^part(\d+)$/i;

/**
 * The rows of the table under `## What the documents name, and what drives it here`, each mapped to
 * documents by its first column: `all` is every document; `01-p0` sets the module, and a `partNN` after
 * it is that module's part (`01-p0-core-runtime-partNN.md`); a row that starts with a `partNN` continues
 * the module of the row above; a module with no part after it is the whole module; a document's own name
 * (`agent-runtime.md`) is that document. An `(also 01-p0 part09)` in the second column adds that document.
 */
export function readInterpretationRows(md: Markdown, readme: string, documentNames: readonly string[]): InterpretationRow[] {
  const tokens = md.parse(readme, {});
  const heading = tokens.findIndex((token, index) => token.type === 'heading_open' && tokens[index + 1]?.content.trim() === INTERPRETATIONS_HEADING);
  if (heading < 0) return [];
  const tableStart = tokens.findIndex((token, index) => index > heading && (token.type === 'table_open' || token.type === 'heading_open'));
  if (tableStart < 0 || tokens[tableStart]!.type !== 'table_open') return [];
  const rows: InterpretationRow[] = [];
  let module: string | undefined;
  let cells: string[] = [];
  let rowLine = 0;
  let inBody = false;
  for (const token of tokens.slice(tableStart)) {
    if (token.type === 'table_close') break;
    if (token.type === 'tbody_open') inBody = true;
    if (!inBody) continue; // the header row
    if (token.type === 'tr_open') [cells, rowLine] = [[], (token.map?.[0] ?? 0) + 1];
    if (token.type === 'inline') cells.push(token.content);
    if (token.type !== 'tr_close' || cells.length < 3) continue;
    const [documentCell, says, here] = cells as [string, string, string];
    const first = resolveReferences(documentCell, documentNames, module);
    module = first.module;
    const also = [...says.matchAll(/\(also ([^)]*)\)/g)].map((match) => resolveReferences(match[1]!, documentNames, undefined));
    const documents = [...new Set([...first.documents, ...also.flatMap((reference) => reference.documents)])];
    const unresolved = [...first.unresolved, ...also.flatMap((reference) => reference.unresolved)];
    rows.push({ line: rowLine, documentCell, says, here, documents, unresolved, phrases: quotedPhrases(says) });
  }
  return rows.filter((row) => row.documentCell.trim() !== 'document');
}

function resolveReferences(cell: string, documentNames: readonly string[], carried: string | undefined): { documents: string[]; unresolved: string[]; module: string | undefined } {
  const documents: string[] = [];
  const unresolved: string[] = [];
  let module = carried;
  let moduleWithoutPart: string | undefined;
  const wholeModule = (name: string) => {
    const members = documentNames.filter((document) => document.startsWith(`${name}-`));
    if (members.length) documents.push(...members);
    else unresolved.push(name);
  };
  for (const word of cell.split(/[\s,;/]+/).filter(Boolean)) {
    if (word === 'all') documents.push(...documentNames);
    else if (MODULE.test(word)) {
      if (moduleWithoutPart) wholeModule(moduleWithoutPart);
      module = moduleWithoutPart = word.toLowerCase();
    } else if (PART.test(word)) {
      moduleWithoutPart = undefined;
      const part = `-part${PART.exec(word)![1]!.padStart(2, '0')}.md`;
      const found = module && documentNames.find((document) => document.startsWith(`${module}-`) && document.endsWith(part));
      if (found) documents.push(found);
      else unresolved.push(module ? `${module} ${word}` : word);
    } else {
      const found = documentNames.find((document) => document === word || document === `${word}.md`);
      if (found) documents.push(found);
    }
  }
  if (moduleWithoutPart) wholeModule(moduleWithoutPart);
  return { documents, unresolved, module };
}

/**
 * Code spans (up to a call's parenthesis) and quoted text: what the row quotes from the documents. A plain
 * lower-case word (`model`, `clear()`) is left out: it would mark every scenario that uses the word.
 */
function quotedPhrases(says: string): string[] {
  const spans = [...says.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.replace(/\(.*$/, ''));
  const quotes = [...says.matchAll(/“([^”]+)”|"([^"]+)"/g)].map((match) => (match[1] ?? match[2])!);
  const distinctive = (phrase: string) => !/^[a-z]+$/.test(phrase.trim()) && normalizePhrase(phrase).length >= 4;
  return [...new Set([...spans, ...quotes].filter(distinctive).map(normalizePhrase))];
}

/** Text compared for a phrase: no code marks, no spaces, lower case. */
export function normalizePhrase(text: string): string {
  return text.replace(/[`\s]/g, '').toLowerCase();
}

/** The rows that interpret a scenario: those of its document that quote a phrase of its steps. */
export function rowsForScenario(rows: readonly InterpretationRow[], scenarioText: string): InterpretationRow[] {
  const text = normalizePhrase(scenarioText);
  return rows.filter((row) => row.phrases.some((phrase) => text.includes(phrase)));
}
