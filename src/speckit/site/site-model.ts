import type { ConformanceReport, ScenarioOutcome, ScenarioStatus } from '../conformance-report';
import { parseMarkdownSpec } from '../markdown-spec-parser';
import type { SourceDocument } from '../source-documents';
import { OUTSIDE_SERIES, placeOf, titleWithoutPart, type DocumentPlace } from './document-groups';
import { rowsForScenario, type InterpretationRow } from './interpretation-rows';
import { scenarioKey, type ScenarioEvidence } from './scenario-evidence';

/**
 * How a reviewer reads a scenario's outcome: passed; failed (failed, undefined, ambiguous, a pending step:
 * each fails a strict run); skipped (a Before hook said why); pending (its document is handed over and not
 * transcribed yet); not run (transcribed, but this run's filters left it out).
 */
export type SiteStatus = 'passed' | 'failed' | 'skipped' | 'pending' | 'not run';
export const SITE_STATUSES: readonly SiteStatus[] = ['passed', 'failed', 'skipped', 'pending', 'not run'];
export type StatusCounts = Record<SiteStatus, number>;

export interface SiteScenario {
  title: string;
  /** The `## Feature:` section (the Gherkin Rule). */
  rule: string;
  sourceLine: number | null;
  status: SiteStatus;
  /** Cucumber's own word for it (`undefined`, `ambiguous`, ...), or `pending` for a document not transcribed. */
  detail: ScenarioStatus | 'pending';
  durationMs: number | null;
  /** Where it was transcribed to. */
  feature?: { uri: string; line: number };
  /** The steps as the document writes them (`Given ...`), for search. */
  steps: string[];
  evidence?: ScenarioEvidence;
  /** README rows that quote its steps. */
  rows: InterpretationRow[];
}

export interface SiteDocument extends DocumentPlace {
  fileName: string;
  title: string;
  path: string;
  markdown: string;
  /** transcribed: checked by the run; pending: handed over, no transcription yet; invalid: does not import. */
  state: 'transcribed' | 'pending' | 'invalid';
  feature?: string;
  problems?: string[];
  scenarios: SiteScenario[];
  counts: StatusCounts;
  rows: InterpretationRow[];
}

export interface SiteGroup {
  id: string;
  title: string;
  /** The name the documents give themselves (their title without the part). */
  subtitle: string;
  documents: SiteDocument[];
  counts: StatusCounts;
}

export interface SiteOwnFeature {
  uri: string;
  name: string;
  tags: string[];
  scenarios: SiteScenario[];
  counts: StatusCounts;
}

export interface SiteModel {
  generatedAt: string;
  run: { startedAt?: string; finishedAt?: string; success?: boolean };
  groups: SiteGroup[];
  own: { features: SiteOwnFeature[]; counts: StatusCounts };
  /** Every document's scenarios together. */
  counts: StatusCounts;
  /** README rows with a reference that names no document. */
  unresolvedRows: InterpretationRow[];
}

export interface SiteInputs {
  report: ConformanceReport;
  sources: readonly SourceDocument[];
  evidence: ReadonlyMap<string, ScenarioEvidence>;
  rows: readonly InterpretationRow[];
  run?: SiteModel['run'];
}

export function emptyCounts(): StatusCounts {
  return { passed: 0, failed: 0, skipped: 0, pending: 0, 'not run': 0 };
}

export function countStatuses(scenarios: ReadonlyArray<{ status: SiteStatus }>): StatusCounts {
  const counts = emptyCounts();
  for (const scenario of scenarios) counts[scenario.status] += 1;
  return counts;
}

function addCounts(all: readonly StatusCounts[]): StatusCounts {
  const total = emptyCounts();
  for (const counts of all) for (const status of SITE_STATUSES) total[status] += counts[status];
  return total;
}

export function siteStatusOf(status: ScenarioStatus): SiteStatus {
  if (status === 'passed' || status === 'skipped' || status === 'not run') return status;
  return 'failed';
}

/** The site's content: every source document with its scenarios' outcomes and evidence, grouped as the series groups them. */
export function buildSiteModel({ report, sources, evidence, rows, run = {} }: SiteInputs): SiteModel {
  const transcribed = new Map(report.transcribed.documents.map((document) => [document.document, document]));
  const documents = sources.map((source) => siteDocument(source, transcribed.get(source.fileName), evidence, rows));
  const groups = new Map<string, SiteGroup>();
  for (const document of documents) {
    const group = groups.get(document.group) ?? { id: document.group, title: document.groupTitle, subtitle: '', documents: [], counts: emptyCounts() };
    group.documents.push(document);
    groups.set(document.group, group);
  }
  const ordered = [...groups.values()].sort((a, b) => (a.id === OUTSIDE_SERIES ? 1 : b.id === OUTSIDE_SERIES ? -1 : a.id.localeCompare(b.id)));
  for (const group of ordered) {
    group.documents.sort((a, b) => a.fileName.localeCompare(b.fileName));
    group.counts = addCounts(group.documents.map((document) => document.counts));
    group.subtitle = group.id === OUTSIDE_SERIES ? '' : [...new Set(group.documents.map((document) => titleWithoutPart(document.title)))].join(' / ');
  }
  const own = report.own.features.map((feature): SiteOwnFeature => {
    const scenarios = feature.scenarios.map((outcome) => ownScenario(feature.feature, outcome, evidence));
    return { uri: feature.feature, name: feature.name, tags: feature.tags, scenarios, counts: countStatuses(scenarios) };
  });
  return {
    generatedAt: report.generatedAt,
    run,
    groups: ordered,
    own: { features: own, counts: addCounts(own.map((feature) => feature.counts)) },
    counts: addCounts(documents.map((document) => document.counts)),
    unresolvedRows: rows.filter((row) => row.unresolved.length),
  };
}

function siteDocument(
  source: SourceDocument,
  conformance: ConformanceReport['transcribed']['documents'][number] | undefined,
  evidence: ReadonlyMap<string, ScenarioEvidence>,
  allRows: readonly InterpretationRow[],
): SiteDocument {
  const rows = allRows.filter((row) => row.documents.includes(source.fileName));
  const steps = stepsByTitle(source);
  const base = { ...placeOf(source.fileName), fileName: source.fileName, path: source.path, markdown: source.markdown, rows };
  const title = source.markdown.match(/^#\s+(.+)$/m)?.[1]?.trim() ?? source.fileName;
  if (!source.imported) return { ...base, title, state: 'invalid', problems: source.problems ?? [], scenarios: [], counts: emptyCounts() };
  const scenarios = conformance
    ? conformance.scenarios.map((outcome): SiteScenario => {
        const scenarioSteps = steps.get(outcome.title) ?? [];
        return {
          title: outcome.title,
          rule: outcome.rule,
          sourceLine: outcome.sourceLine,
          status: siteStatusOf(outcome.status),
          detail: outcome.status,
          durationMs: outcome.durationMs,
          feature: { uri: conformance.feature, line: outcome.featureLine },
          steps: scenarioSteps,
          ...withEvidence(evidence, conformance.feature, outcome.featureLine),
          rows: rowsForScenario(rows, [outcome.title, ...scenarioSteps].join('\n')),
        };
      })
    : source.imported.scenarios.map((trace): SiteScenario => {
        const scenarioSteps = steps.get(trace.title) ?? [];
        const rowsHere = rowsForScenario(rows, [trace.title, ...scenarioSteps].join('\n'));
        return { title: trace.title, rule: trace.rule, sourceLine: trace.sourceLine, status: 'pending', detail: 'pending', durationMs: null, steps: scenarioSteps, rows: rowsHere };
      });
  const state = conformance ? 'transcribed' : 'pending';
  return { ...base, title, state, ...(conformance ? { feature: conformance.feature } : {}), scenarios, counts: countStatuses(scenarios) };
}

function ownScenario(uri: string, outcome: ScenarioOutcome, evidence: ReadonlyMap<string, ScenarioEvidence>): SiteScenario {
  return {
    title: outcome.title,
    rule: '',
    sourceLine: null,
    status: siteStatusOf(outcome.status),
    detail: outcome.status,
    durationMs: outcome.durationMs,
    feature: { uri, line: outcome.featureLine },
    steps: [],
    ...withEvidence(evidence, uri, outcome.featureLine),
    rows: [],
  };
}

function withEvidence(evidence: ReadonlyMap<string, ScenarioEvidence>, uri: string, line: number): { evidence?: ScenarioEvidence } {
  const found = evidence.get(scenarioKey(uri, line));
  return found ? { evidence: found } : {};
}

function stepsByTitle(source: SourceDocument): Map<string, string[]> {
  if (!source.imported) return new Map();
  const parsed = parseMarkdownSpec(source.markdown, source.fileName);
  return new Map(parsed.sections.flatMap((section) => section.scenarios.map((scenario) => [scenario.title, scenario.steps.map((step) => `${step.keyword} ${step.text}`)] as const)));
}
