// Cucumber profiles (features default to features/**/*.feature; pass paths to run fewer). Steps run through ts-node in transpile-only mode: type checking is `npm run typecheck`.
const common = {
  requireModule: ['ts-node/register/transpile-only'],
  require: ['step-definitions/**/*.ts'],
  strict: true,
};

module.exports = {
  default: { ...common, format: ['progress'] },
  // What a reviewer opens: an HTML report, plus JUnit and the raw message stream for tools.
  report: {
    ...common,
    format: [
      'progress',
      'html:reports/cucumber.html',
      'junit:reports/cucumber.junit.xml',
      'message:reports/cucumber.ndjson',
    ],
  },
};
