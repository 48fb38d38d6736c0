import type { EvidenceAttachment, ScenarioEvidence } from './scenario-evidence';
import { formatDuration, html, statusChip, type Html } from './html';
import { siteStatusOf } from './site-model';
import type { ScenarioStatus } from '../conformance-report';

/** A text attachment longer than this is cut on the page (the NDJSON keeps it whole). */
const MAX_TEXT = 100_000;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The expandable block under a scenario: its steps with their results, then what it attached. */
export function evidenceBlock(evidence: ScenarioEvidence, open = false): Html {
  const steps = evidence.steps.map(
    (step) =>
      html`<li>${statusChip(siteStatusOf(step.status as ScenarioStatus), step.status)} <b>${step.keyword.trim()}</b> ${step.text} <span class="duration">${formatDuration(step.durationMs)}</span>${
        step.message ? html`<pre class="error">${step.message}</pre>` : ''
      }</li>`,
  );
  return html`<details class="evidence"${open ? html` open` : ''}>
<summary>Evidence: what the run did (${evidence.steps.length} steps${evidence.attachments.length ? `, ${evidence.attachments.length} attached` : ''})</summary>
<ol class="steps">${steps}</ol>
${evidence.attachments.map(attachmentBlock)}
</details>`;
}

function attachmentBlock(attachment: EvidenceAttachment): Html {
  const heading = html`<h4>${attachment.name ?? attachment.mediaType} <span class="under">attached under “${attachment.step}”</span></h4>`;
  if (attachment.base64 && IMAGE_TYPES.has(attachment.mediaType))
    return html`<div class="attachment">${heading}<img alt="${attachment.name ?? 'attached image'}" src="data:${attachment.mediaType};base64,${attachment.body}"></div>`;
  if (attachment.base64) return html`<div class="attachment">${heading}<p>${attachment.mediaType}, ${Math.floor((attachment.body.length * 3) / 4)} bytes (not shown)</p></div>`;
  const text = attachment.body.length > MAX_TEXT ? `${attachment.body.slice(0, MAX_TEXT)}\n… ${attachment.body.length - MAX_TEXT} more characters in reports/cucumber.ndjson` : attachment.body;
  return html`<div class="attachment">${heading}${narrationSections(text)}</div>`;
}

/** The narration's `== Title ==` sections (transcript.ts) as titled blocks; other text as it is. */
function narrationSections(text: string): Html[] {
  const sections: Array<{ title?: string; lines: string[] }> = [{ lines: [] }];
  for (const line of text.split('\n')) {
    const title = /^== (.+) ==$/.exec(line)?.[1];
    if (title) sections.push({ title, lines: [] });
    else sections.at(-1)!.lines.push(line);
  }
  return sections
    .filter((section) => section.title || section.lines.join('').trim())
    .map((section) => html`<section class="narration">${section.title ? html`<h5>${section.title}</h5>` : ''}<pre>${section.lines.join('\n').trimEnd()}</pre></section>`);
}
