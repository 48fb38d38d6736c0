import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Envelope, Timestamp } from '@cucumber/messages';
import { buildConformanceReport, type ConformanceReport } from '../conformance-report';
import { conformanceInputs, type SourceDocument } from '../source-documents';
import { documentHref, documentPage } from './document-page';
import { indexPage } from './index-page';
import { readInterpretationRows } from './interpretation-rows';
import { documentMarkdown } from './markdown-with-scenarios';
import { OWN_PAGE, ownPage } from './own-page';
import { collectEvidence } from './scenario-evidence';
import { buildSearchIndex, searchIndexScript } from './search-index';
import { buildSiteModel, type SiteModel } from './site-model';

/** Marks a folder as one this builder wrote: only such a folder (or an empty one) is cleared before writing. */
const MARKER = '.spec-site';
const ASSETS = ['site.css', 'site.js'];

export interface SiteSources {
  /** The messages of the cucumber run (reports/cucumber.ndjson). */
  envelopes: readonly Envelope[];
  /** Every source document, read and imported. */
  sources: readonly SourceDocument[];
  specs: ConformanceReport['specs'];
  /** The README, whose table maps what documents name to what drives it here; undefined when there is none. */
  readme?: string;
}

/** The site's content from a run's messages and the source documents (no files written). */
export function siteModelOf({ envelopes, sources, specs, readme }: SiteSources): SiteModel {
  const { documents, pending } = conformanceInputs(sources);
  const report = buildConformanceReport(envelopes, documents, specs, pending);
  const rows =
    readme === undefined
      ? []
      : readInterpretationRows(
          documentMarkdown(),
          readme,
          sources.map((source) => source.fileName),
        );
  return buildSiteModel({ report, sources, evidence: collectEvidence(envelopes), rows, run: runTimes(envelopes) });
}

/** Writes the site into `outDir`: index.html, own.html, documents/<name>.html, assets/. Returns what it wrote. */
export async function writeSite(model: SiteModel, outDir: string): Promise<{ pages: string[] }> {
  await prepareOutDir(outDir);
  const md = documentMarkdown();
  await mkdir(join(outDir, 'documents'), { recursive: true });
  await mkdir(join(outDir, 'assets'), { recursive: true });
  const pages: string[] = ['index.html', OWN_PAGE];
  await writeFile(join(outDir, 'index.html'), indexPage(model));
  await writeFile(join(outDir, OWN_PAGE), ownPage(model));
  for (const document of model.groups.flatMap((group) => group.documents)) {
    pages.push(documentHref(document.fileName));
    await writeFile(join(outDir, documentHref(document.fileName)), documentPage(md, document, model.generatedAt));
  }
  await writeFile(join(outDir, 'assets', 'search-index.js'), searchIndexScript(buildSearchIndex(model)));
  for (const asset of ASSETS) await copyFile(join(__dirname, 'assets', asset), join(outDir, 'assets', asset));
  await writeFile(join(outDir, MARKER), 'Written by npm run spec:site; the whole folder is replaced on the next build.\n');
  return { pages };
}

async function prepareOutDir(outDir: string): Promise<void> {
  if (existsSync(outDir)) {
    const entries = await readdir(outDir);
    if (entries.length && !entries.includes(MARKER)) throw new Error(`${outDir} holds files spec:site did not write; choose an empty or new folder for the site`);
    await rm(outDir, { recursive: true, force: true });
  }
  await mkdir(outDir, { recursive: true });
}

function runTimes(envelopes: readonly Envelope[]): SiteModel['run'] {
  const started = envelopes.find((envelope) => envelope.testRunStarted)?.testRunStarted;
  const finished = envelopes.find((envelope) => envelope.testRunFinished)?.testRunFinished;
  return {
    ...(started ? { startedAt: isoOf(started.timestamp) } : {}),
    ...(finished ? { finishedAt: isoOf(finished.timestamp), success: finished.success } : {}),
  };
}

function isoOf(timestamp: Timestamp): string {
  return new Date(timestamp.seconds * 1000 + Math.round(timestamp.nanos / 1e6)).toISOString();
}
