import { documentHref, scenarioAnchor } from './document-page';
import { OWN_PAGE, ownFeatureAnchor } from './own-page';
import type { SiteModel } from './site-model';

/** What the page's search looks through: every document and scenario, with where it lives (relative to the site's root). */
export interface SearchIndex {
  documents: Array<{ name: string; title: string; href: string }>;
  scenarios: Array<{ document: string; title: string; rule: string; status: string; href: string; text: string }>;
}

export function buildSearchIndex(model: SiteModel): SearchIndex {
  const documents = model.groups.flatMap((group) => group.documents);
  const own = model.own.features.flatMap((feature) =>
    feature.scenarios.map((scenario) => ({
      document: feature.uri,
      title: scenario.title,
      rule: feature.name,
      status: scenario.status,
      href: `${OWN_PAGE}#${ownFeatureAnchor(feature.uri)}-${scenario.feature!.line}`,
      text: '',
    })),
  );
  return {
    documents: documents.map((document) => ({ name: document.fileName, title: document.title, href: documentHref(document.fileName) })),
    scenarios: [
      ...documents.flatMap((document) =>
        document.scenarios.map((scenario) => ({
          document: document.fileName,
          title: scenario.title,
          rule: scenario.rule,
          status: scenario.status,
          href: `${documentHref(document.fileName)}#${scenarioAnchor(scenario)}`,
          text: scenario.steps.join('\n'),
        })),
      ),
      ...own,
    ],
  };
}

/** A script, not JSON: a page opened from file:// may load a script but may not fetch a file. */
export function searchIndexScript(index: SearchIndex): string {
  return `window.SPEC_SEARCH = ${JSON.stringify(index)};\n`;
}
