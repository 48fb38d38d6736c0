import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createExtensions, type Extensions, type ExtensionsOptions } from '../../src';
import { EVERYTHING_SERVER, FILESYSTEM_SERVER, MCP_TAP, ODD_SERVER, processesWith } from './mcp-servers';
import { ToolsContext } from './tools-context';
import type { SynapseWorld } from './world';

/** Where a scenario's MCP config file lives: named with --mcp-config, the project's, or the user's. */
export type ConfigPlace = 'explicit' | 'project' | 'home';

/** Where a scenario's skill lives: --skills-dir, `<cwd>/.agents/skills`, `~/.agents/skills`, `~/.synapse/skills`. */
export type SkillPlace = 'explicit' | 'project' | 'home-agents' | 'home-synapse';

const REPO = join(__dirname, '..', '..');

/**
 * The extension layer of a scenario: MCP config files and skill folders in its temp directory (its own
 * project dir and HOME, so nothing of the machine's leaks in), real servers from npm whose command lines
 * carry a per-scenario marker (found with pgrep whatever started them), and the Extensions built from them
 * on first use. The scenario's BashRouter (ToolsContext) routes mcp:* and skill:* to it.
 */
export class ExtensionsContext {
  readonly marker = `synapse-scenario-${randomBytes(6).toString('hex')}`;
  readonly configs: Record<ConfigPlace, Record<string, unknown>> = { explicit: {}, project: {}, home: {} };
  readonly skillsDirs: string[] = [];
  options: Partial<ExtensionsOptions> = {};
  private built?: Promise<Extensions>;

  constructor(private readonly world: SynapseWorld) {
    // Registered first, so it runs last: whatever a failing scenario left running is ended all the same.
    world.onCleanup(async () => {
      for (const pid of await processesWith(this.marker)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    });
    // The router asks for the extensions only when a command needs them, after every Given has arranged them.
    world.use(ToolsContext).routerOptions.extensions = {
      mcp: async (target, args, options) => (await this.extensions()).handlers.mcp!(target, args, options),
      skill: async (target, args, options) => (await this.extensions()).handlers.skill!(target, args, options),
      skillCatalog: async (request) => (await this.extensions()).handlers.skillCatalog!(request),
    };
  }

  /** The project directory (the router's working directory). */
  workspace(): Promise<string> {
    return this.world.tempDir();
  }

  async home(): Promise<string> {
    const home = join(await this.world.tempDir(), '.home');
    await mkdir(home, { recursive: true });
    return home;
  }

  async configFile(place: ConfigPlace): Promise<string> {
    if (place === 'explicit') return join(await this.world.tempDir(), '.config', 'servers.json');
    if (place === 'project') return join(await this.workspace(), 'mcp_servers.json');
    return join(await this.home(), '.synapse', 'mcp', 'mcp_servers.json');
  }

  /** A stdio server from npm (or the odd one in fixtures/), its command line marked as this scenario's. */
  stdioServer(kind: 'everything' | 'filesystem' | 'odd', root?: string, tapLog?: string): Record<string, unknown> {
    const server = kind === 'everything' ? [EVERYTHING_SERVER, 'stdio'] : kind === 'odd' ? [ODD_SERVER] : [FILESYSTEM_SERVER, root!];
    const args = [`--disable-warning=${this.marker}`, ...(tapLog ? [MCP_TAP, tapLog, process.execPath, ...server] : server)];
    return { command: process.execPath, args };
  }

  /** Adds a server to one of the config files (written before the extensions are built). */
  async addServer(place: ConfigPlace, name: string, server: unknown): Promise<void> {
    this.configs[place][name] = server;
    await this.writeConfig(place, JSON.stringify({ mcpServers: this.configs[place] }, null, 2));
  }

  async writeConfig(place: ConfigPlace, text: string): Promise<void> {
    const file = await this.configFile(place);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }

  /** The demo skills shipped in fixtures/skills. */
  readonly demoSkills = join(REPO, 'fixtures', 'skills');

  async skillDir(place: SkillPlace): Promise<string> {
    if (place === 'explicit') return join(await this.world.tempDir(), '.skills');
    if (place === 'project') return join(await this.workspace(), '.agents', 'skills');
    return place === 'home-agents' ? join(await this.home(), '.agents', 'skills') : join(await this.home(), '.synapse', 'skills');
  }

  /** Writes `<dir>/<folder>/SKILL.md` (and any other files, relative to the folder) where `place` says. */
  async addSkill(place: SkillPlace, folder: string, skillMd: string, files: Record<string, string> = {}): Promise<void> {
    const dir = await this.skillDir(place);
    if (place === 'explicit' && !this.skillsDirs.includes(dir)) this.skillsDirs.push(dir);
    for (const [path, content] of Object.entries({ 'SKILL.md': skillMd, ...files })) {
      await mkdir(dirname(join(dir, folder, path)), { recursive: true });
      await writeFile(join(dir, folder, path), content);
    }
  }

  /** The scenario's Extensions, built on first use (once, whoever asks first) and closed after the scenario. */
  extensions(): Promise<Extensions> {
    this.built ??= this.separateExtensions();
    return this.built;
  }

  /** Another Extensions over the same files and HOME (what another process would see), closed after the scenario. */
  async separateExtensions(): Promise<Extensions> {
    const explicit = Object.keys(this.configs.explicit).length ? [await this.configFile('explicit')] : [];
    const extensions = createExtensions({ cwd: await this.workspace(), home: await this.home(), mcpConfig: explicit, skillsDirs: this.skillsDirs, ...this.options });
    this.world.onCleanup(() => extensions.close());
    return extensions;
  }

  /** A text of a feature with the scenario's paths put in ({node}, {marker}, {everything}, {workspace}, {skills}...). */
  async expand(text: string): Promise<string> {
    const values: Record<string, string> = {
      '{node}': process.execPath,
      '{marker}': `--disable-warning=${this.marker}`,
      '{everything}': EVERYTHING_SERVER,
      '{filesystem}': FILESYSTEM_SERVER,
      '{odd}': ODD_SERVER,
      '{workspace}': await this.workspace(),
      '{explicit}': await this.configFile('explicit'),
      '{project}': await this.configFile('project'),
      '{home}': await this.home(),
      '{skills}': this.demoSkills,
      '{explicit-skills}': await this.skillDir('explicit'),
      '{project-skills}': await this.skillDir('project'),
    };
    return text.replace(/\{[a-z-]+\}/g, (placeholder) => values[placeholder] ?? placeholder);
  }

  /** Live processes started from this scenario's server configurations. */
  serverProcesses(): Promise<number[]> {
    return processesWith(this.marker);
  }
}
