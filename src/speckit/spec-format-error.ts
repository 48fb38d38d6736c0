/** One problem in a source document, at a line of it. */
export interface SpecProblem {
  line: number;
  message: string;
}

/** A document the importer cannot turn into Gherkin faithfully; lists every problem it found. */
export class SpecFormatError extends Error {
  override readonly name = 'SpecFormatError';

  constructor(
    readonly fileName: string,
    readonly problems: readonly SpecProblem[],
  ) {
    super(problems.map((problem) => `${fileName}:${problem.line}: ${problem.message}`).join('\n'));
  }
}
