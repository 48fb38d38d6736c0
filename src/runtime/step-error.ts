import { inspect } from 'node:util';
import type { StateError } from './types';

const MAX_DESCRIPTION = 1000;

/**
 * The error carried by an `error` event: a real Error (callers test `instanceof Error`) that serializes
 * to `{ name, message }`, so a state holding it stays JSON. `from` accepts anything that was thrown,
 * including values that cannot be stringified (BigInt, cycles, throwing getters, hostile proxies).
 */
export class StepError extends Error {
  constructor(message: string, name = 'Error') {
    super(message);
    this.name = name;
  }

  static from(thrown: unknown): StepError {
    try {
      if (thrown instanceof Error) {
        return new StepError(readText(() => thrown.message) ?? '(the error message could not be read)', readText(() => thrown.name) || 'Error');
      }
      return new StepError(typeof thrown === 'string' ? thrown : `A non-error value was thrown: ${describeValue(thrown)}`);
    } catch {
      return new StepError('A value was thrown that cannot be described');
    }
  }

  toJSON(): StateError {
    return { name: this.name, message: this.message };
  }
}

function readText(read: () => unknown): string | undefined {
  try {
    const value = read();
    return typeof value === 'string' ? value : value === undefined ? undefined : describeValue(value);
  } catch {
    // unreadable: the caller says so
  }
  return undefined;
}

/** JSON when it can be, else util.inspect (cycles, BigInt, symbols). */
function describeValue(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // not JSON: cycles, BigInt, throwing toJSON
  }
  // inspect reads no getters and runs no custom inspector; a hostile proxy that still breaks it is caught by the caller.
  text ??= inspect(value, { depth: 2, breakLength: Infinity, getters: false, customInspect: false });
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}
