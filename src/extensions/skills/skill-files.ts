import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

const MAX_FILES = 50;
/** Entries looked at before the count stops (a skill that ships a whole tree is not walked for ever). */
const MAX_ENTRIES = 20_000;

/** The files a skill ships besides SKILL.md, at any depth (relative paths, sorted, the first 50), and how many more there are. */
export async function listSkillFiles(dir: string): Promise<{ files: string[]; omitted: number }> {
  const files: string[] = [];
  let total = 0;
  let seen = 0;
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(dir, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules' || ++seen > MAX_ENTRIES) continue;
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await walk(path);
        continue;
      }
      if (path === 'SKILL.md') continue;
      total++;
      if (files.length < MAX_FILES) files.push(path);
    }
  };
  await walk('');
  return { files, omitted: total - files.length };
}
