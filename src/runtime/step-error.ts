import type { StateError } from './types';

/**
 * The error carried by an `error` event: a real Error (callers test `instanceof Error`) that serializes
 * to `{ name, message }`, so a state holding it stays JSON.
 */
export class StepError extends Error {
  constructor(message: string, name = 'Error') {
    super(message);
    this.name = name;
  }

  static from(error: unknown): StepError {
    if (error instanceof StepError) return error;
    if (error instanceof Error) return new StepError(error.message, error.name);
    return new StepError(typeof error === 'string' ? error : JSON.stringify(error) ?? String(error));
  }

  toJSON(): StateError {
    return { name: this.name, message: this.message };
  }
}
