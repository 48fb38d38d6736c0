import { homedir } from 'node:os';
import { join } from 'node:path';
import { AgentRunner } from '../runner/agent-runner';
import { ChatSession, type RunnerRequest } from '../repl/chat-session';
import { ReplController } from '../repl/repl-controller';
import { SessionStore } from '../session/session-store';
import { ChatRenderer } from './chat-renderer';
import { ChatScreen } from './chat-screen';
import type { ChatArgs } from './chat-command';
import { ChatTerminal } from './chat-terminal';
import { closeWithin } from './close-within';
import { describeError } from './error-report';
import { extensionPaths } from './extension-options';
import { resolveCwd } from './global-options';
import { InputHistory } from './input-history';
import { interruptedBy, interruptExitCode, onInterrupt } from './interrupt';
import { connectModel, requireModelAccess, type ModelConnection } from './model-client';
import { wholeNumberOption } from './number-option';
import { systemPromptOptions } from './run-instructions';
import { openRunSession } from './run-session';
import { resolveSessionsDir } from './session-options';
import { toolSecurityOptions } from './security-options';
import { projectTrustOptions } from './project-trust-prompt';
import { readCliSettingsAsking } from './settings-options';
import { chatBanner, extensionWarnings } from './chat-banner';
import { colorEnabled, createStyle } from './terminal-style';
import { visibleText } from '../visible-text';

/**
 * `synapse chat`: the REPL. A thin terminal over the library: ChatSession (the conversation, one
 * AgentRunner at a time), ReplController (what a line and Ctrl-C do) and node:readline. Ends on /exit,
 * Ctrl-D or the end of piped input, after the shell, MCP servers and sub-agents have ended.
 */
export async function runChat(args: ChatArgs): Promise<number> {
  const maxConsecutiveToolFailures = wholeNumberOption(args.maxConsecutiveFailures, '--max-consecutive-failures', 1);
  const maxIterations = wholeNumberOption(args.maxIterations, '--max-iterations', 1);
  const cwd = resolveCwd(args.cwd);
  const settings = await readCliSettingsAsking(args, cwd, projectTrustOptions(args, false).askProjectTrust);
  const { model: sessionModel, session, sessionsDir } = await openRunSession(args, cwd);
  requireModelAccess(args, settings.settings);
  // The document's degradation: a model client that cannot be set up leaves a REPL in echo mode, not an exit.
  let connection: ModelConnection | undefined;
  let unavailable: string | undefined;
  try {
    connection = connectModel({ ...args, model: args.model || sessionModel }, { settings: settings.settings });
  } catch (error) {
    unavailable = describeError(error);
  }
  const instructions = await systemPromptOptions(args, cwd);
  const { mcpConfig, skillsDirs } = extensionPaths(args);

  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const style = createStyle(colorEnabled(process.stdout));
  const screen = new ChatScreen(process.stdout, style, interactive);
  const renderer = new ChatRenderer(screen);
  let controller!: ReplController;
  const security = toolSecurityOptions(args, { json: false, onInterrupt: () => controller.interruptCurrentTurn(), secrets: connection?.apiKey ? [connection.apiKey] : [], settings });
  // Approvals are asked in line, at the chat's own prompt (a second reader of the keyboard would fight readline).
  if (security.approve) security.approve = (request) => controller.approve(request);
  const placeholder = unavailable ? connectModel({ fixture: undefined, baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'echo-mode', model: args.model }) : undefined;
  const model = (connection ?? placeholder)!;

  let first = true;
  const createRunner = ({ sessionId, model: name }: RunnerRequest) => {
    // The session opened (locked, checked) at start is used once; later ones are opened by id.
    const persistence = first && session ? { session } : sessionId ? { sessionId, sessionsDir: resolveSessionsDir(args.sessionsDir) } : sessionsDir ? { sessionsDir } : {};
    first = false;
    return new AgentRunner({
      model: name,
      client: model.client,
      cwd,
      ...instructions,
      security,
      ...persistence,
      maxConsecutiveToolFailures,
      maxIterations,
      enableSkillSearchInstruction: args.skillSearch,
      recordInterruptions: true,
      mcpConfig,
      skillsDirs,
      hooks: settings.settings.hooks,
      onEvent: renderer.onEvent,
    });
  };
  const chat = new ChatSession({
    createRunner,
    model: model.model,
    cwd,
    sessionId: session?.id,
    store: args.session === false ? undefined : new SessionStore(resolveSessionsDir(args.sessionsDir)),
    modelPinned: Boolean(args.model),
    echo: unavailable ? (text) => screen.lines(`echo: ${visibleText(text)}`) : undefined,
  });

  let terminal!: ChatTerminal;
  let queue: Promise<void> = Promise.resolve();
  let farewell = false;
  const ended = new Promise<void>((resolve) => {
    terminal = new ChatTerminal({
      input: process.stdin,
      output: process.stdout,
      screen,
      history: new InputHistory(join(homedir(), '.synapse', 'chat-history')),
      interactive,
      busy: () => controller.isProcessing,
      onInput: (text) => {
        if (interactive) {
          if (!controller.isProcessing) terminal.startTurn();
          void controller.submit(text);
        } else queue = queue.then(() => controller.submit(text));
      },
      onInterrupt: () => controller.handleSigint(),
      onClose: () => {
        void queue
          .then(() => controller.close())
          .then(() => {
            if (!farewell && !interruptedBy()) screen.lines('Goodbye!');
            resolve();
          });
      },
    });
  });
  controller = new ReplController({
    chat,
    terminal: {
      print: (text) => terminal.print(text),
      prompt: (answering) => terminal.prompt(answering),
      clearInput: () => terminal.clearInput(),
      clearScreen: () => terminal.clearScreen(),
      end: () => {
        farewell = true;
        terminal.end();
      },
    },
    onTurnEnd: (outcome) => renderer.turnEnded(outcome),
  });
  // SIGTERM or SIGHUP (or Ctrl-C when the input is not a terminal): end the turn and the chat.
  const stopListening = onInterrupt(() => terminal.end());

  try {
    screen.lines(chatBanner({ style, model: chat.model, cwd, sessionId: chat.sessionId, resumed: (await chat.runner.getHistory()).length, unavailable }));
    const warnings = await extensionWarnings(chat);
    for (const line of warnings.lines) screen.lines(style.yellow(line));
    renderer.alreadyShown(warnings.shown);
    terminal.prompt();
    await ended;
  } finally {
    stopListening();
    await closeWithin(() => controller.close(), 5000);
  }
  return interruptedBy() ? interruptExitCode() : 0;
}
