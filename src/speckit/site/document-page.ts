import { evidenceBlock } from './evidence-html';
import { countsText, formatDuration, html, page, raw, statusBar, statusChip, type Html } from './html';
import type { InterpretationRow } from './interpretation-rows';
import { renderWithScenarios, type Markdown, type ScenarioBlock } from './markdown-with-scenarios';
import type { SiteDocument, SiteScenario } from './site-model';

/** The page of a document (`documents/<name>.html`), relative to the site's root. */
export function documentHref(fileName: string): string {
  return `documents/${fileName.replace(/\.md$/i, '')}.html`;
}

export function scenarioAnchor(scenario: Pick<SiteScenario, 'sourceLine' | 'feature'>): string {
  return scenario.sourceLine !== null ? `scenario-${scenario.sourceLine}` : `feature-line-${scenario.feature?.line ?? 0}`;
}

/** A document as written, each scenario marked with its outcome, where it was transcribed, and its evidence. */
export function documentPage(md: Markdown, document: SiteDocument, generatedAt: string): string {
  const bySourceLine = new Map(document.scenarios.flatMap((scenario) => (scenario.sourceLine === null ? [] : [[scenario.sourceLine, scenario] as const])));
  const rendered = renderWithScenarios(md, document.markdown, new Set(bySourceLine.keys()), (block) => scenarioSection(md, block, bySourceLine.get(block.line)!, document).value);
  const body = html`<nav class="crumbs"><a href="../index.html">All documents</a> › <a href="../index.html#group-${document.group}">${document.groupTitle}</a></nav>
<header class="document-header">
  <h1 class="file-name">${document.fileName}</h1>
  ${document.origin ? html`<p class="origin">${document.origin}</p>` : ''}
  <p class="counts">${statusBar(document.counts)} ${countsText(document.counts)}</p>
  <p class="where">${stateLine(document)}</p>
  ${document.problems?.length ? html`<pre class="error">${document.problems.join('\n')}</pre>` : ''}
</header>
${rowsTable(md, document.rows, `How this document is driven here (README, “What the documents name, and what drives it here”)`)}
${scenarioList(document)}
<article class="markdown">
${raw(rendered)}
</article>`;
  return page({ title: `${document.fileName} · ${document.title}`, root: '../', body, generatedAt });
}

function stateLine(document: SiteDocument): Html {
  if (document.state === 'transcribed') return html`Source <code>${document.path}</code>, transcribed to <code>${document.feature}</code>.`;
  if (document.state === 'pending') return html`Source <code>${document.path}</code>: handed over, not transcribed yet. Its scenarios are pending.`;
  return html`Source <code>${document.path}</code>: it does not import (<code>npm run spec:check</code> says the same):`;
}

function scenarioList(document: SiteDocument): Html {
  if (!document.scenarios.length) return html``;
  const items = document.scenarios.map((scenario) => html`<li data-status="${scenario.status}">${statusChip(scenario.status)} <a href="#${scenarioAnchor(scenario)}">${scenario.title}</a></li>`);
  return html`<details class="scenario-list" open><summary>${document.scenarios.length} scenarios</summary><ol>${items}</ol></details>`;
}

function scenarioSection(md: Markdown, block: ScenarioBlock, scenario: SiteScenario, document: SiteDocument): Html {
  const where = scenario.feature ? html`<code class="feature-line">${scenario.feature.uri}:${scenario.feature.line}</code>` : '';
  return html`<section class="scenario" id="${scenarioAnchor(scenario)}" data-status="${scenario.status}">
${raw(block.heading)}
<p class="scenario-meta">${statusChip(scenario.status, scenario.detail)} ${formatDuration(scenario.durationMs)} ${where} <span class="source-line">${document.fileName}:${block.line}</span></p>
${raw(block.body)}
${scenario.rows.length ? html`<details class="interpreted"><summary>Interpreted here: ${scenario.rows.length} README ${scenario.rows.length === 1 ? 'row' : 'rows'}</summary>${rowsTable(md, scenario.rows)}</details>` : ''}
${outcomeNote(scenario)}
</section>`;
}

function outcomeNote(scenario: SiteScenario): Html {
  if (scenario.evidence) return evidenceBlock(scenario.evidence, scenario.status === 'failed');
  if (scenario.status === 'not run') return html`<p class="note">Not run: this run's filters (tags, paths) left it out.</p>`;
  if (scenario.status === 'pending') return html`<p class="note">Pending: the document is handed over and not transcribed yet.</p>`;
  return html``;
}

/** README rows as a table: what the document says, and what drives it here; the cells are inline Markdown. */
export function rowsTable(md: Markdown, rows: readonly InterpretationRow[], caption?: string): Html {
  if (!rows.length) return html``;
  const body = rows.map(
    (row) =>
      html`<tr><td>${raw(md.renderInline(row.documentCell))}</td><td>${raw(md.renderInline(row.says))}</td><td>${raw(md.renderInline(row.here))}</td><td class="readme-line">README.md:${row.line}</td></tr>`,
  );
  const table = html`<table class="rows"><thead><tr><th>document</th><th>the document says</th><th>here</th><th></th></tr></thead><tbody>${body}</tbody></table>`;
  return caption ? html`<details class="interpretations"><summary>${caption}: ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}</summary>${table}</details>` : table;
}
