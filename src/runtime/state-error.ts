/** A state that cannot be stepped or resumed; the message names each bad field (`state.<path>: ...`). */
export class InvalidStateError extends Error {
  override readonly name = 'InvalidStateError';
}
