import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { quoteShellArg } from '../../tools/shell-quote';
import type { Skill } from './skill';

/** How each kind of script runs, in the order a name with two kinds is resolved. */
const INTERPRETERS: ReadonlyArray<[extension: string, command: string]> = [
  ['.sh', 'bash'],
  ['.bash', 'bash'],
  ['.py', 'python3'],
  ['.js', 'node'],
  ['.mjs', 'node'],
  ['.cjs', 'node'],
  ['.ts', 'node --experimental-strip-types'],
];

export interface SkillScript {
  /** The name after `skill:<skill>:`. */
  name: string;
  /** Relative to the skill folder: `scripts/extract.py`. */
  file: string;
  interpreter: string;
}

/** A script name is a file name without its extension: no paths, no `..`. */
export const SCRIPT_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** The runnable scripts a skill ships in scripts/, one per name. */
export async function listScripts(skill: Skill): Promise<SkillScript[]> {
  let files: string[];
  try {
    files = (await readdir(join(skill.dir, 'scripts'))).sort();
  } catch {
    return [];
  }
  const scripts = new Map<string, SkillScript>();
  for (const [extension, interpreter] of INTERPRETERS) {
    for (const file of files) {
      if (extname(file) !== extension) continue;
      const name = file.slice(0, -extension.length);
      if (SCRIPT_NAME.test(name) && !scripts.has(name)) scripts.set(name, { name, file: `scripts/${file}`, interpreter });
    }
  }
  return [...scripts.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The shell command line that runs a script with its arguments, in the caller's working directory, with
 * SKILL_DIR naming the skill's folder (scripts find their references/ and assets/ through it).
 */
export function scriptCommandLine(skill: Skill, script: SkillScript, args: string[]): string {
  return [`SKILL_DIR=${quoteShellArg(skill.dir)}`, script.interpreter, quoteShellArg(join(skill.dir, script.file)), ...args.map(quoteShellArg)].join(' ');
}

/** TypeScript runs by type stripping, which Node has from 22.6 on. */
export function typeScriptUnsupported(script: SkillScript, nodeVersion = process.versions.node): boolean {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  return script.file.endsWith('.ts') && (major < 22 || (major === 22 && minor < 6));
}
