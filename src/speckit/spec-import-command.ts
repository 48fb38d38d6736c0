// npm run spec:import -- <doc.md>... [--out <dir>]: writes each document's Gherkin transcription.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { importMarkdownSpecFile, type ImportedSpec } from './import-spec';
import { SpecFormatError } from './spec-format-error';

const USAGE = 'usage: npm run spec:import -- <document.md>... [--out <dir>]   (default --out features)';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string', default: 'features' } } });
  if (!positionals.length) {
    process.stderr.write(`spec:import: no document given; ${USAGE}\n`);
    return 2;
  }
  // Import everything first: one bad document writes nothing, so a batch is never half-applied.
  const imported: ImportedSpec[] = [];
  let failed = false;
  for (const path of positionals) {
    try {
      imported.push(await importMarkdownSpecFile(path));
    } catch (error) {
      failed = true;
      if (error instanceof SpecFormatError) process.stderr.write(`${error.message}\n`);
      else process.stderr.write(`spec:import: cannot read ${path}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  if (failed) return 2;
  await mkdir(values.out!, { recursive: true });
  for (const spec of imported) {
    const target = join(values.out!, spec.featureFileName);
    await writeFile(target, spec.feature);
    process.stdout.write(`wrote ${target} (${spec.scenarios.length} scenarios from ${spec.fileName})\n`);
  }
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`spec:import: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
