/**
 * Whether a failed model request was refused because the conversation does not fit the model's window.
 * OpenAI says `context_length_exceeded` ("This model's maximum context length is N tokens..."); other
 * OpenAI-compatible servers say it in their own words (vLLM, Ollama, llama.cpp, LM Studio, OpenRouter).
 * Only a refusal of the request counts (400, 413, 422, or an error without a status): a 429 is a rate
 * limit and a 5xx the server's own problem, whatever their text says.
 */
const REFUSALS = new Set([400, 413, 422]);
const OVERFLOW_PATTERNS = [
  /context_length_exceeded/i,
  /max(imum)? context length/i,
  /context length exceeded/i,
  /exceeds? the (available )?context (size|window|length)/i,
  /context (length|window|size)\b[^.]*\b(not enough|too small|exceeded)/i,
  /prompt (is )?too long/i,
  /input (is )?too long/i,
];

export function isContextOverflowError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && !REFUSALS.has(status)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === 'context_length_exceeded') return true;
  return OVERFLOW_PATTERNS.some((pattern) => pattern.test(error.message));
}

/** The window a refusal names ("maximum context length is 16000 tokens", "context size (4096 tokens)"), if any. */
export function windowNamedIn(message: string): number | undefined {
  const match = /maximum context length (?:is|of) (\d+)/i.exec(message) ?? /context (?:size|window|length) (?:is |of )?\(?(\d+)(?: tokens)?\)?/i.exec(message);
  const tokens = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(tokens) && tokens > 0 ? tokens : undefined;
}
