import type { CommandModule } from 'yargs';
import { modelOptions } from './model-options';
import { serviceOptions, type ServiceProcessArgs } from './serve-command';

export interface WorkerArgs extends ServiceProcessArgs {
  concurrency: string;
}

/** `synapse worker`: takes the steps of a service's operations from Redis. */
export const workerCommand: CommandModule<object, WorkerArgs> = {
  command: 'worker',
  describe: "Take the steps of synapse serve's operations from Redis (run as many as you like, anywhere)",
  builder: (yargs) =>
    yargs
      .options(modelOptions)
      .options(serviceOptions)
      .options({ concurrency: { type: 'string', default: '1', describe: 'Steps this worker runs at once' } })
      .demandOption('redis-url', 'a worker takes its steps from Redis: pass --redis-url redis://host:port')
      .example('$0 worker --redis-url redis://127.0.0.1:6379 --fixture fixtures/runtime-weather.json', 'an offline worker') as never,
  handler: async (args) => {
    const { runWorker } = require('./service-process') as typeof import('./service-process');
    process.exitCode = await runWorker(args);
  },
};
