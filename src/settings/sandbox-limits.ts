import { z } from 'zod';

// The resource limits of tools/security (DEFAULT_RESOURCE_LIMITS): settings sit below tools, so the defaults
// are repeated here for the one thing settings need them for, judging whether a project file lowers a limit.
const DEFAULTS = { processes: 1024, memory: 4 * 1024 ** 3, fileSize: 4 * 1024 ** 3, cpu: 600 } as const;
export type SandboxLimitKey = keyof typeof DEFAULTS;

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };
const SIZE = /^(\d+)\s*([kmgt]?)(?:i?b)?$/i;

const none = z.literal('none');
const count = z.union([z.number().int().positive(), z.string().regex(/^\d+$/, 'expected a whole number or none'), none]);
const size = z.union([z.number().int().positive(), z.string().regex(SIZE, 'expected a size such as 512M or 4G, or none'), none]);

/** `sandbox.limits`: what the `--limit-*` flags set, in the same words (`"512M"`, `64`, `"none"`); a flag wins. */
export const sandboxLimitsSchema = z.strictObject({ processes: count.optional(), memory: size.optional(), fileSize: size.optional(), cpu: count.optional() });
export type SandboxLimits = z.infer<typeof sandboxLimitsSchema>;

/** A limit as a number to compare (`none`: no limit at all). */
function amount(value: number | string): number {
  if (typeof value === 'number') return value;
  if (value === 'none') return Number.POSITIVE_INFINITY;
  const [, digits, unit] = SIZE.exec(value)!;
  return Number(digits) * UNITS[unit!.toLowerCase()]!;
}

/**
 * The limits an untrusted project file may set: only lower ones than those in force below it (the files
 * before it, else the defaults); `drop` is told each one left out.
 */
export function lowerLimitsOnly(project: SandboxLimits, below: SandboxLimits | undefined, drop: (key: string) => void): SandboxLimits {
  const kept: SandboxLimits = {};
  for (const key of Object.keys(project) as SandboxLimitKey[]) {
    const value = project[key]!;
    if (amount(value) <= amount(below?.[key] ?? DEFAULTS[key])) Object.assign(kept, { [key]: value });
    else drop(`sandbox.limits.${key} ${value}`);
  }
  return kept;
}
