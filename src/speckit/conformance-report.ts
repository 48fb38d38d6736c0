import { Query } from '@cucumber/query';
import type { Envelope, Pickle, TestCaseStarted } from '@cucumber/messages';
import { OWN_TAG, SOURCE_TAG_PREFIX } from './feature-tags';
import type { ImportedSpec } from './import-spec';

/** How a scenario ended; `not run` when the run's filters (tags, paths, names) left it out. */
export type ScenarioStatus = 'passed' | 'failed' | 'skipped' | 'pending' | 'undefined' | 'ambiguous' | 'unknown' | 'not run';

export interface ScenarioOutcome {
  title: string;
  featureLine: number;
  status: ScenarioStatus;
  durationMs: number | null;
}

export interface TranscribedScenario extends ScenarioOutcome {
  /** The document section (`## Feature:`), which is the Gherkin `Rule:`. */
  rule: string;
  /** The `### Scenario:` line in the source document; null when the documents were not available. */
  sourceLine: number | null;
}

export interface DocumentConformance {
  document: string;
  feature: string;
  passed: number;
  total: number;
  scenarios: TranscribedScenario[];
}

export interface OwnFeatureConformance {
  feature: string;
  name: string;
  tags: string[];
  passed: number;
  total: number;
  scenarios: ScenarioOutcome[];
}

export interface ConformanceReport {
  generatedAt: string;
  /** Where the source documents were read from (the handed-over folder too, when there is one), or why they were not. */
  specs: { dir: string; nextDir?: string } | { error: string };
  /** Documents handed over (in the handed-over folder) that have no transcription yet. */
  pending: Array<{ document: string; scenarios: number }>;
  transcribed: { passed: number; total: number; documents: DocumentConformance[] };
  own: { passed: number; total: number; features: OwnFeatureConformance[] };
  /** Features that are neither (they break the tag scheme; spec:check names them). */
  untagged: string[];
}

/**
 * The conformance of one cucumber run: for each source document every scenario with its line in the
 * document and in the feature, its status and duration; our own features apart. `documents` are the
 * imports of the source documents (the traceability map); without them source lines are null.
 */
export function buildConformanceReport(
  envelopes: readonly Envelope[],
  documents: readonly ImportedSpec[],
  specs: ConformanceReport['specs'],
  pending: ConformanceReport['pending'] = [],
): ConformanceReport {
  const query = new Query();
  for (const envelope of envelopes) query.update(envelope);
  const outcomes = new Map<string, Map<number, ScenarioOutcome>>();
  const features = new Map<string, { name: string; tags: string[] }>();
  for (const started of lastAttempts(query)) {
    const pickle = query.findPickleBy(started)!;
    const lineage = query.findLineageBy(pickle);
    const line = query.findLocationOf(pickle)?.line ?? 0;
    if (lineage?.feature) features.set(pickle.uri, { name: lineage.feature.name, tags: lineage.feature.tags.map((tag) => tag.name) });
    const byLine = outcomes.get(pickle.uri) ?? new Map<number, ScenarioOutcome>();
    byLine.set(line, { title: pickle.name, featureLine: line, status: statusOf(query, started), durationMs: durationOf(query, started) });
    outcomes.set(pickle.uri, byLine);
  }
  // Features the run parsed but did not execute still count: their scenarios are `not run`.
  for (const pickle of query.findAllPickles()) {
    const lineage = query.findLineageBy(pickle);
    if (lineage?.feature && !features.has(pickle.uri)) features.set(pickle.uri, { name: lineage.feature.name, tags: lineage.feature.tags.map((tag) => tag.name) });
  }
  const imported = new Map(documents.map((document) => [`features/${document.featureFileName}`, document]));
  const transcribed: DocumentConformance[] = [];
  const own: OwnFeatureConformance[] = [];
  const untagged: string[] = [];
  for (const [uri, feature] of [...features].sort(([a], [b]) => a.localeCompare(b))) {
    const source = feature.tags.find((tag) => tag.startsWith(SOURCE_TAG_PREFIX))?.slice(SOURCE_TAG_PREFIX.length);
    const document = imported.get(uri);
    if (document) continue;
    const scenarios = pickleOutcomes(
      query.findAllPickles().filter((pickle) => pickle.uri === uri),
      query,
      outcomes.get(uri),
    );
    if (source) {
      // The documents were not available: the transcription is still reported, without source lines.
      const traced = scenarios.map((scenario) => ({ ...scenario, rule: ruleOf(query, uri, scenario.featureLine), sourceLine: null }));
      transcribed.push({ document: source, feature: uri, ...tally(traced), scenarios: traced });
      continue;
    }
    if (!feature.tags.includes(OWN_TAG)) untagged.push(uri);
    own.push({ feature: uri, name: feature.name, tags: feature.tags, ...tally(scenarios), scenarios });
  }
  for (const [uri, document] of imported) transcribed.push(documentConformance(document, outcomes.get(uri)));
  transcribed.sort((a, b) => a.document.localeCompare(b.document));
  return {
    generatedAt: new Date().toISOString(),
    specs,
    pending,
    transcribed: { ...sum(transcribed), documents: transcribed },
    own: { ...sum(own), features: own },
    untagged,
  };
}

function documentConformance(document: ImportedSpec, outcomes: Map<number, ScenarioOutcome> | undefined): DocumentConformance {
  const scenarios = document.scenarios.map((trace): TranscribedScenario => {
    const outcome = outcomes?.get(trace.featureLine);
    return { title: trace.title, rule: trace.rule, sourceLine: trace.sourceLine, featureLine: trace.featureLine, status: outcome?.status ?? 'not run', durationMs: outcome?.durationMs ?? null };
  });
  return { document: document.fileName, feature: `features/${document.featureFileName}`, ...tally(scenarios), scenarios };
}

function pickleOutcomes(pickles: readonly Pickle[], query: Query, outcomes: Map<number, ScenarioOutcome> | undefined): ScenarioOutcome[] {
  return pickles
    .map((pickle) => {
      const line = query.findLocationOf(pickle)?.line ?? 0;
      return outcomes?.get(line) ?? { title: pickle.name, featureLine: line, status: 'not run' as const, durationMs: null };
    })
    .sort((a, b) => a.featureLine - b.featureLine);
}

function ruleOf(query: Query, uri: string, line: number): string {
  const pickle = query.findAllPickles().find((candidate) => candidate.uri === uri && query.findLocationOf(candidate)?.line === line);
  return (pickle && query.findLineageBy(pickle)?.rule?.name) ?? '';
}

/** With retries a scenario starts more than once: its last attempt is its outcome. */
export function lastAttempts(query: Query): TestCaseStarted[] {
  const last = new Map<string, TestCaseStarted>();
  for (const started of query.findAllTestCaseStarted()) {
    const pickle = query.findPickleBy(started);
    if (pickle) last.set(pickle.id, started);
  }
  return [...last.values()];
}

function statusOf(query: Query, started: TestCaseStarted): ScenarioStatus {
  if (!query.findTestCaseFinishedBy(started)) return 'unknown';
  const result = query.findMostSevereTestStepResultBy(started);
  return (result?.status ?? 'PASSED').toLowerCase() as ScenarioStatus;
}

function durationOf(query: Query, started: TestCaseStarted): number | null {
  const duration = query.findTestCaseDurationBy(started);
  return duration ? Math.round(duration.seconds * 1000 + duration.nanos / 1e6) : null;
}

function tally(scenarios: readonly ScenarioOutcome[]): { passed: number; total: number } {
  return { passed: scenarios.filter((scenario) => scenario.status === 'passed').length, total: scenarios.length };
}

function sum(groups: ReadonlyArray<{ passed: number; total: number }>): { passed: number; total: number } {
  return groups.reduce((acc, group) => ({ passed: acc.passed + group.passed, total: acc.total + group.total }), { passed: 0, total: 0 });
}
