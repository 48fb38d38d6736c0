#!/usr/bin/env node
// The `synapse` executable: a thin entry; everything lives in src/cli/.
import { packageVersion } from './cli/package-version';

// A reader that goes away (`synapse run ... | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  // Answered before the command parser (yargs and every command's flags) is even loaded.
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const { main } = require('./cli/main') as typeof import('./cli/main');
  main(argv).then(
    // Exit explicitly once stdout has drained: a shell or timer left behind must not keep the CLI alive.
    (code) => process.stdout.write('', () => process.exit(code)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
