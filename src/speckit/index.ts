/**
 * The spec kit: turns the Markdown BDD documents into Gherkin, checks the transcriptions for drift and
 * reports conformance. Tooling for the specification, never imported by the runtime (not in src/index.ts).
 */
export { importMarkdownSpec, importMarkdownSpecFile, featureFileNameOf, type ImportedSpec } from './import-spec';
export { parseMarkdownSpec } from './markdown-spec-parser';
export { writeGherkin, type ScenarioTrace } from './gherkin-writer';
export { SpecFormatError, type SpecProblem } from './spec-format-error';
export type { SpecDocument, SpecSection, SpecScenario, SpecStep, SpecBusinessRule } from './spec-document';
export { checkTranscriptions, formatTranscriptionCheck, type TranscriptionCheck, type DocumentCheck } from './check-transcriptions';
export { locateSpecs, DEFAULT_SPECS_DIR } from './specs-location';
export { readFeatureTags, tagSchemeProblem, OWN_TAG, SOURCE_TAG_PREFIX } from './feature-tags';
export { buildConformanceReport, type ConformanceReport, type DocumentConformance, type OwnFeatureConformance, type ScenarioStatus } from './conformance-report';
export { renderConformanceMarkdown } from './conformance-markdown';
export { coverageByFolder, missedThresholds, formatCoverage, type CoverageSummary, type FolderCoverage, type Thresholds } from './coverage-by-folder';
export { readSourceDocuments, conformanceInputs, type SourceDocument } from './source-documents';
export { siteModelOf, writeSite, type SiteSources } from './site/build-site';
export { readInterpretationRows, type InterpretationRow } from './site/interpretation-rows';
export { documentMarkdown } from './site/markdown-with-scenarios';
export type { SiteModel, SiteDocument, SiteScenario, SiteStatus } from './site/site-model';
