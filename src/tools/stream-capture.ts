import { leadingContinuationBytes, wholeCharactersLength } from './utf8-cut';

const EMPTY: Buffer = Buffer.alloc(0);

/**
 * Collects one output stream of a shell command until an end marker (followed by a payload and a NUL) shows
 * up. Memory stays bounded: the first `headBytes` and the last `tailBytes` are kept and whatever lies
 * between is counted and reported as `[output truncated: N bytes omitted]`, never dropped silently.
 */
export class StreamCapture {
  private readonly head: Buffer[] = [];
  private headSize = 0;
  private tail: Buffer[] = [];
  private tailSize = 0;
  private total = 0;
  /** The bytes still worth searching for the marker (a marker can straddle two chunks). */
  private scan: Buffer = EMPTY;
  private markerOffset?: number;
  /** What followed the marker, once its NUL terminator arrived. */
  payload?: string;

  constructor(
    private readonly marker: Buffer,
    private readonly headBytes: number,
    private readonly tailBytes: number,
  ) {}

  get complete(): boolean {
    return this.payload !== undefined;
  }

  push(chunk: Buffer): void {
    if (this.complete) return; // late output from a background job belongs to no command
    const earlier = this.scan.length; // bytes of earlier chunks the scan still holds
    this.scan = earlier ? Buffer.concat([this.scan, chunk]) : chunk;
    const at = this.scan.indexOf(this.marker);
    // Only output is stored: the marker and its payload never take room from the command's own bytes.
    this.store(at < 0 ? chunk : chunk.subarray(0, Math.max(0, at - earlier)));
    if (at < 0) {
      this.scan = this.scan.subarray(Math.max(0, this.scan.length - this.marker.length + 1));
      return;
    }
    this.markerOffset ??= this.total - Math.max(0, earlier - at);
    const end = this.scan.indexOf(0, at + this.marker.length);
    if (end < 0) {
      this.scan = this.scan.subarray(at);
      return;
    }
    this.payload = this.scan.subarray(at + this.marker.length, end).toString('utf8');
    this.scan = EMPTY;
  }

  /** The captured text before the marker (or everything, when the marker never came). */
  text(): string {
    const end = this.markerOffset ?? this.total;
    const headPart = Buffer.concat(this.head).subarray(0, Math.min(this.headSize, end));
    const tailStart = this.total - this.tailSize;
    // The last tailBytes before the end, whichever chunks they came in.
    const from = Math.max(tailStart, this.headSize, end - this.tailBytes);
    const tailPart = Buffer.concat(this.tail).subarray(from - tailStart, end - tailStart); // empty when end <= from
    const omitted = Math.max(0, Math.min(end, from) - this.headSize);
    if (!omitted) return Buffer.concat([headPart, tailPart]).toString('utf8');
    // Neither cut splits a character: the bytes of one straddling a cut are omitted and counted too.
    const head = headPart.subarray(0, wholeCharactersLength(headPart));
    const tail = tailPart.subarray(leadingContinuationBytes(tailPart));
    const cut = headPart.length - head.length + tailPart.length - tail.length;
    return `${head.toString('utf8')}\n[output truncated: ${omitted + cut} bytes omitted]\n${tail.toString('utf8')}`;
  }

  private store(chunk: Buffer): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headSize < this.headBytes) {
      const taken = rest.subarray(0, this.headBytes - this.headSize);
      this.head.push(taken);
      this.headSize += taken.length;
      rest = rest.subarray(taken.length);
    }
    this.tail.push(rest);
    this.tailSize += rest.length;
    // Drops the oldest chunks the last tailBytes do not need (never the last chunk: tailBytes is at least 1).
    // The start of a marker split across chunks was stored as output: room for it too, or it would push out
    // output bytes that text() then reports as omitted.
    while (this.tailSize - this.tail[0].length >= this.tailBytes + this.marker.length - 1) {
      this.tailSize -= this.tail[0].length;
      this.tail.shift();
    }
  }
}
