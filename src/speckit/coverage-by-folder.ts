import { relative, sep } from 'node:path';

/** Istanbul's json-summary (reports/coverage/coverage-summary.json): per file and a `total`. */
export type CoverageSummary = Record<string, { lines: Counts; branches: Counts; functions: Counts; statements: Counts }>;
interface Counts {
  total: number;
  covered: number;
}

export interface FolderCoverage {
  folder: string;
  files: number;
  lines: { covered: number; total: number; pct: number };
  branches: { covered: number; total: number; pct: number };
}

export type Thresholds = Record<string, { lines?: number; branches?: number }>;

/** Coverage summed per top-level folder of src/ (src/runtime, src/llm, ...), plus `src` for everything. */
export function coverageByFolder(summary: CoverageSummary, root: string): FolderCoverage[] {
  const folders = new Map<string, { files: number; lines: Counts; branches: Counts }>();
  const add = (folder: string, file: CoverageSummary[string]) => {
    const entry = folders.get(folder) ?? { files: 0, lines: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 } };
    entry.files++;
    for (const kind of ['lines', 'branches'] as const) {
      entry[kind].total += file[kind].total;
      entry[kind].covered += file[kind].covered;
    }
    folders.set(folder, entry);
  };
  for (const [path, file] of Object.entries(summary)) {
    if (path === 'total') continue;
    const parts = relative(root, path).split(sep);
    add('src', file);
    add(parts.length > 2 ? `${parts[0]}/${parts[1]}` : `${parts[0]}/*.ts`, file);
  }
  const pct = ({ covered, total }: Counts) => (total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10);
  return [...folders]
    .map(([folder, { files, lines, branches }]) => ({ folder, files, lines: { ...lines, pct: pct(lines) }, branches: { ...branches, pct: pct(branches) } }))
    .sort((a, b) => (a.folder === 'src' ? -1 : b.folder === 'src' ? 1 : a.folder.localeCompare(b.folder)));
}

/** Each threshold the figures miss, as a sentence. */
export function missedThresholds(figures: FolderCoverage[], thresholds: Thresholds): string[] {
  const missed: string[] = [];
  for (const [folder, wanted] of Object.entries(thresholds)) {
    const found = figures.find((figure) => figure.folder === folder);
    if (!found) {
      missed.push(`${folder}: no coverage data`);
      continue;
    }
    for (const kind of ['lines', 'branches'] as const) {
      const want = wanted[kind];
      if (want !== undefined && found[kind].pct < want) missed.push(`${folder}: ${kind} ${found[kind].pct}% < ${want}%`);
    }
  }
  return missed;
}

export function formatCoverage(figures: FolderCoverage[], thresholds: Thresholds): string {
  const rows = figures.map((figure) => {
    const want = thresholds[figure.folder];
    const cell = (kind: 'lines' | 'branches') => `${figure[kind].pct.toFixed(1).padStart(5)}% (${figure[kind].covered}/${figure[kind].total})${want?.[kind] !== undefined ? ` ≥${want[kind]}` : ''}`;
    return `${figure.folder.padEnd(20)} ${String(figure.files).padStart(3)} files  lines ${cell('lines').padEnd(24)} branches ${cell('branches')}`;
  });
  return rows.join('\n');
}
