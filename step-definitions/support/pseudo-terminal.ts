import { spawn } from 'node:child_process';
import { quoteShellArg } from '../../src/tools/shell-quote';

export interface TerminalRun {
  /** Everything the terminal showed (stdout and stderr share it), ANSI sequences removed. */
  screen: string;
  exitCode: number | null;
}

/**
 * Runs a program on a real pseudo-terminal through util-linux `script`, so it sees a TTY on stdin,
 * stdout and stderr. When `prompt` shows up, `keys` are typed; the run then goes on to its end.
 */
export function runOnTerminal(argv: string[], options: { cwd: string; env: NodeJS.ProcessEnv; prompt: string; keys: string; timeoutMs?: number }): Promise<TerminalRun> {
  return runOnTerminalSteps(argv, { ...options, steps: [{ prompt: options.prompt, keys: options.keys }] });
}

/** As runOnTerminal, with several prompts in turn: each one's keys are typed once it shows up after the previous one. */
export function runOnTerminalSteps(argv: string[], options: { cwd: string; env: NodeJS.ProcessEnv; steps: Array<{ prompt: string; keys: string }>; timeoutMs?: number }): Promise<TerminalRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', argv.map(quoteShellArg).join(' '), '/dev/null'], {
      cwd: options.cwd,
      env: { TERM: 'xterm', COLUMNS: '120', LINES: '40', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let raw = '';
    let step = 0;
    /** Where on the screen the next prompt is looked for: after the previous one. */
    let from = 0;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the terminal run did not finish in time; the screen showed:\n${plain(raw)}`));
    }, options.timeoutMs ?? 60_000);
    const onOutput = (chunk: Buffer) => {
      raw += chunk.toString('utf8');
      const next = options.steps[step];
      const at = next ? plain(raw).indexOf(next.prompt, from) : -1;
      if (next && at >= 0) {
        step++;
        from = at + next.prompt.length;
        // Type after the prompt has rendered and started listening for keys.
        setTimeout(() => child.stdin.write(next.keys), 200);
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ screen: plain(raw), exitCode });
    });
  });
}

// ESC (\x1b) starts the escape sequences plain() strips:
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC [ ... final byte, a control sequence (colours, cursor moves)
const CONTROL_SEQUENCE = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC ( or ESC ) and a letter, a character set designation
const CHARSET_DESIGNATION = /\x1b[()][A-Z0-9]/g;

/** Terminal output without escape sequences and carriage returns. */
function plain(text: string): string {
  return text.replace(CONTROL_SEQUENCE, '').replace(CHARSET_DESIGNATION, '').replace(/\r/g, '');
}
