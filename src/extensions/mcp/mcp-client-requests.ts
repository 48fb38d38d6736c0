import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  McpError,
  type ClientCapabilities,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
  type Result,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestTaskStore } from '@modelcontextprotocol/sdk/shared/protocol.js';

/** What a server may ask of us: the parameters of its sampling/createMessage request. */
export type McpSamplingRequest = CreateMessageRequest['params'];
/** The parameters of an elicitation/create request (form or url mode). */
export type McpElicitationRequest = ElicitRequest['params'];
export type McpElicitationAnswer = ElicitResult;

/**
 * The client side of MCP that needs the rest of the program, injected (the extension layer sits below the
 * runner): the model that answers sampling, the approval it needs, the person who answers elicitation.
 */
export interface McpClientCallbacks {
  /** Answers a sampling request with the run's own model. Without it, sampling is refused. */
  answerSampling?: (request: McpSamplingRequest, options: { server: string; signal: AbortSignal }) => Promise<CreateMessageResult>;
  /** Whether a server may use the model for this request; without it every request is denied (fail-closed). */
  approveSampling?: (request: McpSamplingRequest, options: { server: string; signal: AbortSignal }) => Promise<boolean>;
  /** Asks a person (on a terminal) for what an elicitation requests; without it, elicitations are declined. */
  elicit?: (request: McpElicitationRequest, options: { server: string; signal: AbortSignal }) => Promise<McpElicitationAnswer>;
}

/** The capabilities we declare: servers show the tools that need them only to clients that declare them. */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  roots: { listChanged: true },
  sampling: {},
  // applyDefaults: the SDK fills in the defaults of fields an accepted answer leaves out (SEP-1034).
  elicitation: { form: { applyDefaults: true }, url: {} },
  tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
};

/** The code MCP gives a request the user rejected. */
const USER_REJECTED = -1;

export interface ClientRequestContext {
  server: string;
  callbacks: McpClientCallbacks;
  /** The working directory offered as the one root; called for each roots/list the server sends. */
  root(): string;
  /** One line about what a server asked and what came of it, for the result of the call in progress. */
  note(line: string): void;
}

/**
 * Answers the requests a server sends us: roots/list (the working directory), sampling/createMessage (the
 * run's model, after approval) and elicitation/create (a person, or a decline when there is none). A
 * request that asks to run as a task gets one: the answer is stored when it is ready and the server polls.
 */
export function answerServerRequests(client: Client, context: ClientRequestContext): void {
  client.setRequestHandler(ListRootsRequestSchema, () => {
    const dir = context.root();
    return { roots: [{ uri: pathToFileURL(dir).href, name: basename(dir) || dir }] };
  });
  client.setRequestHandler(CreateMessageRequestSchema, (request, extra) => asTaskIfAsked(request.params.task, extra.taskStore, () => sample(request.params, context, extra.signal)));
  client.setRequestHandler(ElicitRequestSchema, (request, extra) => asTaskIfAsked(request.params.task, extra.taskStore, () => elicit(request.params, context, extra.signal)));
}

async function sample(request: McpSamplingRequest, context: ClientRequestContext, signal: AbortSignal): Promise<CreateMessageResult> {
  const { answerSampling, approveSampling } = context.callbacks;
  const options = { server: context.server, signal };
  if (!answerSampling) {
    context.note(`MCP server "${context.server}" asked to use the model (sampling), which is refused: no model answers here (it does inside synapse run)`);
    throw new McpError(USER_REJECTED, 'Sampling is not available in this client session: no model answers here');
  }
  const approved = approveSampling ? await approveSampling(request, options).catch(() => false) : false;
  if (!approved) {
    context.note(`MCP server "${context.server}" asked to use the model (sampling), which was denied (approval is needed: run on a terminal or pass --approve-all)`);
    throw new McpError(USER_REJECTED, 'The user (or the permission policy) denied the sampling request');
  }
  const result = await answerSampling(request, options);
  context.note(`MCP server "${context.server}" used the model (sampling): ${result.model} answered`);
  return result;
}

async function elicit(request: McpElicitationRequest, context: ClientRequestContext, signal: AbortSignal): Promise<ElicitResult> {
  const ask = context.callbacks.elicit;
  if (!ask) {
    context.note(`MCP server "${context.server}" asked a person for input ("${oneLine(request.message)}"), which was declined: nobody can answer here (no terminal)`);
    return { action: 'decline' };
  }
  const answer = await ask(request, { server: context.server, signal });
  context.note(`MCP server "${context.server}" asked a person for input ("${oneLine(request.message)}"): ${answer.action}`);
  return answer;
}

/**
 * Answers at once, or (when the server asked for a task) creates the task, returns it, and stores the
 * answer (or the failure) when it is ready.
 */
async function asTaskIfAsked<T extends Result>(task: { ttl?: number } | undefined, store: RequestTaskStore | undefined, answer: () => Promise<T>): Promise<T | { task: unknown }> {
  if (!task || !store) return answer();
  const created = await store.createTask({ ttl: task.ttl });
  void answer()
    .then(
      (result) => store.storeTaskResult(created.taskId, 'completed', result),
      (error: unknown) => store.storeTaskResult(created.taskId, 'failed', { content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }], isError: true }),
    )
    .catch(() => undefined); // the task expired or the connection closed: nobody is waiting any more
  return { task: created };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}
