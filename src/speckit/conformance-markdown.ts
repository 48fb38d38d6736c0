import type { ConformanceReport, ScenarioOutcome } from './conformance-report';

/** reports/conformance.md: per source document a table of its scenarios, then our own features. */
export function renderConformanceMarkdown(report: ConformanceReport): string {
  const { transcribed, own } = report;
  const lines = [
    '# Conformance report',
    '',
    `Generated ${report.generatedAt}. Source documents: ${'dir' in report.specs ? [report.specs.dir, report.specs.nextDir].filter(Boolean).join(' and ') : `not available (${report.specs.error}); source lines are missing`}.`,
    '',
    `- Transcribed scenarios (the documents): **${transcribed.passed}/${transcribed.total} passed**`,
    `- Our own scenarios (\`@own\`): **${own.passed}/${own.total} passed**`,
    ...(report.pending.length ? [`- Handed over, not transcribed yet: ${report.pending.map((document) => `\`${document.document}\` (${document.scenarios} scenarios)`).join(', ')}`] : []),
    ...(report.untagged.length ? [`- Features tagged neither \`@source:\` nor \`@own\`: ${report.untagged.map((uri) => `\`${uri}\``).join(', ')}`] : []),
    '',
    '## Source documents',
  ];
  for (const document of transcribed.documents) {
    lines.push('', `### ${document.document}: ${document.passed}/${document.total} passed`, '', `Transcription: \`${document.feature}\``, '');
    lines.push('| Scenario | Section | Document line | Feature line | Status | Duration |', '| --- | --- | --- | --- | --- | --- |');
    for (const scenario of document.scenarios) {
      const source = scenario.sourceLine === null ? '-' : `${document.document}:${scenario.sourceLine}`;
      lines.push(row([scenario.title, scenario.rule, source, `${document.feature}:${scenario.featureLine}`, status(scenario), duration(scenario)]));
    }
  }
  lines.push('', '## Our own features');
  for (const feature of own.features) {
    lines.push('', `### ${feature.name}: ${feature.passed}/${feature.total} passed`, '', `\`${feature.feature}\` ${feature.tags.join(' ')}`, '');
    lines.push('| Scenario | Feature line | Status | Duration |', '| --- | --- | --- | --- |');
    for (const scenario of feature.scenarios) lines.push(row([scenario.title, `${feature.feature}:${scenario.featureLine}`, status(scenario), duration(scenario)]));
  }
  return `${lines.join('\n')}\n`;
}

function row(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
}

function status(scenario: ScenarioOutcome): string {
  return scenario.status === 'passed' ? 'passed' : `**${scenario.status}**`;
}

function duration(scenario: ScenarioOutcome): string {
  return scenario.durationMs === null ? '-' : `${scenario.durationMs} ms`;
}
