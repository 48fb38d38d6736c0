import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

const MAX_FILES = 50;
const MAX_DEPTH = 3;

/** The files a skill ships besides SKILL.md (relative paths, sorted, bounded), and how many were left out. */
export async function listSkillFiles(dir: string): Promise<{ files: string[]; omitted: number }> {
  const files: string[] = [];
  let total = 0;
  const walk = async (relative: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(dir, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH) await walk(path, depth + 1);
        continue;
      }
      if (path === 'SKILL.md') continue;
      total++;
      if (files.length < MAX_FILES) files.push(path);
    }
  };
  await walk('', 1);
  return { files, omitted: total - files.length };
}
