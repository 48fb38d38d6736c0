import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator, type GherkinDocument } from '@cucumber/messages';
import type { SpecBusinessRule, SpecDocument, SpecSection } from './spec-document';
import type { SpecProblem } from './spec-format-error';

/**
 * Reads the written feature back with cucumber's own Gherkin parser and compares it, element by element,
 * with the document: a title or description line that Gherkin would read differently (a `#` comment,
 * an `@` tag, a keyword) must not slip through as a silently different, or step-less, scenario.
 */
export function roundTripProblems(document: SpecDocument, featureText: string): SpecProblem[] {
  let parsed: GherkinDocument;
  try {
    parsed = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher()).parse(featureText);
  } catch (error) {
    return [{ line: 1, message: `the written feature is not valid Gherkin: ${error instanceof Error ? error.message : String(error)}` }];
  }
  const problems: SpecProblem[] = [];
  const expect = (line: number, what: string, wanted: string, got: string | undefined) => {
    if (wanted !== got) problems.push({ line, message: `cannot be represented in Gherkin: ${what} ${JSON.stringify(wanted)} reads back as ${JSON.stringify(got ?? '(nothing)')}` });
  };
  const feature = parsed.feature;
  expect(1, 'the title', document.title, feature?.name);
  expect(1, 'the description', document.description.join('\n'), descriptionOf(feature?.description));
  const rules = (feature?.children ?? []).flatMap((child) => (child.rule ? [child.rule] : []));
  const wantedRules: Array<SpecSection | SpecBusinessRule> = [...document.sections, ...document.rules];
  if (rules.length !== wantedRules.length || (feature?.children ?? []).some((child) => !child.rule)) {
    problems.push({ line: 1, message: `cannot be represented in Gherkin: ${wantedRules.length} sections and rules read back as ${rules.length}` });
    return problems;
  }
  wantedRules.forEach((wanted, index) => {
    const rule = rules[index]!;
    expect(wanted.line, 'the section title', wanted.title, rule.name);
    expect(wanted.line, 'the section text', wanted.description.join('\n'), descriptionOf(rule.description));
    const scenarios = rule.children.flatMap((child) => (child.scenario ? [child.scenario] : []));
    const wantedScenarios = 'scenarios' in wanted ? wanted.scenarios : [];
    if (scenarios.length !== wantedScenarios.length || rule.children.some((child) => !child.scenario)) {
      problems.push({ line: wanted.line, message: `cannot be represented in Gherkin: ${wantedScenarios.length} scenarios read back as ${scenarios.length}` });
      return;
    }
    wantedScenarios.forEach((scenario, i) => {
      const got = scenarios[i]!;
      expect(scenario.line, 'the scenario title', scenario.title, got.name);
      expect(scenario.line, 'the scenario text', '', descriptionOf(got.description));
      const steps = (got.steps ?? []).map((step) => `${step.keyword.trim()} ${step.text}`);
      for (const [s, step] of scenario.steps.entries()) expect(step.line, 'the step', `${step.keyword} ${step.text}`, steps[s]);
      if (steps.length > scenario.steps.length) problems.push({ line: scenario.line, message: `cannot be represented in Gherkin: ${scenario.steps.length} steps read back as ${steps.length}` });
    });
  });
  return problems;
}

function descriptionOf(description: string | undefined): string {
  return (description ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}
