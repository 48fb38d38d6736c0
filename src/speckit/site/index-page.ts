import { documentHref } from './document-page';
import { countsText, html, page, statusBar, statusesPresent, type Html } from './html';
import { OWN_PAGE } from './own-page';
import type { SiteDocument, SiteGroup, SiteModel } from './site-model';

/** The index: every source document, by module and priority, with its counts and bar; our own features after them. */
export function indexPage(model: SiteModel): string {
  const documents = model.groups.reduce((sum, group) => sum + group.documents.length, 0);
  const body = html`<h1>The specification, document by document</h1>
${runSummary(model, documents)}
<p class="legend"><b>passed</b>, <b>failed</b> (or undefined, ambiguous), <b>skipped</b> (a hook said why): what this run did.
<b>pending</b>: the document is handed over and not transcribed yet. <b>not run</b>: transcribed, but this run's filters left it out.</p>
${model.groups.map(groupSection)}
<section class="group" id="group-own">
<h2>Our own features <small>@own: behaviour the documents leave open</small></h2>
<p class="counts">${statusBar(model.own.counts)} ${countsText(model.own.counts)} in ${model.own.features.length} features: <a href="${OWN_PAGE}">every scenario</a></p>
</section>`;
  return page({ title: 'synapse-spec · the specification', root: '', body, generatedAt: model.generatedAt });
}

function runSummary(model: SiteModel, documents: number): Html {
  const { run, counts } = model;
  const when = run.startedAt ? html`The run of ${run.startedAt}${run.success === undefined ? ' (it did not finish)' : run.success ? ' succeeded' : ' failed'}. ` : '';
  const filtered = counts['not run'] > 0 ? html` It was filtered: ${counts['not run']} transcribed scenarios were not run.` : '';
  const unresolved = model.unresolvedRows.length
    ? html`<p class="warning">README rows that name no document: ${model.unresolvedRows.map((row) => `README.md:${row.line} (${row.unresolved.join(', ')})`).join('; ')}.</p>`
    : '';
  return html`<p class="run">${when}${documents} source documents; their scenarios: ${countsText(counts)}.${filtered}</p>
<p class="counts">${statusBar(counts)}</p>${unresolved}`;
}

function groupSection(group: SiteGroup): Html {
  return html`<section class="group" id="group-${group.id}">
<h2>${group.title} ${group.subtitle ? html`<small>${group.subtitle}</small>` : ''}</h2>
<p class="counts">${statusBar(group.counts)} ${countsText(group.counts)}</p>
<table class="documents"><tbody>${group.documents.map(documentRow)}</tbody></table>
</section>`;
}

function documentRow(document: SiteDocument): Html {
  return html`<tr class="document" data-document="${document.fileName}" data-statuses="${statusesPresent(document.counts)}">
<td class="name"><a href="${documentHref(document.fileName)}">${document.fileName}</a><div class="title">${document.title}${document.origin ? html` · ${document.origin}` : ''}</div></td>
<td class="size">${document.state === 'invalid' ? 'does not import' : `${document.scenarios.length} scenarios`}</td>
<td class="bar-cell">${statusBar(document.counts)}</td>
<td class="counts-text">${countsText(document.counts)}</td>
</tr>`;
}
