import type { ChatMessage } from '../llm';
import { quarantineFileFor, type QuarantineEntry } from './quarantine';
import { sanitizeHistory } from './sanitize-history';
import type { SessionLoadWarning } from './types';

/** What a repair did, for the events and messages that report it. */
export interface SessionRepair {
  /** Every line or message moved to quarantine, and where to. */
  quarantined: Array<{ file: QuarantineEntry['file']; line?: number; reason: string; quarantineFile: string }>;
  /** Tool calls that had no result and were answered with an "[interrupted]" result. */
  answeredCalls: string[];
  /** The words of a run's input the model never answered (the process died): kept in the history, not sent. */
  unansweredInput?: string;
}

export interface RepairPlan {
  entries: QuarantineEntry[];
  /** The history to write back, or undefined when it needs no change. */
  history?: ChatMessage[];
  /** Whether usage.jsonl must be rewritten without its unreadable lines. */
  rewriteUsage: boolean;
  report: SessionRepair;
}

/**
 * Decides how to repair a loaded session: unreadable lines go to quarantine byte for byte, messages that
 * break the tool-call protocol on their own terms go to quarantine as JSON, calls without a result get
 * one. Nothing readable and valid is dropped.
 */
export function planRepair(messages: readonly ChatMessage[], unreadable: readonly QuarantineEntry[], sources: ReadonlyMap<ChatMessage, { line: number; raw: Buffer }> = new Map()): RepairPlan {
  const { messages: repaired, removed, added } = sanitizeHistory(messages);
  const entries: QuarantineEntry[] = [
    ...unreadable,
    ...removed.map(({ index, reason, detail }) => {
      const source = sources.get(messages[index]!);
      return {
        file: 'history.jsonl' as const,
        ...(source ? { line: source.line } : {}),
        reason: `removed by the history repair (${reason}): ${detail}`,
        raw: source?.raw ?? Buffer.from(JSON.stringify(messages[index])),
      };
    }),
  ];
  entries.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  const historyChanged = unreadable.some((entry) => entry.file === 'history.jsonl') || removed.length > 0 || added.length > 0;
  return {
    entries,
    history: historyChanged ? repaired : undefined,
    rewriteUsage: unreadable.some((entry) => entry.file === 'usage.jsonl'),
    report: {
      quarantined: entries.map(({ file, line, reason }) => ({ file, ...(line !== undefined ? { line } : {}), reason, quarantineFile: quarantineFileFor(file) })),
      answeredCalls: added.map((entry) => entry.toolCallId),
    },
  };
}

/** The repair as load warnings, one per thing done, in the shape every surface already prints. */
export function repairWarnings(report: SessionRepair): SessionLoadWarning[] {
  return [
    ...report.quarantined.map(({ file, line, reason, quarantineFile }) => ({
      file,
      ...(line !== undefined ? { line } : {}),
      message: `${reason}; kept in ${quarantineFile}`,
      quarantineFile,
    })),
    ...report.answeredCalls.map((id) => ({
      file: 'history.jsonl' as const,
      message: `tool call ${id} had no result; answered with an "[interrupted]" result`,
    })),
    ...(report.unansweredInput === undefined
      ? []
      : [
          {
            file: 'pending-input.json' as const,
            message: `the last run ended before the model answered "${oneLine(report.unansweredInput)}"; the input is kept in the session (sessions show) and not sent to the model`,
          },
        ]),
  ];
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
