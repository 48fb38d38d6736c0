import type { SpecDocument } from './spec-document';

/** Where a scenario of the document ended up in the feature file. */
export interface ScenarioTrace {
  title: string;
  /** The `## Feature:` section, which is the Gherkin `Rule:`. */
  rule: string;
  sourceLine: number;
  featureLine: number;
}

export interface WrittenFeature {
  text: string;
  scenarios: ScenarioTrace[];
}

const INDENT = { feature: '  ', rule: '    ', step: '      ' };

/**
 * The transcription: `@source:<file>`, `Feature: <title>` with the scope as its description, each
 * `## Feature:` a `Rule:` with its scenarios and steps verbatim, then each business rule a `Rule:` whose
 * description is the rule's text. Blank lines between blocks; one newline at the end.
 */
export function writeGherkin(document: SpecDocument): WrittenFeature {
  const lines: string[] = [`@source:${document.fileName}`, `Feature: ${document.title}`];
  const scenarios: ScenarioTrace[] = [];
  lines.push(...document.description.map((text) => INDENT.feature + text));
  for (const section of document.sections) {
    lines.push('', `${INDENT.feature}Rule: ${section.title}`, ...section.description.map((text) => INDENT.rule + text));
    for (const scenario of section.scenarios) {
      lines.push('');
      scenarios.push({ title: scenario.title, rule: section.title, sourceLine: scenario.line, featureLine: lines.length + 1 });
      lines.push(`${INDENT.rule}Scenario: ${scenario.title}`, ...scenario.steps.map((step) => `${INDENT.step}${step.keyword} ${step.text}`));
    }
  }
  for (const rule of document.rules) {
    lines.push('', `${INDENT.feature}Rule: ${rule.title}`, ...rule.description.map((text) => INDENT.rule + text));
  }
  return { text: `${lines.join('\n')}\n`, scenarios };
}
