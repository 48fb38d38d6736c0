import type { ServerResponse } from 'node:http';
import type { AgentService } from './agent-service';

export interface EventStreamOptions {
  /** A comment line this often while nothing happens (keeps proxies and clients from timing out). */
  heartbeatMs: number;
}

/**
 * Streams an operation's events from the log after `afterId`: `id`, `event` and `data` lines per event, in
 * order, each once. New events wake the stream (the store's watch); a heartbeat also looks, in case a
 * wake-up was lost. Ends once the operation is done, failed or interrupted and everything was sent.
 */
export async function streamEvents(service: AgentService, operationId: string, afterId: number, response: ServerResponse, options: EventStreamOptions): Promise<void> {
  let last = afterId;
  let changed = true;
  let wake: (() => void) | undefined;
  const unwatch = service.watch(operationId, () => {
    changed = true;
    wake?.();
  });
  let closed = false;
  response.on('close', () => {
    closed = true;
    wake?.();
  });
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  response.flushHeaders();
  try {
    while (!closed) {
      changed = false;
      const events = await service.events(operationId, last);
      for (const event of events) {
        response.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
        last = event.id;
      }
      if (events.length) continue;
      // Settled and all sent: nothing more will come (a resume starts a new stream from Last-Event-ID).
      if (await service.isSettled(operationId)) break;
      if (!changed) await waitFor(options.heartbeatMs, (resolve) => (wake = resolve));
      wake = undefined;
      if (!changed && !closed) response.write(': heartbeat\n\n');
    }
  } catch {
    // The store went away mid-stream: the client reconnects with Last-Event-ID.
  } finally {
    unwatch();
    response.end();
  }
}

function waitFor(ms: number, register: (resolve: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    register(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
