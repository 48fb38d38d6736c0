import { evidenceBlock } from './evidence-html';
import { countsText, formatDuration, html, page, statusBar, statusChip, type Html } from './html';
import type { SiteModel, SiteOwnFeature } from './site-model';

export const OWN_PAGE = 'own.html';

/** Our own features (`@own`): each scenario with its outcome; the evidence of those that did not pass or attached something. */
export function ownPage(model: SiteModel): string {
  const body = html`<nav class="crumbs"><a href="index.html">All documents</a></nav>
<h1>Our own features</h1>
<p class="run">Behaviour the documents leave open, specified in features of our own (tagged <code>@own</code>).</p>
<p class="counts">${statusBar(model.own.counts)} ${countsText(model.own.counts)}</p>
${model.own.features.map(featureSection)}`;
  return page({ title: 'synapse-spec · our own features', root: '', body, generatedAt: model.generatedAt });
}

/** The anchor of a feature on the own page. */
export function ownFeatureAnchor(uri: string): string {
  return `feature-${uri.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

function featureSection(feature: SiteOwnFeature): Html {
  const scenarios = feature.scenarios.map((scenario) => {
    const showEvidence = scenario.evidence && (scenario.status !== 'passed' || scenario.evidence.attachments.length > 0);
    return html`<section class="scenario" id="${ownFeatureAnchor(feature.uri)}-${scenario.feature!.line}" data-status="${scenario.status}">
<h3>${scenario.title}</h3>
<p class="scenario-meta">${statusChip(scenario.status, scenario.detail)} ${formatDuration(scenario.durationMs)} <code class="feature-line">${feature.uri}:${scenario.feature!.line}</code></p>
${showEvidence ? evidenceBlock(scenario.evidence!, scenario.status === 'failed') : ''}
</section>`;
  });
  return html`<section class="own-feature" id="${ownFeatureAnchor(feature.uri)}">
<h2>${feature.name}</h2>
<p class="counts"><code>${feature.uri}</code> ${feature.tags.join(' ')} ${statusBar(feature.counts)} ${countsText(feature.counts)}</p>
${scenarios}
</section>`;
}
