import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { readFeatureTags, tagSchemeProblem } from './feature-tags';
import { featureFileNameOf, importMarkdownSpec } from './import-spec';
import { SpecFormatError } from './spec-format-error';

export interface DocumentCheck {
  document: string;
  featureFile: string;
  scenarios: number;
  /** match: the feature is exactly the import; drift: it differs (see diff); missing: no feature file; invalid: the document does not import. */
  status: 'match' | 'drift' | 'missing' | 'invalid';
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
 * Imports every `*.md` in `specsDir` and compares the result, byte for byte, with its transcription in
 * `featuresDir`; also holds every feature file to the tag scheme (`@source:<document>` or `@own`).
 */
export async function checkTranscriptions(specsDir: string, featuresDir: string): Promise<TranscriptionCheck> {
  const names = (await readdir(specsDir)).filter((name) => name.endsWith('.md')).sort();
  const documents = await Promise.all(names.map((name) => checkDocument(specsDir, featuresDir, name)));
  const features: TranscriptionCheck['features'] = [];
  for (const feature of existsSync(featuresDir) ? await readFeatureTags(featuresDir) : []) {
    const problem = tagSchemeProblem(feature);
    if (problem) features.push({ path: feature.path, problem });
    else if (feature.source && !names.includes(feature.source)) features.push({ path: feature.path, problem: `is tagged @source:${feature.source}, but ${specsDir} has no such document` });
    else if (feature.source && feature.path !== featureFileNameOf(feature.source))
      features.push({ path: feature.path, problem: `is tagged @source:${feature.source}, whose transcription is ${featureFileNameOf(feature.source)}` });
  }
  if (!names.length) features.push({ path: specsDir, problem: 'holds no .md documents' });
  const ok = !features.length && documents.every((document) => document.status === 'match');
  return { documents, features, ok };
}

async function checkDocument(specsDir: string, featuresDir: string, name: string): Promise<DocumentCheck> {
  const featureFile = featureFileNameOf(name);
  let imported;
  try {
    imported = importMarkdownSpec(await readFile(join(specsDir, name), 'utf8'), name);
  } catch (error) {
    const problems = error instanceof SpecFormatError ? error.message.split('\n') : [`${name}: ${error instanceof Error ? error.message : String(error)}`];
    return { document: name, featureFile, scenarios: 0, status: 'invalid', problems };
  }
  const base = { document: name, featureFile, scenarios: imported.scenarios.length };
  const path = join(featuresDir, featureFile);
  if (!existsSync(path)) return { ...base, status: 'missing' };
  const current = await readFile(path, 'utf8');
  if (current === imported.feature) return { ...base, status: 'match' };
  const diff = createTwoFilesPatch(`features/${featureFile}`, `${featureFile} imported from ${name}`, current, imported.feature, undefined, undefined, { context: 2 });
  return { ...base, status: 'drift', diff };
}

/** The check as people read it: one line per document, the diffs and problems under it, a verdict. */
export function formatTranscriptionCheck(check: TranscriptionCheck, specsDir: string): string {
  const lines: string[] = [];
  for (const document of check.documents) {
    const where = `features/${document.featureFile}`;
    switch (document.status) {
      case 'match':
        lines.push(`ok     ${document.document} -> ${where} (${document.scenarios} scenarios)`);
        break;
      case 'missing':
        lines.push(`MISSING ${where}: run npm run spec:import -- ${join(specsDir, document.document)}`);
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
  const scenarios = check.documents.reduce((sum, document) => sum + document.scenarios, 0);
  lines.push(
    check.ok
      ? `spec:check: ${check.documents.length} documents, ${scenarios} scenarios, every transcription matches its source (${specsDir})`
      : `spec:check: FAILED (see above): a transcription must be exactly what its document imports as (fix the document or re-import it with npm run spec:import, never edit a transcription by hand), and every feature is tagged @source:<document> or @own`,
  );
  return lines.join('\n');
}
