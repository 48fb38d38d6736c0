import { secretNameMatcher } from './secret-names';
import type { SecretRedactor } from './secret-redactor';
import { stripUrlCredentials } from './url-credentials';

export interface ToolEnvironmentOptions {
  /** The environment to start from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Names handed through although they look like secrets (`--pass-env NAME`). */
  passEnv?: readonly string[];
  /** Which names are secrets (default: DEFAULT_SECRET_NAME_PATTERNS). */
  secretNames?: readonly string[];
  /** Known secret values (the model's API key): a variable holding one is dropped whatever its name. */
  redactor?: SecretRedactor;
}

/**
 * The environment for ANY process a tool starts (the native shell, sub-agents' shells, MCP stdio servers,
 * skill scripts): the given one without variables whose names look like secrets, without any variable
 * that carries a known secret value, and with the credentials of URLs taken out of the values
 * (`DATABASE_URL=postgres://u:p@h/db` arrives as `postgres://h/db`), except the names passed on purpose.
 */
export function toolEnvironment(options: ToolEnvironmentOptions = {}): Record<string, string> {
  const source = options.env ?? process.env;
  // Stryker disable next-line ArrayDeclaration: a name nobody passes, in place of none, passes nothing more
  const passed = new Set((options.passEnv ?? []).map((name) => name.toUpperCase()));
  const isSecretName = secretNameMatcher(options.secretNames);
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (passed.has(name.toUpperCase())) {
      environment[name] = value;
      continue;
    }
    if (isSecretName(name)) continue;
    // Credentials out first: the redactor knows them, and the rest of the variable is no secret.
    const kept = stripUrlCredentials(value).text;
    if (!options.redactor?.contains(kept)) environment[name] = kept;
  }
  return environment;
}
