// The client the official MCP conformance suite drives (bench/mcp-conformance.bench.ts): our MCP client
// (src/extensions/mcp, through createExtensions, as synapse uses it) against the scenario's server, given as
// the last argument. It logs in first when the server wants OAuth (the suite's authorization server approves
// at once: this process plays the browser), then lists the tools and calls each with arguments made from
// its schema, answering an elicitation by accepting (the SDK fills in the defaults).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExtensions } from '../src';

async function main(): Promise<void> {
  const url = process.argv.at(-1)!;
  const home = mkdtempSync(join(tmpdir(), 'synapse-conformance-'));
  const config = join(home, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { server: { url, type: 'http' } } }));
  const extensions = createExtensions({
    cwd: home,
    home,
    mcpConfig: [config],
    mcpToolsCache: false,
    mcpCallbacks: { elicit: async () => ({ action: 'accept', content: {} }) },
  });
  try {
    if ((process.env.MCP_CONFORMANCE_SCENARIO ?? '').startsWith('auth/')) {
      await extensions.mcp.login('server', { timeoutMs: 20_000, onAuthorizationUrl: (authorizationUrl) => playBrowser(authorizationUrl) });
    }
    const handler = extensions.handlers.mcp!;
    const options = { signal: new AbortController().signal, cwd: home, readOnly: false, runNative: async () => ({ stdout: '', stderr: '', exitCode: 1 }), writeFile: async () => undefined };
    for (const tool of (await extensions.mcp.list()).servers[0]?.tools ?? []) {
      const definition = await extensions.mcp.tool('server', tool.name);
      const result = await handler(`server:${tool.name}`, [JSON.stringify(argumentsFor(definition.inputSchema))], options);
      process.stdout.write(`${tool.name}: exit ${result.exitCode}\n${result.stdout}${result.stderr}`);
    }
    const [server] = (await extensions.mcp.list()).servers;
    if (server?.error) process.stderr.write(`${server.error}\n`);
  } finally {
    await extensions.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** The browser: the authorization endpoint redirects at once, and the redirect goes to our loopback callback. */
async function playBrowser(authorizationUrl: URL): Promise<void> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`the authorization endpoint answered ${response.status} without a redirect`);
  void fetch(location).catch(() => undefined);
}

/** Arguments that satisfy a schema's required properties: numbers 1 (and 2), strings "x", booleans true. */
function argumentsFor(schema: { properties?: Record<string, { type?: string }>; required?: string[] }): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  let number = 0;
  for (const name of schema.required ?? []) {
    const type = schema.properties?.[name]?.type;
    values[name] = type === 'number' || type === 'integer' ? ++number : type === 'boolean' ? true : 'x';
  }
  return values;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
