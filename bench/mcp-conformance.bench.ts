// `npm run bench mcp-conformance` (issue 26): the official MCP conformance suite's client scenarios
// (@modelcontextprotocol/conformance 0.1.x) against our MCP client (bench/mcp-conformance-client.ts).
// The suite needs Node >= 22, so Node 22 comes from the npm registry's `node` package into a bench-local
// folder (.bench-cache/, git-ignored), as does the suite: neither is a project dependency, and the project
// keeps running on Node 20. Prints passed / total and the names of the scenarios that failed.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = join(__dirname, '..');
const CACHE = join(REPO, '.bench-cache');
const NODE22 = join(CACHE, 'node22', 'node_modules', '.bin', 'node');
const SUITE = join(CACHE, 'conformance', 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const PACKAGES = { node22: 'node@22', conformance: '@modelcontextprotocol/conformance@0.1' };
/** Each scenario's limit, as the suite counts it (its client process included). */
const SCENARIO_TIMEOUT_MS = 30_000;

/** Installs Node 22 and the suite into .bench-cache once (npm, from the registry). */
async function install(): Promise<void> {
  for (const [folder, spec] of Object.entries(PACKAGES)) {
    const marker = folder === 'node22' ? NODE22 : SUITE;
    if (existsSync(marker)) continue;
    console.log(`installing ${spec} into .bench-cache/${folder} ...`);
    await run('npm', ['install', '--prefix', join(CACHE, folder), '--no-audit', '--no-fund', '--loglevel=error', spec], { cwd: REPO });
  }
}

/** The suite's client scenarios, from `conformance list`. */
async function clientScenarios(): Promise<string[]> {
  const { stdout } = await run(NODE22, [SUITE, 'list']);
  const section = stdout.slice(stdout.indexOf('Client scenarios'));
  return [...section.matchAll(/^\s+- (\S+) \[/gm)].map((match) => match[1]!);
}

/** Runs one scenario; passed when every check the suite recorded is a success (or informational). */
async function runScenario(scenario: string, outputDir: string): Promise<{ passed: boolean; failed: string[] }> {
  const client = `${NODE22} -r ${join(REPO, 'register-typescript.cjs')} ${join(__dirname, 'mcp-conformance-client.ts')}`;
  const dir = join(outputDir, scenario.replace(/\//g, '_'));
  await run(NODE22, [SUITE, 'client', '--command', client, '--scenario', scenario, '--timeout', String(SCENARIO_TIMEOUT_MS), '-o', dir], {
    cwd: REPO,
    timeout: SCENARIO_TIMEOUT_MS * 2,
    maxBuffer: 16 * 1024 * 1024,
  }).catch(() => undefined); // a failing scenario exits non-zero: its checks say which
  const checks = readChecks(dir);
  const failed = checks.filter((check) => check.status === 'FAILURE').map((check) => check.id ?? check.name ?? '?');
  return { passed: checks.length > 0 && failed.length === 0, failed: checks.length ? failed : ['no checks recorded'] };
}

function readChecks(dir: string): Array<{ id?: string; name?: string; status: string }> {
  if (!existsSync(dir)) return [];
  const found: Array<{ id?: string; name?: string; status: string }> = [];
  const visit = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(join(path, entry.name));
      else if (entry.name === 'checks.json') found.push(...(JSON.parse(readFileSync(join(path, entry.name), 'utf8')) as typeof found));
    }
  };
  visit(dir);
  return found;
}

/** Not part of a plain `npm run bench`: it installs Node 22 and the suite, and takes minutes. */
export const onlyWhenNamed = true;

export default async function bench(): Promise<void> {
  await install();
  const { stdout: version } = await run(NODE22, ['--version']);
  const scenarios = await clientScenarios();
  const outputDir = mkdtempSync(join(tmpdir(), 'synapse-conformance-results-'));
  const failures: string[] = [];
  try {
    for (const scenario of scenarios) {
      const { passed, failed } = await runScenario(scenario, outputDir);
      console.log(`  ${passed ? 'pass' : 'FAIL'}  ${scenario}${passed ? '' : `  (${failed.join(', ')})`}`);
      if (!passed) failures.push(scenario);
    }
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
  console.log(`MCP conformance, client scenarios (suite 0.1.x on Node ${version.trim()}): ${scenarios.length - failures.length} / ${scenarios.length} passed`);
  if (failures.length) console.log(`failing: ${failures.join(', ')}`);
}
