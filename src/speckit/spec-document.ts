/**
 * A Markdown BDD document as the importer reads it: the parts that become Gherkin, each with the line of
 * the document it came from (1-based), so errors and the conformance report can point back to it.
 */

export const STEP_KEYWORDS = ['Given', 'When', 'Then', 'And', 'But'] as const;
export type StepKeyword = (typeof STEP_KEYWORDS)[number];

export interface SpecStep {
  keyword: StepKeyword;
  text: string;
  line: number;
}

/** `### Scenario: <title>` and its `**Given**` ... lines. */
export interface SpecScenario {
  title: string;
  line: number;
  steps: SpecStep[];
}

/** `## Feature: <title>`: becomes a Gherkin `Rule:` of the document's one Feature. */
export interface SpecSection {
  title: string;
  line: number;
  description: string[];
  scenarios: SpecScenario[];
}

/** `### Rule: <title>` under `## 业务规则`: a Gherkin `Rule:` whose description is the rule's text. */
export interface SpecBusinessRule {
  title: string;
  line: number;
  description: string[];
}

export interface SpecDocument {
  /** The document's file name (`agent-runtime.md`): the `@source:` tag. */
  fileName: string;
  title: string;
  /** The scope (`## 范围`) or overview (`## 概述`) lines, and any text between the title and the first section. */
  description: string[];
  sections: SpecSection[];
  rules: SpecBusinessRule[];
}
