import type { ResourceLimits } from '../tools/security/resource-limits';
import { CliError } from './exit-codes';

export interface LimitArgs {
  limitProcesses?: string;
  limitMemory?: string;
  limitFileSize?: string;
  limitCpu?: string;
}

const value = { type: 'string', requiresArg: true } as const;

/** The resource-limit flags of `run` and `exec` (part of the security flags). */
export const limitOptions = {
  'limit-processes': { ...value, describe: 'Processes the sandbox may run at once, or none (needs a writable cgroup)', defaultDescription: '1024' },
  'limit-memory': { ...value, describe: 'Memory per process and, with a writable cgroup, for the whole sandbox: 512M, 4G, or none', defaultDescription: '4G' },
  'limit-file-size': { ...value, describe: 'Largest file a command may write: 100M, 4G, or none', defaultDescription: '4G' },
  'limit-cpu': { ...value, describe: 'CPU seconds per process, or none', defaultDescription: '600' },
} as const;

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** The limits the flags set (absent flags leave the library's defaults), or a one-line error naming the flag. */
export function resourceLimitsFromFlags(args: LimitArgs): Partial<ResourceLimits> {
  return {
    processes: parse(args.limitProcesses, '--limit-processes', 'a whole number of processes', /^(\d+)()$/),
    memoryBytes: parse(args.limitMemory, '--limit-memory', 'a size such as 512M or 4G', SIZE),
    fileSizeBytes: parse(args.limitFileSize, '--limit-file-size', 'a size such as 100M or 4G', SIZE),
    cpuSeconds: parse(args.limitCpu, '--limit-cpu', 'a whole number of seconds', /^(\d+)()$/),
  };
}

const SIZE = /^(\d+)\s*([kmgt]?)(?:i?b)?$/i;

function parse(given: string | string[] | undefined, flag: string, expected: string, pattern: RegExp): number | null | undefined {
  const text = (Array.isArray(given) ? given.at(-1) : given)?.trim();
  if (text === undefined) return undefined;
  if (text.toLowerCase() === 'none') return null;
  const match = pattern.exec(text);
  const number = match ? Number(match[1]) * UNITS[match[2]!.toLowerCase()]! : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) throw new CliError(`${flag} must be ${expected}, or none (got ${JSON.stringify(text)})`);
  return number;
}
