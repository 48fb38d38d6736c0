/**
 * The series' own grouping: `01-p0-core-runtime-part04.md` is part 4 of module 01 (priority P0, core
 * runtime). Documents outside the series (LobeHub's `agent-runtime.md`) form a group of their own.
 */
const SERIES_NAME = /^(\d\d)-(p\d)-(.+)-part(\d+)\.md$/i;

/** Where a document outside the series comes from. */
const ORIGINS: Readonly<Record<string, string>> = { 'agent-runtime.md': "LobeHub's agent runtime" };

export const OUTSIDE_SERIES = 'outside-series';

export interface DocumentPlace {
  /** `01-p0-core-runtime`, or `outside-series`. */
  group: string;
  /** `01 · P0 · core runtime`, or `Outside the series`. */
  groupTitle: string;
  /** Where a document outside the series comes from, when known. */
  origin?: string;
}

export function placeOf(fileName: string): DocumentPlace {
  const series = SERIES_NAME.exec(fileName);
  if (!series) return { group: OUTSIDE_SERIES, groupTitle: 'Outside the series', ...(ORIGINS[fileName] ? { origin: ORIGINS[fileName] } : {}) };
  const [, number, priority, module] = series as unknown as [string, string, string, string];
  return { group: `${number}-${priority.toLowerCase()}-${module}`, groupTitle: `${number} · ${priority.toUpperCase()} · ${module.replace(/-/g, ' ')}` };
}

/** The document's title without its part (`P0 核心运行链路 E2E BDD（part04）` reads `P0 核心运行链路 E2E BDD`): the group's name in the documents' words. */
export function titleWithoutPart(title: string): string {
  return title.replace(/\s*[（(]\s*part\s*\d+\s*[)）]\s*$/i, '').trim();
}
