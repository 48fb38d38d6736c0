import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { settingsSchema, type Settings } from './settings-schema';

/** A settings file that cannot be used: the message names the file, and the key when one is at fault. */
export class SettingsFileError extends Error {
  override readonly name: string = 'SettingsFileError';
  constructor(
    readonly path: string,
    readonly key: string | undefined,
    readonly problem: string,
    heading = `Invalid settings file ${path}`,
  ) {
    super(`${heading}: ${key ? `${key}: ` : ''}${problem}`);
  }
}

/** A value that cannot be set (the file itself is fine, and left as it was). */
export class SettingValueError extends SettingsFileError {
  override readonly name = 'SettingValueError';
}

/** The file's settings; undefined when it does not exist. Throws SettingsFileError for anything else wrong. */
export function readSettingsFile(path: string): Settings | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new SettingsFileError(path, undefined, `cannot be read (${code ?? (error as Error).message})`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new SettingsFileError(path, undefined, `not valid JSON (${(error as Error).message})`);
  }
  return validateSettings(document, path);
}

/** The settings, or SettingsFileError naming the first key at fault; nothing of an invalid document is used. */
export function validateSettings(document: unknown, path: string): Settings {
  const parsed = settingsSchema.safeParse(document);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const where = keyPath(unknown === undefined ? issue.path : [...issue.path, unknown]);
  // A bad key of a map (`env`) carries the key's own problem inside.
  const problem = unknown !== undefined ? 'unknown key' : issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
  throw new SettingsFileError(path, where || undefined, problem);
}

/** `permissions.allow[0]`, from zod's path. */
export function keyPath(path: z.core.$ZodIssue['path']): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)), '');
}

/** Writes settings atomically (a temp file renamed over it), readable by the owner only: it may hold an API key. */
export function writeSettingsFile(path: string, settings: Settings): void {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temp, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, path);
  } catch (error) {
    throw new SettingsFileError(path, undefined, (error as NodeJS.ErrnoException).code ?? (error as Error).message, `Cannot write settings file ${path}`);
  }
}
