import { SITE_STATUSES, type SiteStatus, type StatusCounts } from './site-model';

/** Text made safe for HTML text and attribute values: every document, step, message and attachment is data, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A tagged template whose `${}` values are escaped, except those already made HTML with `raw`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  return new Html(strings.reduce((out, text, index) => out + text + (index < values.length ? toHtml(values[index]) : ''), ''));
}

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function raw(markup: string): Html {
  return new Html(markup);
}

function toHtml(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(toHtml).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

/** The class a status is styled by (`not run` has a space). */
export function statusClass(status: SiteStatus): string {
  return `s-${status.replace(' ', '-')}`;
}

export function statusChip(status: SiteStatus, detail?: string): Html {
  const label = detail && detail !== status ? `${status} (${detail})` : status;
  return html`<span class="chip ${statusClass(status)}">${label}</span>`;
}

/** "17 not run · 1 passed": only what there is, so a filtered run never reads "0 passed". */
export function countsText(counts: StatusCounts): string {
  const parts = SITE_STATUSES.filter((status) => counts[status] > 0).map((status) => `${counts[status]} ${status}`);
  return parts.join(' · ') || 'no scenarios';
}

/** A stacked bar, one segment per status, sized by count. */
export function statusBar(counts: StatusCounts): Html {
  const total = SITE_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  const segments = SITE_STATUSES.filter((status) => counts[status] > 0).map(
    (status) => html`<span class="${statusClass(status)}" style="width: ${((counts[status] / total) * 100).toFixed(2)}%" title="${counts[status]} ${status}"></span>`,
  );
  return html`<span class="bar" role="img" aria-label="${countsText(counts)}">${segments}</span>`;
}

/** The statuses present, for the status filter (`data-statuses`). */
export function statusesPresent(counts: StatusCounts): string {
  return SITE_STATUSES.filter((status) => counts[status] > 0).join(',');
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export interface PageOptions {
  title: string;
  /** The way back to the site's root from this page (`''` or `../`). */
  root: string;
  body: Html;
  generatedAt: string;
}

/** A whole page: the header with search and the status filter, the body, the note on fonts. Only relative links: it opens from file://. */
export function page({ title, root, body, generatedAt }: PageOptions): string {
  const options = SITE_STATUSES.map((status) => html`<option value="${status}">${status}</option>`);
  return html`<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${root}assets/site.css">
</head>
<body data-root="${root}">
<header class="site-header">
  <a class="home" href="${root}index.html">synapse-spec · living documentation</a>
  <input id="search" type="search" placeholder="Search documents and scenarios" aria-label="Search documents and scenarios" autocomplete="off">
  <label>Status <select id="status-filter" aria-label="Filter by status"><option value="">all</option>${options}</select></label>
</header>
<div id="font-warning" class="font-warning" hidden>No Chinese font was found: the documents' Chinese text shows as boxes. Install one (Debian/Ubuntu: <code>apt-get install fonts-noto-cjk</code>) and reload.</div>
<section id="search-results" class="search-results" hidden></section>
<main>
${body}
</main>
<footer>
  Generated ${generatedAt}. The documents are Chinese: reading them needs a CJK font (Debian/Ubuntu: <code>apt-get install fonts-noto-cjk</code>; macOS and Windows have one).
</footer>
<script src="${root}assets/search-index.js"></script>
<script src="${root}assets/site.js"></script>
</body>
</html>
`.value;
}
