import type { CommandResult, ExtensionCallOptions, SkillHandler } from '../../tools';
import { isHelpRequest, parseOptions, positiveIntegerOption, UsageError } from '../../tools/agent-commands/agent-command';
import { commandSuccess, executionFailure, notFoundFailure, usageFailure } from '../../tools/command-results';
import type { Skill } from './skill';
import { listSkillFiles } from './skill-files';
import type { SkillLibrary } from './skill-library';
import { listScripts, SCRIPT_NAME, scriptCommandLine, typeScriptUnsupported } from './skill-scripts';

const SKILL_HELP = [
  'skill:list                          every installed skill: name, description, location',
  'skill:search <keywords> [--limit N] skills ranked by how well name, description and instructions match',
  "skill:load <name>                   a skill's instructions (SKILL.md) and the files it ships",
  'skill:<name> --help                 what a skill does and the scripts it offers',
  'skill:<name>:<script> [args...]     run one of its scripts (scripts/<script>.sh|py|js|ts, or sub/dir/<script>), from the skill folder',
  'task:skill:search <request>         ask the skill sub-agent which skills fit a request',
].join('\n');

/** The `skill:*` commands over one SkillLibrary. Failures are results; nothing throws to the router. */
export function createSkillHandler(library: SkillLibrary): SkillHandler {
  return async (target, args, options) => {
    if (isHelpRequest(args.join(' ')) && ['list', 'search', 'load'].includes(target)) return commandSuccess(`${SKILL_HELP}\n`);
    try {
      if (target === 'list') return await list(library, args);
      if (target === 'search') return await search(library, args);
      if (target === 'load') return await load(library, args);
      const [name, script, ...rest] = target.split(':');
      if (rest.length) throw new UsageError(`expected skill:<name> or skill:<name>:<script>, got skill:${target}`);
      const skill = await library.get(name!);
      if (!skill) return await unknownSkill(library, name!);
      return script === undefined ? await skillHelp(skill, args) : await runScript(skill, script, args, options);
    } catch (error) {
      if (error instanceof UsageError)
        return usageFailure(`skill:${target}`, 'Usage: skill:list | skill:search <keywords> | skill:load <name> | skill:<name> --help | skill:<name>:<script> [args]', error.message);
      throw error;
    }
  };
}

async function list(library: SkillLibrary, args: string[]): Promise<CommandResult> {
  if (args.length) throw new UsageError(`skill:list takes no arguments (got ${args.join(' ')})`);
  const { skills, warnings } = await library.load();
  const width = Math.max(0, ...skills.map((skill) => skill.name.length));
  const lines = skills.map((skill) => `${skill.name.padEnd(width)}  ${oneLine(skill.description)}  (${skill.location})`);
  const stdout = skills.length ? `${lines.join('\n')}\n\nLoad one with skill:load <name>; search with skill:search <keywords>.\n` : `No skills are installed. Looked in: ${library.dirs.join(', ')}.\n`;
  return { stdout, stderr: warningsText(warnings), exitCode: 0 };
}

async function search(library: SkillLibrary, args: string[]): Promise<CommandResult> {
  const { positional, options } = parseOptions(args, ['--limit']);
  const query = positional.join(' ').trim();
  if (!query) throw new UsageError('missing keywords: skill:search <keywords>');
  const matches = await library.search(query, positiveIntegerOption(options, '--limit', 10));
  if (!matches.length) {
    const { skills } = await library.load();
    return commandSuccess(`No skill matches "${query}" (${skills.length} installed; skill:list shows them all).\n`);
  }
  const width = Math.max(...matches.map(({ skill }) => skill.name.length));
  const lines = matches.map(({ skill }) => `${skill.name.padEnd(width)}  ${oneLine(skill.description)}`);
  return commandSuccess(`${lines.join('\n')}\n\nLoad one with skill:load <name>.\n`);
}

async function load(library: SkillLibrary, args: string[]): Promise<CommandResult> {
  if (args.length !== 1) throw new UsageError(args.length ? `skill:load takes one skill name (got ${args.length} words)` : 'missing skill name: skill:load <name>');
  const skill = await library.get(args[0]!);
  if (!skill) return unknownSkill(library, args[0]!);
  return commandSuccess(await loadText(skill));
}

/** A skill's instructions and files, as `skill:load` prints them (and `synapse skills show`). */
export async function loadText(skill: Skill): Promise<string> {
  const scripts = new Map((await listScripts(skill)).map((script) => [script.file, script.name]));
  const { files, omitted } = await listSkillFiles(skill.dir);
  const lines = [`# Skill: ${skill.name}`, `Location: ${skill.location}`, `Description: ${skill.description}`];
  if (skill.compatibility) lines.push(`Compatibility: ${skill.compatibility}`);
  lines.push('', skill.body || '(SKILL.md has no instructions after its front matter)');
  if (files.length) {
    lines.push('', `Files in ${skill.dir}:`);
    for (const file of files) lines.push(`  ${file}${scripts.has(file) ? `   run: skill:${skill.name}:${scripts.get(file)} [args]` : ''}`);
    if (omitted) lines.push(`  ... and ${omitted} more`);
  }
  return `${lines.join('\n')}\n`;
}

async function skillHelp(skill: Skill, args: string[]): Promise<CommandResult> {
  if (args.length && !isHelpRequest(args.join(' '))) {
    throw new UsageError(`skill:${skill.name} only takes --help; run a script with skill:${skill.name}:<script> [args]`);
  }
  const scripts = await listScripts(skill);
  const lines = [`skill:${skill.name}  ${skill.description}`, `Location: ${skill.location}`, `Instructions: skill:load ${skill.name}`];
  if (scripts.length) {
    lines.push('Scripts:');
    for (const script of scripts) lines.push(`  skill:${skill.name}:${script.name} [args...]   (${script.file})`);
  } else {
    lines.push('Scripts: none');
  }
  return commandSuccess(`${lines.join('\n')}\n`);
}

async function runScript(skill: Skill, name: string, args: string[], options: ExtensionCallOptions): Promise<CommandResult> {
  const scripts = await listScripts(skill);
  const script = SCRIPT_NAME.test(name) ? scripts.find((candidate) => candidate.name === name) : undefined;
  if (!script) {
    const names = scripts.map((candidate) => `skill:${skill.name}:${candidate.name}`);
    return notFoundFailure(`Skill "${skill.name}" has no script "${name}". Its scripts: ${names.join(', ') || '(none)'}`);
  }
  if (typeScriptUnsupported(script)) {
    return executionFailure(
      `skill:${skill.name}:${name}: ${script.file} is TypeScript, which needs Node >= 22.6 (this is Node ${process.versions.node}); the skill should ship a .js, .py or .sh script`,
    );
  }
  // Arguments go to the script as they are, --help too: the script knows its own usage.
  return options.runNative(scriptCommandLine(skill, script, args, options.cwd));
}

async function unknownSkill(library: SkillLibrary, name: string): Promise<CommandResult> {
  const skipped = await library.skippedReason(name);
  if (skipped) return notFoundFailure(`${skipped} Fix its SKILL.md; skill:list shows the skills that loaded.`);
  const { skills } = await library.load();
  const similar = (await library.search(name.replace(/-/g, ' '), 5)).map(({ skill }) => skill.name);
  const hint = similar.length
    ? `Similar: ${similar.join(', ')}.`
    : `Installed: ${
        skills
          .map((skill) => skill.name)
          .slice(0, 20)
          .join(', ') || '(none)'
      }.`;
  return notFoundFailure(`Unknown skill "${name}". ${hint} Run skill:list for all, or skill:search <keywords>.`);
}

function warningsText(warnings: string[]): string {
  return warnings.length ? `${warnings.map((warning) => `warning: ${warning}`).join('\n')}\n` : '';
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
