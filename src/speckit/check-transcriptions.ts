import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { readFeatureTags, tagSchemeProblem } from './feature-tags';
import { featureFileNameOf, importMarkdownSpec } from './import-spec';
import { SpecFormatError } from './spec-format-error';
import type { SpecsFolder } from './specs-location';

export interface DocumentCheck {
  document: string;
  /** The folder the document was read from. */
  specsDir: string;
  featureFile: string;
  scenarios: number;
  /**
   * match: the feature is exactly the import; drift: it differs (see diff); missing: no feature file;
   * pending: no feature file yet, for a document of a handed-over folder (not a failure); invalid: the
   * document does not import.
   */
  status: 'match' | 'drift' | 'missing' | 'pending' | 'invalid';
  /** A unified diff from the feature in the repository to what the document imports as. */
  diff?: string;
  problems?: string[];
}

export interface TranscriptionCheck {
  documents: DocumentCheck[];
  /** Feature files that break the tag scheme or claim a document that does not exist. */
  features: Array<{ path: string; problem: string }>;
  ok: boolean;
}

/**
 * Imports every `*.md` of each folder and compares the result, byte for byte, with its transcription in
 * `featuresDir`; also holds every feature file to the tag scheme (`@source:<document>` or `@own`). A
 * plain directory is one folder whose documents must all be transcribed.
 */
export async function checkTranscriptions(specs: string | readonly SpecsFolder[], featuresDir: string): Promise<TranscriptionCheck> {
  const folders = typeof specs === 'string' ? [{ dir: specs, handedOver: false }] : specs;
  const features: TranscriptionCheck['features'] = [];
  const documents: DocumentCheck[] = [];
  const names: string[] = [];
  for (const folder of folders) {
    const found = (await readdir(folder.dir)).filter((name) => name.endsWith('.md')).sort();
    if (!found.length && !folder.handedOver) features.push({ path: folder.dir, problem: 'holds no .md documents' });
    for (const name of found) {
      if (names.includes(name)) features.push({ path: join(folder.dir, name), problem: `is a second document named ${name}: document names must be unique across the folders` });
    }
    names.push(...found);
    documents.push(...(await Promise.all(found.map((name) => checkDocument(folder, featuresDir, name)))));
  }
  for (const feature of existsSync(featuresDir) ? await readFeatureTags(featuresDir) : []) {
    const problem = tagSchemeProblem(feature);
    if (problem) features.push({ path: feature.path, problem });
    else if (feature.source && !names.includes(feature.source))
      features.push({
        path: feature.path,
        problem: `is tagged @source:${feature.source}, but ${folders.map((folder) => folder.dir).join(' and ')} ${folders.length > 1 ? 'have' : 'has'} no such document`,
      });
    else if (feature.source && feature.path !== featureFileNameOf(feature.source))
      features.push({ path: feature.path, problem: `is tagged @source:${feature.source}, whose transcription is ${featureFileNameOf(feature.source)}` });
  }
  const ok = !features.length && documents.every((document) => document.status === 'match' || document.status === 'pending');
  return { documents, features, ok };
}

async function checkDocument(folder: SpecsFolder, featuresDir: string, name: string): Promise<DocumentCheck> {
  const featureFile = featureFileNameOf(name);
  const specsDir = folder.dir;
  let imported;
  try {
    imported = importMarkdownSpec(await readFile(join(specsDir, name), 'utf8'), name);
  } catch (error) {
    const problems = error instanceof SpecFormatError ? error.message.split('\n') : [`${name}: ${error instanceof Error ? error.message : String(error)}`];
    return { document: name, specsDir, featureFile, scenarios: 0, status: 'invalid', problems };
  }
  const base = { document: name, specsDir, featureFile, scenarios: imported.scenarios.length };
  const path = join(featuresDir, featureFile);
  if (!existsSync(path)) return { ...base, status: folder.handedOver ? 'pending' : 'missing' };
  const current = await readFile(path, 'utf8');
  if (current === imported.feature) return { ...base, status: 'match' };
  const diff = createTwoFilesPatch(`features/${featureFile}`, `${featureFile} imported from ${name}`, current, imported.feature, undefined, undefined, { context: 2 });
  return { ...base, status: 'drift', diff };
}

/** The check as people read it: one line per document, the diffs and problems under it, a verdict. */
export function formatTranscriptionCheck(check: TranscriptionCheck): string {
  const lines: string[] = [];
  for (const document of check.documents) {
    const where = `features/${document.featureFile}`;
    switch (document.status) {
      case 'match':
        lines.push(`ok     ${document.document} -> ${where} (${document.scenarios} scenarios)`);
        break;
      case 'missing':
        lines.push(`MISSING ${where}: run npm run spec:import -- ${join(document.specsDir, document.document)}`);
        break;
      case 'pending':
        lines.push(
          `PENDING ${document.document} (${document.scenarios} scenarios, handed over in ${document.specsDir}): not transcribed yet (npm run spec:import -- ${join(document.specsDir, document.document)})`,
        );
        break;
      case 'invalid':
        lines.push(`INVALID ${document.document}:`, ...document.problems!.map((problem) => `  ${problem}`));
        break;
      case 'drift':
        lines.push(`DRIFT  ${where} differs from ${document.document} (- the repository, + the document):`, document.diff!.trimEnd());
        break;
    }
  }
  for (const feature of check.features) lines.push(`TAGS   features/${feature.path} ${feature.problem}`);
  const transcribed = check.documents.filter((document) => document.status !== 'pending');
  const pending = check.documents.length - transcribed.length;
  const scenarios = transcribed.reduce((sum, document) => sum + document.scenarios, 0);
  const folders = [...new Set(check.documents.map((document) => document.specsDir))].join(', ');
  lines.push(
    check.ok
      ? `spec:check: ${transcribed.length} documents, ${scenarios} scenarios, every transcription matches its source (${folders})${pending ? `; ${pending} handed-over ${pending === 1 ? 'document' : 'documents'} pending` : ''}`
      : `spec:check: FAILED (see above): a transcription must be exactly what its document imports as (fix the document or re-import it with npm run spec:import, never edit a transcription by hand), and every feature is tagged @source:<document> or @own`,
  );
  return lines.join('\n');
}
