import type { CommandModule } from 'yargs';
import type { GlobalArgs } from './global-options';
import { LOG_LEVELS, type LogLevel } from '../service/service-log';
import { modelOptions, type ModelArgs } from './model-options';

export interface ServiceProcessArgs extends GlobalArgs, ModelArgs {
  redisUrl?: string;
  tools?: string;
  stalledInterval?: string;
  retention?: string;
  logLevel: LogLevel;
}

export interface ServeArgs extends ServiceProcessArgs {
  port: string;
  host: string;
  /** A count, or false for --no-workers. */
  workers: string | false;
  approve?: 'all';
  token?: string;
  /** False for --no-auth. */
  auth: boolean;
  allowOrigin?: string[];
  allowHost?: string[];
}

/** What `serve` and `worker` share: where the work is, what tools and model a step uses. */
export const serviceOptions = {
  'redis-url': { type: 'string', describe: 'Share operations and steps through Redis (redis://host:port[/db]); without it, one process does everything' },
  tools: { type: 'string', describe: 'Load the tools from this JS module (exports `tools`, as for synapse runtime --tools)' },
  'stalled-interval': { type: 'string', describe: "Milliseconds between checks for a dead worker's steps (with --redis-url)", defaultDescription: '5000' },
  retention: { type: 'string', describe: 'How long an ended operation (done, error, interrupted) is kept before it is removed: 90s, 12h, 7d...', defaultDescription: '7d' },
  'log-level': { choices: LOG_LEVELS, default: 'info' as LogLevel, describe: 'JSON log lines on stderr, one per request and per step; silent: none' },
} as const;

/** `synapse serve`: the AgentRuntime as an HTTP service. */
export const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: 'Run the AgentRuntime as an HTTP service: operations, approvals, event streams',
  builder: (yargs) =>
    yargs
      .options(modelOptions)
      .options(serviceOptions)
      .options({
        port: { type: 'string', default: '8787', describe: 'Port to listen on' },
        host: { type: 'string', default: '127.0.0.1', describe: 'Address to listen on' },
        workers: { type: 'string', default: '1', describe: 'Step workers in this process (--no-workers: only the API; needs --redis-url)' },
        approve: { choices: ['all'] as const, describe: "Run every operation's tool calls without asking (the server's policy; a request cannot set it)" },
        token: { type: 'string', describe: 'The bearer token requests must send (also $SYNAPSE_SERVICE_TOKEN)', defaultDescription: 'generated once, kept in ~/.synapse/service-token' },
        auth: { type: 'boolean', default: true, describe: 'Require the bearer token; --no-auth only with --host 127.0.0.1 (or another loopback address)' },
        'allow-origin': { type: 'string', array: true, describe: 'A web origin (http://localhost:3000) whose pages may call the API: CORS consent (repeatable)' },
        'allow-host': { type: 'string', array: true, describe: 'A host name the API answers to besides localhost and its own address: a proxy, a container name (repeatable)' },
      })
      .example('$0 serve --fixture fixtures/runtime-weather.json', 'one process, no Redis: http://127.0.0.1:8787/v1/operations (prints the token to send)')
      .example('$0 serve --redis-url redis://127.0.0.1:6379 --no-workers', 'the API only; synapse worker processes take the steps') as never,
  handler: async (args) => {
    const { runServe } = require('./service-process') as typeof import('./service-process');
    process.exitCode = await runServe(args);
  },
};
