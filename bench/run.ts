// `npm run bench`: runs every bench/*.bench.ts in turn; each prints its own figures.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function main(): Promise<void> {
  const only = process.argv[2];
  const all = readdirSync(__dirname)
    .filter((name) => name.endsWith('.bench.ts'))
    .sort();
  // A bench's exact name runs that one (`conformance` is not also `mcp-conformance`); else every name containing it.
  const files = !only ? all : all.includes(`${only}.bench.ts`) ? [`${only}.bench.ts`] : all.filter((name) => name.includes(only));
  for (const file of files) {
    // require, not import(): the benches are TypeScript, loaded through register-typescript.cjs's CommonJS hook.
    const bench = require(join(__dirname, file)) as { default: () => Promise<void>; onlyWhenNamed?: boolean };
    // A bench that installs tools of its own (mcp-conformance: Node 22 and the suite) runs only when named.
    if (bench.onlyWhenNamed && !only) {
      console.log(`\n## ${file.replace(/\.bench\.ts$/, '')}: skipped (run it by name: npm run bench ${file.replace(/\.bench\.ts$/, '')})`);
      continue;
    }
    console.log(`\n## ${file.replace(/\.bench\.ts$/, '')}`);
    await bench.default();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
