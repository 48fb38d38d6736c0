// Cutting UTF-8 output in the middle without splitting a character: a split one would reach the model as
// U+FFFD replacement characters. Valid UTF-8 has at most 3 continuation bytes (10xxxxxx) after a lead byte.

const MAX_CONTINUATION_BYTES = 3;

/** How many bytes at the start of `bytes` hold whole characters: a character cut off at the end is left out. */
export function wholeCharactersLength(bytes: Uint8Array): number {
  let lead = bytes.length - 1;
  while (lead > 0 && lead >= bytes.length - MAX_CONTINUATION_BYTES && isContinuation(bytes[lead]!)) lead--;
  if (lead < 0) return 0;
  return lead + sequenceLength(bytes[lead]!) > bytes.length ? lead : bytes.length;
}

/** How many bytes at the start of `bytes` continue a character that began before them. */
export function leadingContinuationBytes(bytes: Uint8Array): number {
  let count = 0;
  while (count < bytes.length && count < MAX_CONTINUATION_BYTES && isContinuation(bytes[count]!)) count++;
  return count;
}

function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

/** The length of the character a lead byte starts (anything else, binary included, counts as one byte). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 1;
}
