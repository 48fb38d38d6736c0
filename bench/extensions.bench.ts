// `npm run bench extensions` (issue 10): an mcp:<server>:echo round trip through the router on a warm stdio
// server (target median <= 5 ms), skill:search over 1,000 generated skills (<= 20 ms), and the catalog scan
// of 1,000 skill folders (<= 200 ms); issue 26: the system prompt of a run start with 3 uncached stdio servers
// (server-everything x 3, started together within the start deadline: <= 1500 ms).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BashRouter, createExtensions, SkillLibrary } from '../src';
import { median, time } from './timing';

const ECHO_ITERATIONS = 500;
const SEARCH_ITERATIONS = 200;
const SCANS = 10;
const SKILLS = 1000;
const TARGETS = { echo: 5, search: 20, scan: 200, start: 1500 };

const WORDS = (
  'deploy build test lint format release docker kubernetes terraform database migrate backup restore monitor alert log trace ' +
  'metric cache queue email invoice report chart pdf image resize compress archive translate summarize review refactor ' +
  'document diagram spreadsheet csv json yaml markdown api client server auth token secret rotate audit security scan'
).split(' ');

/** A deterministic word sequence (a small LCG), so every run indexes the same text. */
function words(seed: number, count: number): string {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return WORDS[state % WORDS.length];
  }).join(' ');
}

async function generateSkills(dir: string): Promise<void> {
  for (let i = 0; i < SKILLS; i++) {
    const name = `skill-${String(i).padStart(4, '0')}`;
    const description = `Helps with ${words(i + 1, 12)}. Use when asked to ${words(i + 7, 6)}.`;
    const body = `# ${name}\n\n${words(i + 13, 400)}\n`;
    await mkdir(join(dir, name), { recursive: true });
    await writeFile(join(dir, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n${body}`);
  }
}

const verdict = (value: number, target: number) => `(target <= ${target} ms: ${value <= target ? 'met' : 'NOT met'})`;

async function mcpEcho(work: string): Promise<void> {
  const server = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  await writeFile(join(work, 'mcp_servers.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [server, 'stdio'] } } }));
  const extensions = createExtensions({ cwd: work, home: work, trustProject: true });
  const router = new BashRouter({ cwd: work, extensions: extensions.handlers });
  try {
    const started = process.hrtime.bigint();
    const first = await router.route('mcp:everything:echo {"message": "cold"}');
    const cold = Number(process.hrtime.bigint() - started) / 1e6;
    if (first.exitCode !== 0) throw new Error(`echo failed: ${first.stderr}`);
    await time(50, () => router.route('mcp:everything:echo {"message": "warm-up"}'));
    const warm = median(await time(ECHO_ITERATIONS, () => router.route('mcp:everything:echo {"message": "hi"}')));
    console.log(`mcp:everything:echo, first call (starts the server)   ${cold.toFixed(0)} ms`);
    console.log(`mcp:everything:echo, warm stdio server   median ${warm.toFixed(3)} ms over ${ECHO_ITERATIONS}  ${verdict(warm, TARGETS.echo)}`);
  } finally {
    await router.close();
    await extensions.close();
  }
}

async function runStart(work: string): Promise<void> {
  const server = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  const servers = Object.fromEntries(['a', 'b', 'c'].map((name) => [name, { command: process.execPath, args: [server, 'stdio'] }]));
  const dir = join(work, 'start');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'mcp_servers.json'), JSON.stringify({ mcpServers: servers }));
  const extensions = createExtensions({ cwd: dir, home: dir, mcpToolsCache: false });
  try {
    const started = process.hrtime.bigint();
    const prompt = await extensions.promptSection();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const listed = prompt.split('\n').filter((line) => /^- [abc]: echo, /.test(line)).length;
    console.log(`run start, 3 uncached server-everything: system prompt ready in ${ms.toFixed(0)} ms with ${listed}/3 servers' tools listed  ${verdict(ms, TARGETS.start)}`);
  } finally {
    await extensions.close();
  }
}

async function skills(work: string): Promise<void> {
  const dir = join(work, 'skills');
  await generateSkills(dir);
  await new SkillLibrary([dir]).load(); // warm the file cache once
  const cpuBefore = process.cpuUsage();
  const scan = median(await time(SCANS, () => new SkillLibrary([dir]).load()));
  const cpu = process.cpuUsage(cpuBefore);
  // CPU time too: on a shared machine the wall time says as much about the neighbours as about the scan.
  const cpuPerScan = (cpu.user + cpu.system) / 1000 / SCANS;
  console.log(`catalog scan of ${SKILLS} skill folders   median ${scan.toFixed(1)} ms over ${SCANS} (CPU ${cpuPerScan.toFixed(1)} ms per scan)  ${verdict(scan, TARGETS.scan)}`);

  const extensions = createExtensions({ cwd: work, home: work, skillsDirs: [dir] });
  const router = new BashRouter({ cwd: work, extensions: extensions.handlers });
  try {
    const started = process.hrtime.bigint();
    await router.route('skill:search docker deploy');
    const first = Number(process.hrtime.bigint() - started) / 1e6;
    const queries = ['docker deploy', 'rotate secrets audit', 'resize images', 'summarize markdown report', 'kubernete', 'csv to json'];
    let next = 0;
    const search = median(await time(SEARCH_ITERATIONS, () => router.route(`skill:search ${queries[next++ % queries.length]}`)));
    console.log(`skill:search over ${SKILLS} skills, first (scan + index)   ${first.toFixed(0)} ms`);
    console.log(`skill:search over ${SKILLS} skills   median ${search.toFixed(2)} ms over ${SEARCH_ITERATIONS}  ${verdict(search, TARGETS.search)}`);
  } finally {
    await router.close();
    await extensions.close();
  }
}

export default async function (): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'synapse-bench-extensions-'));
  try {
    await mcpEcho(work);
    await runStart(work);
    await skills(work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
