import { accessSync, constants } from 'node:fs';
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

/** Files in scripts/ that are parts of other scripts, never run on their own. */
const NOT_SCRIPTS = new Set(['__init__.py', '__main__.py', 'conftest.py']);
/** How deep scripts/ is searched, and how many scripts one skill may offer. */
const MAX_DEPTH = 4;
const MAX_SCRIPTS = 200;

export interface SkillScript {
  /** The name after `skill:<skill>:`: the path below scripts/ without its extension (`office/unpack`). */
  name: string;
  /** Relative to the skill folder: `scripts/office/unpack.py`. */
  file: string;
  /** The command that runs it; empty for an executable file without a known extension (run as it is). */
  interpreter: string;
}

/** A script name: path segments of a file name, none starting with a dot (so no `..`, no hidden files). */
export const SCRIPT_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/;

/**
 * The runnable scripts a skill ships below scripts/, one per name: files of a known interpreter, and
 * executable files without an extension. Package files (`__init__.py`), hidden files and folders, and
 * `__pycache__` are not offered.
 */
export async function listScripts(skill: Skill): Promise<SkillScript[]> {
  const files = await scriptFiles(join(skill.dir, 'scripts'));
  const scripts = new Map<string, SkillScript>();
  for (const [extension, interpreter] of INTERPRETERS) {
    for (const file of files) {
      if (extname(file) !== extension || NOT_SCRIPTS.has(file.split('/').at(-1)!)) continue;
      const name = file.slice(0, -extension.length);
      if (SCRIPT_NAME.test(name) && !scripts.has(name)) scripts.set(name, { name, file: `scripts/${file}`, interpreter });
    }
  }
  for (const file of files) {
    if (extname(file) || scripts.has(file) || !SCRIPT_NAME.test(file) || !executable(join(skill.dir, 'scripts', file))) continue;
    scripts.set(file, { name: file, file: `scripts/${file}`, interpreter: '' });
  }
  return [...scripts.values()].sort((a, b) => a.name.localeCompare(b.name)).slice(0, MAX_SCRIPTS);
}

async function scriptFiles(root: string, relative = '', depth = 1): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(join(root, relative), { withFileTypes: true });
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name === '__pycache__' || entry.name === 'node_modules') continue;
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (depth < MAX_DEPTH) files.push(...(await scriptFiles(root, path, depth + 1)));
    } else {
      files.push(path);
    }
  }
  return files;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The shell command line that runs a script with its arguments: in a subshell whose working directory is
 * the skill's folder (scripts import their siblings and read references/ relative to it; Python finds the
 * skill's packages on PYTHONPATH), or the caller's when the skill's metadata says `script-cwd: caller`.
 * SKILL_DIR names the skill's folder and SKILL_CALLER_DIR the directory the script was called from.
 */
export function scriptCommandLine(skill: Skill, script: SkillScript, args: string[], callerDir: string): string {
  const dir = skill.metadata['script-cwd'] === 'caller' ? callerDir : skill.dir;
  const path = quoteShellArg(join(skill.dir, script.file));
  const run = script.interpreter ? `${script.interpreter} ${path}` : path;
  const env = [`SKILL_DIR=${quoteShellArg(skill.dir)}`, `SKILL_CALLER_DIR=${quoteShellArg(callerDir)}`, `PYTHONPATH=${quoteShellArg(skill.dir)}\${PYTHONPATH:+:$PYTHONPATH}`];
  return `(cd ${quoteShellArg(dir)} && ${env.join(' ')} ${run}${args.map((arg) => ` ${quoteShellArg(arg)}`).join('')})`;
}

/** TypeScript runs by type stripping, which Node has from 22.6 on. */
export function typeScriptUnsupported(script: SkillScript, nodeVersion = process.versions.node): boolean {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  return script.file.endsWith('.ts') && (major < 22 || (major === 22 && minor < 6));
}
