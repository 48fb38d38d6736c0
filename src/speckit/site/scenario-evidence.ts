import { Query } from '@cucumber/query';
import type { Attachment, Envelope, TestStepResult } from '@cucumber/messages';
import { lastAttempts } from '../conformance-report';

/** One step (or a hook that did not pass) of a scenario's last attempt. */
export interface EvidenceStep {
  /** `Given ` ... for a step, `Before` / `After` for a hook. */
  keyword: string;
  text: string;
  status: string;
  durationMs: number;
  /** The failure's message (an assertion, an exception), when there is one. */
  message?: string;
}

export interface EvidenceAttachment {
  /** The step it was attached under (`Then ...`), or the hook. */
  step: string;
  name?: string;
  mediaType: string;
  /** Text as it was attached, or base64 (see `base64`). */
  body: string;
  base64: boolean;
}

/** What a scenario did in the run: its steps with their results, and what it attached (the "What happened" narration). */
export interface ScenarioEvidence {
  steps: EvidenceStep[];
  attachments: EvidenceAttachment[];
}

/** The key of a scenario: its feature file and the line of its `Scenario:`. */
export function scenarioKey(uri: string, line: number): string {
  return `${uri}:${line}`;
}

/** The evidence of every scenario that ran (its last attempt), by `scenarioKey`. */
export function collectEvidence(envelopes: readonly Envelope[]): Map<string, ScenarioEvidence> {
  const query = new Query();
  for (const envelope of envelopes) query.update(envelope);
  const evidence = new Map<string, ScenarioEvidence>();
  for (const started of lastAttempts(query)) {
    const pickle = query.findPickleBy(started)!;
    const steps: EvidenceStep[] = [];
    const attachments: EvidenceAttachment[] = [];
    for (const [finished, testStep] of query.findTestStepFinishedAndTestStepBy(started)) {
      const pickleStep = query.findPickleStepBy(testStep);
      const hook = pickleStep ? undefined : query.findHookBy(testStep);
      const keyword = pickleStep ? (query.findStepBy(pickleStep)?.keyword ?? '') : hook?.type?.startsWith('AFTER') ? 'After' : 'Before';
      const step = { keyword, text: pickleStep?.text ?? hook?.name ?? hook?.sourceReference.uri ?? '', ...result(finished.testStepResult) };
      // Hooks are plumbing: shown only when they did not pass or attached something.
      const attached = query.findAttachmentsBy(finished).map((attachment) => evidenceAttachment(attachment, `${step.keyword.trim()} ${step.text}`));
      if (pickleStep || step.status !== 'passed' || attached.length) steps.push(step);
      attachments.push(...attached);
    }
    evidence.set(scenarioKey(pickle.uri, query.findLocationOf(pickle)?.line ?? 0), { steps, attachments });
  }
  return evidence;
}

function result(testStepResult: TestStepResult): Pick<EvidenceStep, 'status' | 'durationMs' | 'message'> {
  const { duration, status } = testStepResult;
  const message = testStepResult.exception?.stackTrace ?? testStepResult.message ?? testStepResult.exception?.message;
  return { status: status.toLowerCase(), durationMs: Math.round(duration.seconds * 1000 + duration.nanos / 1e6), ...(message ? { message } : {}) };
}

function evidenceAttachment(attachment: Attachment, step: string): EvidenceAttachment {
  return {
    step,
    ...(attachment.fileName ? { name: attachment.fileName } : {}),
    mediaType: attachment.mediaType,
    body: attachment.body,
    base64: attachment.contentEncoding === 'BASE64',
  };
}
