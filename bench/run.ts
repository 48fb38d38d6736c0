// `npm run bench`: runs every bench/*.bench.ts in turn; each prints its own figures.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function main(): Promise<void> {
  const only = process.argv[2];
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.bench.ts') && (!only || name.includes(only)))
    .sort();
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
