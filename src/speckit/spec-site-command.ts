// npm run spec:site [-- --report <run.ndjson> --out <folder>]: the living documentation site, built from the
// last report run (reports/cucumber.ndjson; `npm run cucumber:report` first when there is none).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readSourceDocuments } from './source-documents';
import { locateSpecs } from './specs-location';
import { siteModelOf, writeSite } from './site/build-site';
import { countsText } from './site/html';
import { readEnvelopes } from './site/read-envelopes';

const DEFAULT_REPORT = 'reports/cucumber.ndjson';
const DEFAULT_OUT = 'reports/site';

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { report: { type: 'string' }, out: { type: 'string', default: DEFAULT_OUT } }, strict: true });
  const report = values.report ?? DEFAULT_REPORT;
  if (!existsSync(report)) {
    if (values.report) return fail(`--report ${values.report}: no such file (write one with npm run cucumber:report)`);
    runReport();
    if (!existsSync(report)) return fail(`npm run cucumber:report wrote no ${report}`);
  }
  const envelopes = await readEnvelopes(report);
  const location = locateSpecs(process.env, process.cwd());
  if ('error' in location) return fail(location.error);
  // Paths as the reader's checkout names them (../shared/specs/...), not this machine's absolute ones.
  const sources = (await readSourceDocuments(location.folders, 'features')).map((source) => ({ ...source, path: relative(process.cwd(), source.path) }));
  const [main, next] = location.folders;
  const readme = existsSync('README.md') ? await readFile('README.md', 'utf8') : undefined;
  const model = siteModelOf({ envelopes, sources, specs: { dir: main!.dir, ...(next ? { nextDir: next.dir } : {}) }, readme });
  const { pages } = await writeSite(model, values.out);
  for (const row of model.unresolvedRows) process.stderr.write(`spec:site: README.md:${row.line} names no document: ${row.unresolved.join(', ')}\n`);
  const documents = model.groups.reduce((sum, group) => sum + group.documents.length, 0);
  process.stdout.write(
    `spec:site: ${documents} documents (${countsText(model.counts)}), ${pages.length} pages from ${report}; open ${join(relative(process.cwd(), resolve(values.out)) || '.', 'index.html')}\n`,
  );
  return 0;
}

/* c8 ignore start -- runs the whole conformance run in a process of its own, which no scenario can nest */
function runReport(): void {
  process.stdout.write(`spec:site: no ${DEFAULT_REPORT} yet: running npm run cucumber:report first\n`);
  spawnSync(process.execPath, ['-r', join(__dirname, '..', '..', 'register-typescript.cjs'), join(__dirname, 'cucumber-report-command.ts')], { stdio: 'inherit' });
}
/* c8 ignore stop */

function fail(message: string): number {
  process.stderr.write(`spec:site: ${message}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`spec:site: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
