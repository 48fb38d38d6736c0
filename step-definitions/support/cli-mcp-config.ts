import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliContext } from './cli-context';
import type { SynapseWorld } from './world';

/** The servers each CLI config file of a scenario defines so far. */
const configs = new WeakMap<SynapseWorld, Map<string, Record<string, unknown>>>();

/** Adds a server to an MCP config file in the CLI's working directory (the file is rewritten whole). */
export async function addCliServer(world: SynapseWorld, file: string, name: string, server: unknown): Promise<void> {
  if (!configs.has(world)) configs.set(world, new Map());
  const servers = configs.get(world)!.get(file) ?? {};
  servers[name] = server;
  configs.get(world)!.set(file, servers);
  await writeFile(join(await world.use(CliContext).dir('work'), file), JSON.stringify({ mcpServers: servers }, null, 2));
}
