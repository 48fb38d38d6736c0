import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { RESERVED_SKILL_NAMES, type Skill } from './skill';
import { parseSkillFile } from './skill-file';

export interface SkillScan {
  /** Valid skills, in precedence order (then by folder name). */
  skills: Skill[];
  /** One line per skipped skill: its SKILL.md and the rule it breaks, or the skill that shadows it. */
  warnings: string[];
  /** The skills left out, by folder name, so a command naming one can say why it is not there. */
  skipped: SkippedSkill[];
}

export interface SkippedSkill {
  /** The folder's name (what the skill would be called). */
  name: string;
  location: string;
  reason: string;
}

/**
 * Finds the skills in `dirs` (highest precedence first): each direct sub-folder holding a SKILL.md.
 * A missing directory holds no skills. On a name collision the first by precedence wins and the other is reported.
 */
export async function scanSkills(dirs: string[]): Promise<SkillScan> {
  const byName = new Map<string, Skill>();
  const warnings: string[] = [];
  const skipped: SkippedSkill[] = [];
  const skip = (location: string, reason: string) => {
    warnings.push(`${location}: skipped: ${reason}`);
    skipped.push({ name: basename(dirname(location)), location, reason });
  };
  const perDir = await Promise.all(dirs.map((dir) => readSkillsDir(dir)));
  for (const found of perDir) {
    for (const entry of found) {
      if ('problem' in entry) {
        skip(entry.location, entry.problem);
        continue;
      }
      const { skill } = entry;
      if (entry.warning) warnings.push(`${skill.location}: ${entry.warning}`);
      if (RESERVED_SKILL_NAMES.has(skill.name)) {
        skip(skill.location, `the name "${skill.name}" is reserved for skill:${skill.name}`);
        continue;
      }
      const first = byName.get(skill.name);
      if (first) {
        if (first.location !== skill.location) warnings.push(`${skill.location}: skipped: skill "${skill.name}" is already defined by ${first.location}, which takes precedence`);
        continue;
      }
      byName.set(skill.name, skill);
    }
  }
  return { skills: [...byName.values()], warnings, skipped };
}

type Entry = { skill: Skill; warning?: string } | { location: string; problem: string };

async function readSkillsDir(dir: string): Promise<Entry[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch {
    return [];
  }
  const entries = names.filter((name) => !name.startsWith('.')).map((name) => readSkill(join(dir, name)));
  return entries.filter((entry): entry is Entry => entry !== undefined);
}

/**
 * A folder's skill, a problem, or nothing when the entry is not a skill folder at all. SKILL.md files are
 * small: reading them synchronously costs a tenth of a thousand queued async reads (the catalog scan of
 * 1,000 skills has a 200 ms budget), and blocks for a few hundredths of a millisecond each.
 */
function readSkill(folder: string): Entry | undefined {
  const location = join(folder, 'SKILL.md');
  let text: string;
  try {
    text = readFileSync(location, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    if (code === 'EISDIR') return { location, problem: 'SKILL.md is a directory' };
    return { location, problem: `cannot read it (${code})` }; // ELOOP, EACCES, EIO: every fs error has a code
  }
  const parsed = parseSkillFile(location, text);
  return 'problem' in parsed ? { location, problem: parsed.problem } : parsed;
}
