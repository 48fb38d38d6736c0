#!/usr/bin/env node
// The `synapse` executable: a thin entry; everything lives in src/cli/.
import { main } from './cli/main';

// A reader that goes away (`synapse run ... | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2)).then(
  // Exit explicitly once stdout has drained: a shell or timer left behind must not keep the CLI alive.
  (code) => process.stdout.write('', () => process.exit(code)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
