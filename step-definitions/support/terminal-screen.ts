import { Terminal } from '@xterm/headless';

/** What a person sees once a terminal has read the bytes, and the OSC commands it was asked to carry out. */
export interface TerminalScreen {
  /** Each line of the screen and its scrollback, as drawn (cursor moves, line erases and carriage returns applied). */
  lines: string[];
  /** The operating system commands received, by number (52 writes the clipboard, 8 makes a hyperlink, 0 and 2 set the title). */
  osc: Array<{ code: number; data: string }>;
}

/** The OSC numbers recorded: the ones a program could use to act outside the screen or to disguise a link. */
const RECORDED_OSC = [0, 2, 8, 52];

/**
 * Feeds what a program wrote to a terminal into a real terminal emulator (xterm.js, headless) and reads
 * back the screen: a scenario then asserts what a person would read, not which bytes were sent.
 */
export function renderTerminal(raw: string, cols = 120): Promise<TerminalScreen> {
  const terminal = new Terminal({ cols, rows: 40, scrollback: 10_000, allowProposedApi: true });
  const osc: TerminalScreen['osc'] = [];
  for (const code of RECORDED_OSC)
    terminal.parser.registerOscHandler(code, (data) => {
      osc.push({ code, data });
      return true;
    });
  return new Promise((resolve) =>
    terminal.write(raw, () => {
      const buffer = terminal.buffer.active;
      const lines: string[] = [];
      for (let row = 0; row < buffer.length; row++) lines.push(buffer.getLine(row)?.translateToString(true) ?? '');
      terminal.dispose();
      resolve({ lines, osc });
    }),
  );
}
