// Cucumber profiles. Steps run through ts-node in transpile-only mode: type checking is `npm run typecheck`.
const common = {
  requireModule: ['ts-node/register/transpile-only'],
  require: ['step-definitions/**/*.ts'],
  paths: ['features/**/*.feature'],
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
