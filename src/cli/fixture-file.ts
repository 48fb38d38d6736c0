import { scriptedConversationSchema, type ScriptedConversation } from '../llm/scripted-model';
import { CliError } from './exit-codes';
import { readInputFile } from './input-files';

/** Reads a scripted conversation, naming the file and the field on any problem (exit 2). */
export function loadFixture(path: string): ScriptedConversation {
  const text = readInputFile(path, 'fixture');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`fixture ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = scriptedConversationSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.length ? issue.path.join('.') : '(top level)';
    throw new CliError(`fixture ${path}: ${field}: ${issue.message}`);
  }
  return parsed.data;
}
