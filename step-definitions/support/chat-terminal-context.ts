import { CLI_ENTRY, CliContext, ensureFreshBuild } from './cli-context';
import { TerminalSession } from './terminal-session';
import { block, section, type Narrating } from './transcript';
import type { SynapseWorld } from './world';

/** `synapse chat` (the built CLI) on a real pseudo-terminal, in the scenario's CLI directories. */
export class ChatTerminalContext implements Narrating {
  terminal?: TerminalSession;
  /** Environment for the chat process on top of the CLI scenario's own. */
  readonly env: Record<string, string> = {};
  /** Processes under the chat once it was running (its shell), to check they end with it. */
  descendants: number[] = [];

  constructor(private readonly world: SynapseWorld) {}

  get cli(): CliContext {
    return this.world.use(CliContext);
  }

  /** A model for the chat: the loopback server, and a key as a configured user would have. */
  async configureModel(): Promise<void> {
    this.env.OPENAI_BASE_URL = await (await this.cli.model()).start();
    this.env.OPENAI_API_KEY = 'sk-test-key-for-the-loopback-model';
  }

  /**
   * Starts `synapse <commandLine>` (a chat); resolves once it shows its prompt or has ended. `typeAhead` is
   * typed the moment the process is spawned, while it still loads, as a quick typist would.
   */
  async start(commandLine = 'chat', typeAhead?: string): Promise<TerminalSession> {
    await ensureFreshBuild();
    const argv = [process.execPath, CLI_ENTRY, ...(await this.cli.parseArgs(commandLine))];
    const terminal = new TerminalSession(argv, { cwd: await this.cli.dir('work'), env: await this.cli.env(this.env) });
    this.terminal = terminal;
    this.world.onCleanup(() => terminal.kill());
    if (typeAhead !== undefined) terminal.type(typeAhead);
    await Promise.race([terminal.waitFor('You> ').catch(() => undefined), terminal.exited]);
    return terminal;
  }

  get screen(): TerminalSession {
    if (!this.terminal) throw new Error('No chat was started on a terminal in this scenario');
    return this.terminal;
  }

  /** Types a line and Enter; resolves once the prompt is back (or `until` shows up). */
  async enter(line: string, until: string | RegExp = 'You> '): Promise<string> {
    const from = this.screen.mark();
    this.screen.type(`${line}\r`);
    await this.screen.waitFor(until, { after: from + line.length });
    return this.screen.screen.slice(from);
  }

  narrate(): string[] {
    return this.terminal ? section('synapse chat on a pseudo-terminal', block('screen', this.terminal.screen, 80)) : [];
  }
}
