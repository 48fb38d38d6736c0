/** The last `maxChars` of a stream's text (a server's stderr), to quote when something goes wrong. */
export class OutputTail {
  private text = '';

  constructor(private readonly maxChars = 2000) {}

  push(chunk: Buffer | string): void {
    this.text = (this.text + chunk.toString()).slice(-this.maxChars);
  }

  /** The tail as one line per line of output, trimmed; empty when the stream said nothing. */
  toString(): string {
    return this.text.trim();
  }
}
