import { editArguments } from '../tools/agent-commands/edit-command';
import { tokenizeShellLine } from '../tools/shell-tokenizer';
import type { ToolResult } from '../tools/types';
import { visibleText } from '../visible-text';
import { oneLineCommand, type Style } from './terminal-style';

/** Lines of a command's output shown under it; the rest is counted ("+N lines"). */
const PREVIEW_LINES = 4;
/** Lines of stderr shown when a command failed. */
const STDERR_TAIL = 5;
const DIFF_LINES = 8;
const WIDTH = 160;

/**
 * What people see of a finished tool call: ✓ or ✗ with its summary and duration, a few lines of its output
 * (with how many were left out), the tail of stderr when it failed, and the change an `edit` or `write`
 * made, as a small diff. Plain text when the style is off.
 */
export function toolActivityLines(command: string | undefined, result: ToolResult, durationMs: number, style: Style): string[] {
  const interrupted = result.extras?.exitCode === 130 || /^Command interrupted/m.test(result.output);
  const took = durationMs >= 1000 ? ` (${(durationMs / 1000).toFixed(1)}s)` : '';
  if (interrupted) return [`${style.yellow('⏹')} interrupted${took}`];
  const brief = result.brief === undefined ? undefined : visibleText(result.brief);
  const head = result.isError ? `${style.red('✗')} ${brief ?? 'failed'}${took}` : `${style.green('✓')} ${style.dim(`${brief ?? 'done'}${took}`)}`;
  const { stdout, stderr } = splitOutput(result.output);
  const lines = [head];
  const diff = result.isError ? [] : changeOf(command);
  if (diff.length) lines.push(...diff.map((line) => (line.startsWith('+') ? style.green(line) : line.startsWith('-') ? style.red(line) : style.dim(line))).map(indent));
  else lines.push(...preview(afterSummary(stdout, result.brief), PREVIEW_LINES, style));
  if (result.isError && stderr.trim()) lines.push(...tail(stderr, STDERR_TAIL, style).map((line) => style.red(line)));
  return lines;
}

/** stdout and the `[stderr]` section the Bash tool appends. */
function splitOutput(output: string): { stdout: string; stderr: string } {
  const at = output.search(/(^|\n)\[stderr\]\n/);
  if (at < 0) return { stdout: output, stderr: '' };
  const start = output.indexOf('[stderr]\n', at) + '[stderr]\n'.length;
  return { stdout: output.slice(0, at), stderr: output.slice(start) };
}

/** The output without its first line when that line is the summary already (shown on the ✓ line). */
function afterSummary(stdout: string, brief: string | undefined): string {
  const lines = stdout.split('\n');
  const first = lines.findIndex((line) => line.trim());
  return first >= 0 && lines[first]!.trim() === brief?.trim() ? lines.slice(first + 1).join('\n') : stdout;
}

function nonEmptyLines(text: string): string[] {
  return text
    .replace(/\n+$/, '')
    .split('\n')
    .filter((line, i, all) => line.trim() || (i > 0 && i < all.length - 1));
}

function preview(text: string, count: number, style: Style): string[] {
  const lines = text.trim() ? nonEmptyLines(text) : [];
  const shown = lines.slice(0, count).map((line) => indent(clip(line)));
  if (lines.length > count) shown.push(indent(style.dim(`… +${lines.length - count} lines`)));
  return shown.map((line) => style.dim(line));
}

function tail(text: string, count: number, style: Style): string[] {
  const lines = nonEmptyLines(text);
  const shown = lines.slice(-count).map((line) => indent(clip(line)));
  return lines.length > count ? [indent(style.dim(`… ${lines.length - count} earlier lines`)), ...shown] : shown;
}

/** The change of `edit <path> <old> <new> [--all]` or `write <path> <content>`, read from the command itself. */
function changeOf(command: string | undefined): string[] {
  const match = /^\s*(edit|write)\s/.exec(command ?? '');
  if (!match || /<<-?\s*['"]?\w+/.test(command!)) return heredocWrite(command);
  let words: string[];
  try {
    const tokenized = tokenizeShellLine(command!);
    if (tokenized.operators.length) return [];
    words = tokenized.words;
  } catch {
    return [];
  }
  if (match[1] === 'edit') return editChange(words.slice(1));
  if (match[1] === 'write' && words.length === 3) return bounded(lines('+', words[2]!));
  return [];
}

/** What edit replaces, read as edit reads its arguments (--all first or last); nothing for a usage mistake. */
function editChange(args: string[]): string[] {
  try {
    const { oldText, newText } = editArguments(args);
    return bounded([...lines('-', oldText), ...lines('+', newText)]);
  } catch {
    return [];
  }
}

/** `write <path> <<'EOF'` ... `EOF`: the lines in between. */
function heredocWrite(command: string | undefined): string[] {
  const match = /^\s*write\s+\S+\s*<<-?\s*['"]?(\w+)['"]?\n([\s\S]*?)\n\1\s*$/.exec(command ?? '');
  return match ? bounded(lines('+', match[2]!)) : [];
}

function lines(sign: '+' | '-', text: string): string[] {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => `${sign} ${clip(line)}`);
}

function bounded(diff: string[]): string[] {
  return diff.length > DIFF_LINES ? [...diff.slice(0, DIFF_LINES), `  … +${diff.length - DIFF_LINES} lines`] : diff;
}

/** One line of a tool's output or of a change: its control characters made visible, cut to the width. */
function clip(text: string): string {
  const line = visibleText(text);
  return line.length > WIDTH ? `${line.slice(0, WIDTH - 1)}…` : line;
}

function indent(line: string): string {
  return `  ${line}`;
}

/** `explore: find the configs`, from `task:explore --description "find the configs" ...`. */
export function taskLabel(command: string | undefined, description: string | undefined): string {
  const type = /^\s*task:([\w-]+)/.exec(command ?? '')?.[1] ?? 'task';
  return `${type}: ${description === undefined ? oneLineCommand(command ?? '', 60) : visibleText(description)}`;
}
