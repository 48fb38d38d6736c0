import MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;
export type Markdown = MarkdownIt.MarkdownIt;

/**
 * The Markdown renderer for the documents: no raw HTML (a document's `<tag>` shows as text), no
 * typographic rewriting, links only of the kinds markdown-it allows (no `javascript:`).
 */
export function documentMarkdown(): Markdown {
  return new MarkdownIt({ html: false, linkify: false, typographer: false });
}

/** A scenario's part of the page: its heading and what follows it up to the next heading, rendered. */
export interface ScenarioBlock {
  /** The line of its `### Scenario:` heading (1-based). */
  line: number;
  heading: string;
  body: string;
}

/**
 * Renders a document as written, handing each scenario's block (its heading at a line in `scenarioLines`,
 * to the next heading of level 1-3) to `wrap`, so the page can put the scenario's status beside it.
 */
export function renderWithScenarios(md: Markdown, markdown: string, scenarioLines: ReadonlySet<number>, wrap: (block: ScenarioBlock) => string): string {
  const tokens = md.parse(markdown, {});
  const out: string[] = [];
  let plain: Token[] = [];
  let scenario: { line: number; heading: Token[]; body: Token[] } | undefined;
  const render = (part: Token[]) => md.renderer.render(part, md.options, {});
  const flush = () => {
    if (scenario) out.push(wrap({ line: scenario.line, heading: render(scenario.heading), body: render(scenario.body) }));
    else if (plain.length) out.push(render(plain));
    [plain, scenario] = [[], undefined];
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === 'heading_open' && token.level === 0 && ['h1', 'h2', 'h3'].includes(token.tag)) {
      flush();
      const line = (token.map?.[0] ?? -1) + 1;
      if (scenarioLines.has(line)) {
        scenario = { line, heading: tokens.slice(index, index + 3), body: [] };
        index += 2; // heading_open, inline, heading_close
        continue;
      }
    }
    (scenario ? scenario.body : plain).push(token);
  }
  flush();
  return out.join('');
}
