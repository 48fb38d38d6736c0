// npm run spec:check [-- --specs <dir>] [--next <dir>] [--features <dir>]: the drift check `npm test` runs.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkTranscriptions, formatTranscriptionCheck } from './check-transcriptions';
import { locateSpecs } from './specs-location';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { specs: { type: 'string' }, next: { type: 'string' }, features: { type: 'string', default: 'features' } } });
  const root = process.cwd();
  const env = values.specs ? { SYNAPSE_SPECS_DIR: values.specs, SYNAPSE_SPECS_NEXT_DIR: values.next } : { ...process.env, ...(values.next ? { SYNAPSE_SPECS_NEXT_DIR: values.next } : {}) };
  const location = locateSpecs(env, root);
  if ('error' in location) {
    process.stderr.write(`spec:check: ${location.error}; the transcriptions cannot be checked\n`);
    return 2;
  }
  const check = await checkTranscriptions(location.folders, resolve(root, values.features!));
  (check.ok ? process.stdout : process.stderr).write(`${formatTranscriptionCheck(check)}\n`);
  return check.ok ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`spec:check: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
