// `node -r ./register-typescript.cjs file.ts`: runs the project's TypeScript (steps, scripts, benches) by
// stripping types with swc, as `tsc` would emit it for this tsconfig (ES2022, CommonJS, esModuleInterop).
// Why not ts-node: it loads the whole TypeScript compiler in every process even in transpile-only mode,
// about half a second each for the cucumber coordinator, every worker and every script a scenario starts.
// Type checking is `npm run typecheck`; nothing here checks types.
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');

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

process.setSourceMapsEnabled(true);

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};
