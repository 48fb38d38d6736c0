import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { roundTripProblems } from './gherkin-roundtrip';
import { writeGherkin, type ScenarioTrace } from './gherkin-writer';
import { parseMarkdownSpec } from './markdown-spec-parser';
import { SpecFormatError } from './spec-format-error';

export interface ImportedSpec {
  /** The source document's file name, which the feature is tagged with (`@source:<fileName>`). */
  fileName: string;
  /** The feature file's name: the document's, with `.feature` for `.md`. */
  featureFileName: string;
  /** The Gherkin text. */
  feature: string;
  /** Each scenario with its line in the document and in the feature. */
  scenarios: ScenarioTrace[];
}

/**
 * Turns a Markdown BDD document into its Gherkin transcription, deterministically. Throws a
 * SpecFormatError naming every line it cannot import faithfully.
 */
export function importMarkdownSpec(markdown: string, fileName: string): ImportedSpec {
  const document = parseMarkdownSpec(markdown, fileName);
  const written = writeGherkin(document);
  const problems = roundTripProblems(document, written.text);
  if (problems.length) throw new SpecFormatError(fileName, problems);
  return { fileName, featureFileName: featureFileNameOf(fileName), feature: written.text, scenarios: written.scenarios };
}

export async function importMarkdownSpecFile(path: string): Promise<ImportedSpec> {
  return importMarkdownSpec(await readFile(path, 'utf8'), basename(path));
}

export function featureFileNameOf(documentName: string): string {
  return `${documentName.replace(/\.md$/i, '')}.feature`;
}
