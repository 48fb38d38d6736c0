// `node -r ./register-typescript.cjs file.ts`: runs the project's TypeScript (steps, scripts, benches) by
// stripping types with swc, as `tsc` would emit it for this tsconfig (ES2022, CommonJS, esModuleInterop).
// Why not ts-node: it loads the whole TypeScript compiler in every process even in transpile-only mode,
// about half a second each for the cucumber coordinator, every worker and every script a scenario starts.
// Type checking is `npm run typecheck`; nothing here checks types.
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const options = {
  swcrc: false,
  // Inline, so c8 maps coverage back to the .ts lines and Node maps stack traces (below).
  sourceMaps: 'inline',
  // `import()` stays a real dynamic import, as tsc emits it under "module": "nodenext".
  module: { type: 'commonjs', strictMode: true, noInterop: false, ignoreDynamic: true },
  jsc: {
    target: 'es2022',
    keepClassNames: true,
    parser: { syntax: 'typescript', dynamicImport: true },
    transform: { useDefineForClassFields: true },
  },
};

// Each process (the cucumber coordinator, every worker, every script) loads about 400 .ts files: their
// output is kept, keyed by everything it depends on, so only a changed file is transformed again (under
// node_modules, so `npm ci` starts it afresh).
const CACHE = join(__dirname, 'node_modules', '.cache', 'register-typescript');
const SALT = JSON.stringify([require('@swc/core/package.json').version, options]);

function transform(source, filename) {
  const key = createHash('sha256').update(SALT).update('\0').update(filename).update('\0').update(source).digest('hex');
  const cached = join(CACHE, `${key}.js`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    // not transformed yet
  }
  // Required on the first miss only: a run whose files are all cached never loads swc's native binding.
  const { code } = require('@swc/core').transformSync(source, { ...options, filename });
  try {
    mkdirSync(CACHE, { recursive: true });
    // Written aside and renamed: parallel workers never read half a file.
    const aside = `${cached}.${process.pid}`;
    writeFileSync(aside, code);
    renameSync(aside, cached);
  } catch {
    // a read-only checkout transforms every time
  }
  return code;
}

process.setSourceMapsEnabled(true);

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  module._compile(transform(readFileSync(filename, 'utf8'), filename), filename);
};
