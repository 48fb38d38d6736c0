import type { AddressInfo } from 'node:net';
import { AgentService } from '../service/agent-service';
import { parseAllowedHost, parseAllowedOrigin } from '../service/browser-boundary';
import { createHttpApi } from '../service/http-api';
import { redisOptionsFromUrl } from '../service/redis-options';
import { connectBackend } from '../service/service-backend';
import { createJsonLogger, type ServiceLogger } from '../service/service-log';
import { durationOption } from './duration-option';
import { visibleText } from '../visible-text';
import { CliError } from './exit-codes';
import { onInterrupt, interruptExitCode } from './interrupt';
import { wholeNumberOption } from './number-option';
import { loadPricingFile } from '../usage/pricing-file';
import type { PricingTable } from '../usage/pricing';
import { createRuntimeAgent } from './runtime-agent';
import { demoToolDefinitions, demoTools } from './runtime-demo-tools';
import { loadToolsModule } from './runtime-tools-module';
import type { ServeArgs, ServiceProcessArgs } from './serve-command';
import { resolveServeAuth } from './service-auth';
import { serviceModel } from './service-model';
import type { WorkerArgs } from './worker-command';

/** `synapse serve`: the API, and (unless --no-workers) step workers, until SIGINT / SIGTERM. */
export async function runServe(args: ServeArgs): Promise<number> {
  const port = wholeNumberOption(args.port, '--port', 0)!;
  const workers = args.workers === false ? 0 : wholeNumberOption(args.workers, '--workers', 1)!;
  if (!workers && !args.redisUrl) throw new CliError('--no-workers needs --redis-url: without Redis, nobody else can take the steps');
  const allowedOrigins = (args.allowOrigin ?? []).map((origin) => asCliError(() => parseAllowedOrigin(origin)));
  const allowedHosts = (args.allowHost ?? []).map((host) => asCliError(() => parseAllowedHost(host)));
  const auth = resolveServeAuth(args);
  const logger = createJsonLogger(args.logLevel, 'synapse serve');
  const { service, kind } = await startService(args, args.approve === 'all', logger);
  if (workers) service.startWorkers(workers);
  const onError = (error: unknown) => process.stderr.write(`synapse serve: internal error: ${visibleText(String((error as Error)?.message))}\n`);
  const server = createHttpApi(service, { token: auth.token, allowedOrigins, allowedHosts, logger, onError });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new CliError(`cannot listen on ${args.host}:${port}: ${error.message}`)));
    server.listen(port, args.host, resolve);
  });
  const address = server.address() as AddressInfo;
  const what = `${kind}, ${workers ? `${workers} worker${workers === 1 ? '' : 's'}` : 'no workers'}, ${auth.summary}`;
  process.stderr.write(`synapse serve: listening on http://${urlHost(address.address)}:${address.port} (${what})\n`);
  for (const line of auth.announce(`http://${urlHost(address.address, true)}:${address.port}`)) process.stderr.write(`${line}\n`);
  await untilInterrupted();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await service.close();
  return interruptExitCode();
}

/** An address as a URL writes it; `reachable`: the unspecified address (0.0.0.0, ::) as this machine reaches it. */
function urlHost(address: string, reachable = false): string {
  if (reachable && (address === '0.0.0.0' || address === '::')) return '127.0.0.1';
  return address.includes(':') ? `[${address}]` : address;
}

/** `synapse worker`: step workers on Redis, until SIGINT / SIGTERM (the steps running finish first). */
export async function runWorker(args: WorkerArgs): Promise<number> {
  const concurrency = wholeNumberOption(args.concurrency, '--concurrency', 1)!;
  const { service } = await startService(args, false, createJsonLogger(args.logLevel, 'synapse worker'));
  service.startWorkers(concurrency);
  process.stderr.write(`synapse worker: taking steps from ${args.redisUrl} (concurrency ${concurrency})\n`);
  await untilInterrupted();
  await service.close();
  return interruptExitCode();
}

async function startService(args: ServiceProcessArgs, autoApprove: boolean, logger: ServiceLogger | undefined) {
  const stalledIntervalMs = wholeNumberOption(args.stalledInterval, '--stalled-interval', 100);
  const retentionMs = durationOption(args.retention, '--retention');
  // The URL first: cheap to check, and the mistake worth naming before a missing model key.
  if (args.redisUrl) asCliError(() => redisOptionsFromUrl(args.redisUrl!));
  const tools = args.tools ? await loadToolsModule(args.tools) : { tools: demoTools, definitions: demoToolDefinitions };
  const { model, modelRuntime } = serviceModel(args);
  const backend = await connectBackend({
    redisUrl: args.redisUrl,
    // One knob: a dead worker's job lock and operation lock last as long as the interval between checks for them.
    ...(stalledIntervalMs ? { stalledIntervalMs, jobLockMs: stalledIntervalMs } : {}),
    ...(retentionMs ? { retentionMs } : {}),
    onError: reportOnce(),
  }).catch((error: Error) => {
    throw new CliError(error.message);
  });
  const service = new AgentService({
    ...backend,
    autoApprove,
    agentFor: (meta) => createRuntimeAgent({ model: meta.model ?? model, tools }),
    ...(stalledIntervalMs ? { lockTtlMs: stalledIntervalMs } : {}),
    ...(logger ? { logger } : {}),
    runtimeConfig: { modelRuntime, model, pricing: servicePricing() },
  });
  return { service, kind: backend.kind };
}

/** The prices of ~/.synapse/pricing.json (none when it is missing; a bad file is one warning and no prices). */
function servicePricing(): PricingTable {
  const { pricing, warning } = loadPricingFile();
  if (warning) process.stderr.write(`warning: ${visibleText(warning)}\n`);
  return pricing;
}

/** The queue's connection errors, one line per kind of error (Redis restarting says the same thing many times). */
function reportOnce(): (error: Error) => void {
  const seen = new Set<string>();
  return (error) => {
    if (seen.has(error.message)) return;
    seen.add(error.message);
    process.stderr.write(`synapse: ${visibleText(error.message)}\n`);
  };
}

/** A service's refusal (a bad URL, an unreachable Redis) as the CLI's bad input: one line, exit 2. */
function asCliError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}

function untilInterrupted(): Promise<void> {
  return new Promise((resolve) => onInterrupt(() => resolve()));
}
