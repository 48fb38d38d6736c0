import { visibleCommand, visibleText } from '../visible-text';

/** Colors only for a terminal that wants them: never when piped, when NO_COLOR is set, or on a dumb TERM. */
export function colorEnabled(stream: NodeJS.WriteStream): boolean {
  return Boolean(stream.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
}

export interface Style {
  readonly enabled: boolean;
  dim(text: string): string;
  bold(text: string): string;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

export function createStyle(enabled: boolean): Style {
  const wrap = (open: number, close: number) => (text: string) => (enabled ? `\x1b[${open}m${text}\x1b[${close}m` : text);
  return {
    enabled,
    dim: wrap(2, 22),
    bold: wrap(1, 22),
    green: wrap(32, 39),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}

/** A one-line preview of text that may be long, multi-line or hostile (its control characters made visible). */
export function oneLine(text: string, max = 120): string {
  const line = visibleText(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A command on one line, as it will run: every control and invisible character in it shown (tabs and joiners too). */
export function oneLineCommand(command: string, max = 120): string {
  return oneLine(visibleCommand(command), max);
}
