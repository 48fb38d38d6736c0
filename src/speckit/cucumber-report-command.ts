// npm run cucumber:report [-- <cucumber arguments>]: the conformance run with the `report` profile
// (HTML, JUnit, NDJSON), then reports/conformance.md and reports/conformance.json from its messages.
/* c8 ignore start -- an entry point that runs the whole conformance run through cucumber's API in a process of its own, which no scenario can nest; the report it writes is built by conformance-report.ts and conformance-markdown.ts, which the speckit scenarios cover. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfiguration, runCucumber } from '@cucumber/cucumber/api';
import type { Envelope } from '@cucumber/messages';
import { buildConformanceReport, type ConformanceReport } from './conformance-report';
import { renderConformanceMarkdown } from './conformance-markdown';
import type { ImportedSpec } from './import-spec';
import { conformanceInputs, readSourceDocuments } from './source-documents';
import { locateSpecs } from './specs-location';

const REPORTS_DIR = 'reports';

async function main(): Promise<number> {
  const { runConfiguration } = await loadConfiguration({ profiles: ['report'], provided: process.argv.slice(2) });
  const envelopes: Envelope[] = [];
  const { success } = await runCucumber(runConfiguration, undefined, (envelope) => envelopes.push(envelope));
  const { documents, specs, pending } = await readDocuments();
  const report = buildConformanceReport(envelopes, documents, specs, pending);
  await mkdir(REPORTS_DIR, { recursive: true });
  await writeFile(join(REPORTS_DIR, 'conformance.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(REPORTS_DIR, 'conformance.md'), renderConformanceMarkdown(report));
  process.stdout.write(
    `conformance: transcribed ${report.transcribed.passed}/${report.transcribed.total} passed, own ${report.own.passed}/${report.own.total} passed; ` +
      `wrote ${REPORTS_DIR}/conformance.md, ${REPORTS_DIR}/conformance.json\n`,
  );
  return success ? 0 : 1;
}

/**
 * The imports of the source documents (the traceability map), when they are available; a handed-over
 * document without a transcription is pending. One that does not import is left out, saying so.
 */
async function readDocuments(): Promise<{ documents: ImportedSpec[]; specs: ConformanceReport['specs']; pending: ConformanceReport['pending'] }> {
  const location = locateSpecs(process.env, process.cwd());
  if ('error' in location) return { documents: [], specs: location, pending: [] };
  const sources = await readSourceDocuments(location.folders, 'features');
  for (const source of sources.filter((document) => !document.imported))
    process.stderr.write(`cucumber:report: ${source.fileName} does not import (npm run spec:check says why); left out of the report\n`);
  const [main, next] = location.folders;
  return { ...conformanceInputs(sources), specs: { dir: main!.dir, ...(next ? { nextDir: next.dir } : {}) } };
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`cucumber:report: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 2;
  },
);
/* c8 ignore stop */
