// Cucumber profiles (features default to features/**/*.feature; pass paths to run fewer). Steps are TypeScript,
// their types stripped by swc (register-typescript.cjs): type checking is `npm run typecheck`.
const { availableParallelism } = require('node:os');
const { join } = require('node:path');

// Every scenario is isolated per worker process (its own msw server, temp directory, HOME and loopback
// port), so scenarios run in parallel workers: one per core, at least 2 (many scenarios wait on real
// shells, sub-processes and timers). SYNAPSE_CUCUMBER_WORKERS=1 runs everything in this process.
const workers = Number(process.env.SYNAPSE_CUCUMBER_WORKERS) || Math.max(2, availableParallelism());

// SYNAPSE_CUCUMBER_PATHS (comma-separated feature paths) narrows a run; `npm run mutate -- --features` uses it.
const paths = process.env.SYNAPSE_CUCUMBER_PATHS?.split(',').filter(Boolean);

const common = {
  ...(paths?.length ? { paths } : {}),
  requireModule: [join(__dirname, 'register-typescript.cjs')],
  require: ['step-definitions/**/*.ts'],
  strict: true,
  parallel: workers > 1 ? workers : 0,
};

module.exports = {
  default: { ...common, format: ['progress'] },
  // `--profile transcribed`: exactly the scenarios transcribed from the source documents, in one
  // process (for so few, a second worker that loads all the support code again costs more than it saves).
  transcribed: { ...common, tags: 'not @own', parallel: 0, format: ['progress'] },
  // What a reviewer opens: an HTML report, plus JUnit and the raw message stream for tools
  // (`npm run cucumber:report` also writes reports/conformance.md and .json from the same run).
  report: {
    ...common,
    format: ['progress', 'html:reports/cucumber.html', 'junit:reports/cucumber.junit.xml', 'message:reports/cucumber.ndjson'],
  },
};
