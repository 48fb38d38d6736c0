import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { importMarkdownSpec, featureFileNameOf, type ImportedSpec } from './import-spec';
import { SpecFormatError } from './spec-format-error';
import type { SpecsFolder } from './specs-location';

/** One source document as the tools read it: its Markdown, where it came from, and its import. */
export interface SourceDocument {
  fileName: string;
  path: string;
  markdown: string;
  /** Read from the handed-over folder (`../shared/specs-next`). */
  handedOver: boolean;
  /** Whether `features/` holds its transcription; a handed-over document without one is pending. */
  transcribed: boolean;
  /** The import (scenarios with their lines); absent when the document does not import. */
  imported?: ImportedSpec;
  /** Why it does not import, one line per problem. */
  problems?: string[];
}

/** Every `*.md` of the folders (in order, each folder sorted by name), read and imported. */
export async function readSourceDocuments(folders: readonly SpecsFolder[], featuresDir: string): Promise<SourceDocument[]> {
  const documents: SourceDocument[] = [];
  for (const folder of folders) {
    const names = (await readdir(folder.dir)).filter((name) => name.endsWith('.md')).sort();
    documents.push(...(await Promise.all(names.map((name) => readSourceDocument(folder, featuresDir, name)))));
  }
  return documents;
}

async function readSourceDocument(folder: SpecsFolder, featuresDir: string, fileName: string): Promise<SourceDocument> {
  const path = join(folder.dir, fileName);
  const markdown = await readFile(path, 'utf8');
  const transcribed = existsSync(join(featuresDir, featureFileNameOf(fileName)));
  const base = { fileName, path, markdown, handedOver: folder.handedOver, transcribed };
  try {
    return { ...base, imported: importMarkdownSpec(markdown, fileName) };
  } catch (error) {
    return { ...base, problems: error instanceof SpecFormatError ? error.message.split('\n') : [String(error)] };
  }
}

/** A document the run is measured against: transcribed, or from the main folder (where a missing transcription is a failure). */
export function isCheckedDocument(document: SourceDocument): boolean {
  return document.transcribed || !document.handedOver;
}

/** What the conformance report is built from: the checked documents' imports, and the pending ones with their scenario counts. */
export function conformanceInputs(sources: readonly SourceDocument[]): { documents: ImportedSpec[]; pending: Array<{ document: string; scenarios: number }> } {
  const documents: ImportedSpec[] = [];
  const pending: Array<{ document: string; scenarios: number }> = [];
  for (const source of sources) {
    if (!source.imported) continue;
    if (isCheckedDocument(source)) documents.push(source.imported);
    else pending.push({ document: source.fileName, scenarios: source.imported.scenarios.length });
  }
  return { documents, pending };
}
