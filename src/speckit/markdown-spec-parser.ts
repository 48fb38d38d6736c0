import { STEP_KEYWORDS, type SpecBusinessRule, type SpecDocument, type SpecScenario, type SpecSection, type StepKeyword } from './spec-document';
import { SpecFormatError, type SpecProblem } from './spec-format-error';

/**
 * Reads a Markdown BDD document of the project's format (see docs/specification.md, "The Markdown importer"):
 * `# title`, `## 范围` / `## 概述`, `## Feature: X` with `### Scenario: Y` and `**Given**` ... lines,
 * `## 业务规则` with `### Rule: X`. Fenced code blocks and other `##` sections are left out. Anything that
 * would be silently lost or misread (a step outside a scenario, a scenario without steps, an unknown
 * keyword, a keyword heading at the wrong level) is a problem at its line; all of them are reported.
 */
export function parseMarkdownSpec(markdown: string, fileName: string): SpecDocument {
  const parser = new Parser(fileName);
  const lines = markdown.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, line] of lines.entries()) parser.line(line, index + 1);
  return parser.finish();
}

type SectionKind = 'preamble' | 'scope' | 'feature' | 'business-rules' | 'omitted';

const SCOPE_HEADINGS = new Set(['范围', '概述']);
const BUSINESS_RULES_HEADING = '业务规则';
const GHERKIN_KEYWORD_HEADING = /^(Feature|Rule|Background|Scenario Outline|Scenario Template|Scenario|Examples|Example|Scenarios)\s*:\s*(.*)$/;
const FENCE = /^\s*(`{3,}|~{3,})/;
const THEMATIC_BREAK = /^\s*([-*_])(\s*\1){2,}\s*$/;
const BOLD_LEAD = /^\*\*([^*]+)\*\*\s*(.*)$/;
/** A description line Gherkin would not read as text: a comment, a tag, a table, a doc string, a keyword. */
const GHERKIN_SIGNIFICANT = /^(#|@|\||"""|```|(Feature|Rule|Background|Scenario Outline|Scenario Template|Scenario|Examples|Example|Scenarios)\s*:|(Given|When|Then|And|But|\*) )/;

class Parser {
  private readonly problems: SpecProblem[] = [];
  private readonly document: SpecDocument;
  private titleLine?: number;
  private kind: SectionKind = 'preamble';
  private section?: SpecSection;
  private scenario?: SpecScenario;
  private rule?: SpecBusinessRule;
  private fence?: { marker: string; line: number };
  private readonly scenarioTitles = new Map<string, number>();

  constructor(fileName: string) {
    this.document = { fileName, title: '', description: [], sections: [], rules: [] };
  }

  line(raw: string, line: number): void {
    if (this.fence) {
      if (raw.trim().startsWith(this.fence.marker) && raw.trim().replace(/[`~]/g, '') === '') this.fence = undefined;
      return;
    }
    const fence = FENCE.exec(raw);
    if (fence) {
      this.fence = { marker: fence[1]!, line };
      return;
    }
    // A trailing `\` or two spaces is a Markdown line break: not part of the text.
    const text = raw.replace(/\\\s*$/, '').trim();
    if (text === '' || THEMATIC_BREAK.test(text)) return;
    const heading = /^(#{1,6})\s+(.*)$/.exec(text);
    if (heading) this.heading(heading[1]!.length, heading[2]!.trim(), line);
    else this.text(text, line);
  }

  finish(): SpecDocument {
    if (this.fence) this.problem(this.fence.line, 'code block is never closed');
    this.closeScenario();
    this.closeSection();
    if (this.titleLine === undefined) this.problem(1, 'the document has no `# <title>` line');
    else if (!this.document.sections.length) this.problem(this.titleLine, 'the document has no `## Feature:` section, so nothing to import');
    if (this.problems.length)
      throw new SpecFormatError(
        this.document.fileName,
        [...this.problems].sort((a, b) => a.line - b.line),
      );
    return this.document;
  }

  private problem(line: number, message: string): void {
    this.problems.push({ line, message });
  }

  private heading(level: number, title: string, line: number): void {
    const keyword = GHERKIN_KEYWORD_HEADING.exec(title);
    if (level === 1) return this.documentTitle(title, line);
    if (this.titleLine === undefined) return this.problem(line, 'expected the document to start with `# <title>`');
    if (level === 2) return this.topSection(title, keyword, line);
    if (level === 3 && keyword?.[1] === 'Scenario') return this.startScenario(keyword[2]!.trim(), line);
    if (level === 3 && keyword?.[1] === 'Rule') return this.startBusinessRule(keyword[2]!.trim(), line);
    if (keyword)
      return this.problem(line, `unsupported heading "${'#'.repeat(level)} ${keyword[1]}:" (expected "### Scenario:" in a "## Feature:" section or "### Rule:" in "## ${BUSINESS_RULES_HEADING}")`);
    if (this.kind === 'feature' || this.kind === 'business-rules') {
      this.problem(line, `unexpected heading "${'#'.repeat(level)} ${title}" in a "## ${this.kind === 'feature' ? 'Feature:' : BUSINESS_RULES_HEADING}" section`);
    }
  }

  private documentTitle(title: string, line: number): void {
    if (this.titleLine !== undefined) return this.problem(line, `a second "# " title (the first is at line ${this.titleLine})`);
    // Never empty: the line is trimmed, and a heading needs text after its `#`s.
    this.titleLine = line;
    this.document.title = title;
  }

  private topSection(title: string, keyword: RegExpExecArray | null, line: number): void {
    this.closeScenario();
    this.closeSection();
    this.rule = undefined;
    if (keyword?.[1] === 'Feature') {
      const name = keyword[2]!.trim();
      if (!name) this.problem(line, 'empty "## Feature:" title');
      this.section = { title: name, line, description: [], scenarios: [] };
      this.kind = 'feature';
    } else if (keyword) {
      this.kind = 'omitted';
      this.problem(line, `"## ${keyword[1]}:" is at the wrong level (scenarios are "### Scenario:" inside "## Feature:", rules "### Rule:" inside "## ${BUSINESS_RULES_HEADING}")`);
    } else if (SCOPE_HEADINGS.has(title)) this.kind = 'scope';
    else if (title === BUSINESS_RULES_HEADING) this.kind = 'business-rules';
    else this.kind = 'omitted';
  }

  private startScenario(title: string, line: number): void {
    this.closeScenario();
    if (this.kind !== 'feature') return this.problem(line, 'scenario outside a "## Feature:" section');
    if (!title) this.problem(line, 'empty scenario title');
    const earlier = this.scenarioTitles.get(title);
    if (earlier !== undefined) this.problem(line, `duplicate scenario title "${title}" (also at line ${earlier})`);
    this.scenarioTitles.set(title, line);
    this.scenario = { title, line, steps: [] };
    this.section!.scenarios.push(this.scenario);
  }

  private startBusinessRule(title: string, line: number): void {
    if (this.kind !== 'business-rules') return this.problem(line, `"### Rule:" outside the "## ${BUSINESS_RULES_HEADING}" section`);
    if (!title) this.problem(line, 'empty rule title');
    this.rule = { title, line, description: [] };
    this.document.rules.push(this.rule);
  }

  private closeScenario(): void {
    if (this.scenario && !this.scenario.steps.length) this.problem(this.scenario.line, `scenario "${this.scenario.title}" has no steps (steps are lines like "**Given** ...")`);
    this.scenario = undefined;
  }

  private closeSection(): void {
    if (this.section) {
      if (!this.section.scenarios.length) this.problem(this.section.line, `"## Feature: ${this.section.title}" has no scenarios`);
      this.document.sections.push(this.section);
    }
    this.section = undefined;
  }

  private text(text: string, line: number): void {
    const bold = BOLD_LEAD.exec(text);
    const keyword = bold && (STEP_KEYWORDS as readonly string[]).includes(bold[1]!.trim()) ? (bold[1]!.trim() as StepKeyword) : undefined;
    if (this.titleLine === undefined) return this.problem(line, 'expected the document to start with `# <title>`');
    if (this.scenario) {
      if (keyword) {
        if (!bold![2]) return this.problem(line, `empty "${keyword}" step`);
        this.scenario.steps.push({ keyword, text: bold![2]!, line });
      } else if (bold) this.problem(line, `unknown keyword "**${bold[1]}**" (steps start with ${STEP_KEYWORDS.map((k) => `**${k}**`).join(', ')})`);
      else this.problem(line, `text in scenario "${this.scenario.title}" that is not a step (steps start with **Given**, **When**, ...)`);
      return;
    }
    if (keyword) return this.problem(line, `"**${keyword}**" step outside a scenario`);
    const target =
      this.kind === 'preamble' || this.kind === 'scope'
        ? this.document.description
        : this.kind === 'feature'
          ? this.section!.description
          : this.kind === 'business-rules'
            ? this.rule?.description
            : undefined;
    if (!target) return; // an omitted section, or text in 业务规则 before its first rule
    const description = plainText(text);
    if (GHERKIN_SIGNIFICANT.test(description)) return this.problem(line, `cannot be written as Gherkin description text (Gherkin would read "${description.slice(0, 20)}…" as syntax)`);
    target.push(description);
  }
}

/** Description text: bold markup dropped (`**规则**: x` reads `规则: x`), other inline Markdown kept. */
function plainText(text: string): string {
  return text.replace(/\*\*([^*]+)\*\*/g, '$1');
}
