import type { ApprovalAnswer, PermissionRequest } from '../tools';
import { visibleCommand } from '../visible-text';
import type { ChatSession } from './chat-session';
import { defaultCommands, findCommand } from './command-table';
import { parseInput } from './parse-input';
import type { CommandResult, ReplContext, SlashCommand } from './slash-command';

/** The screen and keyboard, as the REPL needs them (the CLI implements it over node:readline). */
export interface ReplTerminal {
  /** Shows text on lines of its own. */
  print(text: string): void;
  /** Shows the prompt again, ready for the next input (`answering`: for the answer to a question just shown). */
  prompt(answering?: boolean): void;
  /** Empties the line being typed. */
  clearInput(): void;
  clearScreen(): void;
  /** Ends the input: the REPL is over (the terminal then calls `close()`). */
  end(): void;
}

/** How one turn ended, for the end-of-turn line. */
export type TurnOutcome = { kind: 'message' | 'shell'; status: 'done' | 'interrupted' | 'failed'; error?: unknown };

export interface ReplControllerOptions {
  chat: ChatSession;
  terminal: ReplTerminal;
  /** More slash commands (the table's defaults come first). */
  commands?: readonly SlashCommand[];
  /**
   * What `/resume` does with the session chosen. Default: the chat goes on with it; null: resuming is
   * not available in this context.
   */
  resumeSession?: ((sessionId: string) => Promise<void>) | null;
  /** Told when a message or `!` command has ended, however it ended. */
  onTurnEnd?(outcome: TurnOutcome): void;
}

/**
 * The REPL without a terminal: what a submitted line does (a slash command, `!<command>`, a message to
 * the model), what Ctrl-C does in each state (interrupt the turn, answer "no" to a question, clear the
 * line) and how the REPL ends. One turn at a time: a line typed while one runs is not sent (except
 * `/exit`, which interrupts the turn and quits).
 */
export class ReplController {
  readonly commands: readonly SlashCommand[];
  private turn?: { controller: AbortController; done: Promise<void> };
  private question?: (answer: string | null) => void;
  private closing?: Promise<void>;
  /** `/exit` said goodbye: no prompt after it. */
  private ended = false;
  private readonly context: ReplContext;

  constructor(private readonly options: ReplControllerOptions) {
    this.commands = defaultCommands(options.commands);
    this.context = {
      chat: options.chat,
      ask: (question) => this.ask(question),
      resumeSession: options.resumeSession === null ? undefined : (options.resumeSession ?? ((sessionId) => options.chat.resume(sessionId))),
    };
  }

  /** True while a message, a `!` command or a slash command is being handled. */
  get isProcessing(): boolean {
    return this.turn !== undefined;
  }

  get isClosed(): boolean {
    return this.closing !== undefined;
  }

  /** Handles one line the person entered; resolves when what it started has ended. */
  async submit(line: string): Promise<void> {
    if (this.question) return this.answer(line);
    if (this.closing || this.ended) return;
    const input = parseInput(line);
    if (this.turn) {
      if (input.kind === 'command' && findCommand(this.commands, input.name)?.name === 'exit') {
        this.interruptCurrentTurn();
        await this.turn?.done;
        return this.exit('Goodbye!');
      }
      this.options.terminal.print('(still working: that line was not sent; Ctrl-C interrupts)');
      return;
    }
    switch (input.kind) {
      case 'empty':
        return this.options.terminal.prompt();
      case 'shell-usage':
        this.options.terminal.print('Usage: !<command> (runs it in the session shell, e.g. !git status)');
        return this.options.terminal.prompt();
      case 'command':
        return this.track(async () => this.show(await this.runCommand(input.name, input.args)));
      case 'shell':
        return this.track((signal) => this.options.chat.runShell(input.command, signal), 'shell');
      case 'message':
        return this.track((signal) => this.options.chat.send(input.text, signal), 'message');
    }
  }

  /**
   * Runs a slash command. Resolves with `{ handled: false }` for a line that is not one (it goes to the
   * model); an unknown command is handled (it says so) and the REPL goes on.
   */
  async handleSpecialCommand(line: string): Promise<(CommandResult & { handled: true }) | { handled: false }> {
    const input = parseInput(line);
    if (input.kind !== 'command') return { handled: false };
    return { handled: true, ...(await this.runCommand(input.name, input.args)) };
  }

  /** Ctrl-C: answers "no" to a question, or interrupts what is running, or clears the line at the prompt. */
  handleSigint(): void {
    if (this.question) {
      this.answer(null);
      this.interruptCurrentTurn();
      return;
    }
    if (this.turn) return this.interruptCurrentTurn();
    this.options.terminal.clearInput();
    this.options.terminal.prompt();
  }

  /** Aborts the running turn: the model's answer or the command stops, the prompt comes back. */
  interruptCurrentTurn(): void {
    this.turn?.controller.abort();
  }

  /**
   * A yes/no question from the permission policy, answered at the prompt; Ctrl-C or anything but yes denies.
   * The command is shown as it will run: every control and invisible character in it made visible.
   */
  async approve(request: PermissionRequest): Promise<ApprovalAnswer> {
    const command = visibleCommand(request.command).split('\n').join('\n    ');
    const answer = await this.ask(`Run this command? (${request.rule})\n    ${command}\n[y] yes once, [a] yes and do not ask again this session, [N] no: `);
    const word = answer?.trim().toLowerCase();
    if (word === 'y' || word === 'yes') return 'once';
    if (word === 'a' || word === 'always') return 'session';
    return 'deny';
  }

  /** Ends the REPL: interrupts what runs, then ends the session's shell, MCP servers and sub-agents. Idempotent. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.answer(null);
      this.interruptCurrentTurn();
      await this.turn?.done;
      await this.options.chat.close();
    })();
    return this.closing;
  }

  private async runCommand(name: string, args: string): Promise<CommandResult> {
    const command = findCommand(this.commands, name);
    if (!command) return { output: `Unknown command: /${name}. Type /help for the list.` };
    try {
      return await command.run(args, this.context);
    } catch (error) {
      return { output: `/${command.name} failed: ${(error as Error)?.message ?? String(error)}` };
    }
  }

  private show(result: CommandResult): void {
    if (result.clearScreen) this.options.terminal.clearScreen();
    if (result.exit) return this.exit(result.output);
    if (result.output) this.options.terminal.print(result.output);
  }

  private exit(farewell: string): void {
    this.ended = true;
    this.options.terminal.print(farewell);
    this.options.terminal.end();
  }

  /** Runs one piece of work as the current turn; Ctrl-C aborts it; the prompt comes back after it. */
  private async track(work: (signal: AbortSignal) => Promise<unknown>, kind?: TurnOutcome['kind']): Promise<void> {
    const controller = new AbortController();
    let finish!: () => void;
    this.turn = { controller, done: new Promise((resolve) => (finish = resolve)) };
    let outcome: TurnOutcome | undefined;
    try {
      await work(controller.signal);
      if (kind) outcome = { kind, status: 'done' };
    } catch (error) {
      if (kind) outcome = { kind, status: controller.signal.aborted ? 'interrupted' : 'failed', error };
      else this.options.terminal.print(`error: ${(error as Error)?.message ?? String(error)}`);
    } finally {
      this.turn = undefined;
      finish();
    }
    if (outcome) {
      try {
        this.options.onTurnEnd?.(outcome);
      } catch {
        // a display problem must not stop the REPL
      }
    }
    if (!this.closing && !this.ended) this.options.terminal.prompt();
  }

  private ask(question: string): Promise<string | null> {
    this.answer(null); // one question at a time
    this.options.terminal.print(question.replace(/\s+$/, ''));
    this.options.terminal.prompt(true);
    return new Promise((resolve) => (this.question = resolve));
  }

  private answer(answer: string | null): void {
    const resolve = this.question;
    this.question = undefined;
    resolve?.(answer);
  }
}
