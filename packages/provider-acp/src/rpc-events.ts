import type { DisplayEvent, LineContext } from '@x/core';
import { blocksText } from './content-text.js';
import { type AcpState, closeBlock, ensureSession, rememberRequest, takeRequest, terminalOf } from './state.js';
import { permissionAnswerEvents, permissionRequestEvents } from './permission-events.js';
import { turnEndEvents } from './turn-events.js';
import { updateEvents } from './update-events.js';
import {
  createTerminalResponseSchema,
  initializeResponseSchema,
  type JsonRpcMessage,
  newSessionRequestSchema,
  newSessionResponseSchema,
  promptRequestSchema,
  sessionNotificationSchema,
  terminalOutputRequestSchema,
  terminalOutputResponseSchema,
  waitForExitResponseSchema,
} from './wire-schema.js';

/** What a request remembers for its response, beside its method. */
type RequestDetails = { cwd?: string; terminalId?: string };

/** Methods whose messages show nothing by themselves: what they do reaches the display through tool calls. */
const QUIET_METHODS = new Set([
  'authenticate',
  'logout',
  'session/load',
  'session/list',
  'session/resume',
  'session/close',
  'session/delete',
  'session/set_mode',
  'session/set_config_option',
  'fs/read_text_file',
  'fs/write_text_file',
  'terminal/create',
  'terminal/output',
  'terminal/release',
  'terminal/wait_for_exit',
  'terminal/kill',
  'elicitation/create',
  'elicitation/complete',
  '$/cancel_request',
]);

function sessionUpdate(state: AcpState, params: unknown, context: LineContext): DisplayEvent[] {
  const parsed = sessionNotificationSchema.safeParse(params);
  if (!parsed.success) {
    context.malformed('session/update without a sessionId and an update with its sessionUpdate');
    return [];
  }
  const events = updateEvents(state, parsed.data.update.sessionUpdate, parsed.data.update, context);
  return events.length === 0 ? events : [...ensureSession(state, parsed.data.sessionId), ...events];
}

function prompt(state: AcpState, params: unknown, context: LineContext): DisplayEvent[] {
  const parsed = promptRequestSchema.safeParse(params);
  if (!parsed.success) {
    context.malformed('session/prompt without a sessionId and its prompt blocks');
    return [];
  }
  state.promptSeen = true;
  state.promptsOpen += 1;
  const before = closeBlock(state);
  return [...ensureSession(state, parsed.data.sessionId), ...before, { kind: 'prompt', form: 'prompt', text: blocksText(parsed.data.prompt) }];
}

/** What a request remembers for its response, beside its method. */
function requestDetails(method: string, params: unknown): RequestDetails {
  if (method === 'session/new') {
    const parsed = newSessionRequestSchema.safeParse(params);
    return parsed.success ? { cwd: parsed.data.cwd } : {};
  }
  if (method === 'terminal/output' || method === 'terminal/wait_for_exit') {
    const parsed = terminalOutputRequestSchema.safeParse(params);
    return parsed.success ? { terminalId: parsed.data.terminalId } : {};
  }
  return {};
}

/** A request (client to agent, or agent to client). */
export function requestEvents(state: AcpState, id: string, method: string, params: unknown, context: LineContext): DisplayEvent[] {
  if (method === 'session/request_permission') return permissionRequestEvents(state, id, params, context);
  rememberRequest(state, id, { method, ...requestDetails(method, params) });
  if (method === 'session/prompt') return prompt(state, params, context);
  if (method === 'initialize' || method === 'session/new' || QUIET_METHODS.has(method)) {
    context.ignore(`${method} request`);
    return [];
  }
  context.unknown(`unknown ACP method "${method.slice(0, 60)}"`);
  return [];
}

/** A notification: `session/update` from the agent, `session/cancel` from the client. */
export function notificationEvents(state: AcpState, method: string, params: unknown, context: LineContext): DisplayEvent[] {
  if (method === 'session/update') return sessionUpdate(state, params, context);
  if (method === 'session/cancel') return [...closeBlock(state), { kind: 'prompt', form: 'interrupt', text: 'session/cancel' }];
  if (QUIET_METHODS.has(method)) {
    context.ignore(`${method} notification`);
    return [];
  }
  context.unknown(`unknown ACP notification "${method.slice(0, 60)}"`);
  return [];
}

/** What the result of each method tells the state: who the agent is, the session, what a terminal showed. */
const RESULT_READERS: Record<string, (state: AcpState, details: RequestDetails, result: unknown) => void> = {
  initialize(state, _details, result) {
    const parsed = initializeResponseSchema.safeParse(result);
    if (!parsed.success) return;
    state.fields.agentVersion = String(parsed.data.protocolVersion);
    const info = parsed.data.agentInfo;
    if (info) state.fields.providerMetadata = { acp: { agentName: info.name, agentVersion: info.version, ...(info.title ? { agentTitle: info.title } : {}) } };
  },
  'session/new'(state, details, result) {
    const parsed = newSessionResponseSchema.safeParse(result);
    if (parsed.success && parsed.data.sessionId !== undefined) state.fields.sessionId = parsed.data.sessionId;
    if (details.cwd !== undefined) state.fields.cwd = details.cwd;
  },
  'terminal/output'(state, details, result) {
    const parsed = terminalOutputResponseSchema.safeParse(result);
    if (!parsed.success || details.terminalId === undefined) return;
    const terminal = terminalOf(state, details.terminalId);
    // Each response restates the whole output so far.
    terminal.output.reset();
    terminal.output.append(parsed.data.output);
    if (typeof parsed.data.exitStatus?.exitCode === 'number') terminal.exitCode = parsed.data.exitStatus.exitCode;
  },
  'terminal/wait_for_exit'(state, details, result) {
    const parsed = waitForExitResponseSchema.safeParse(result);
    if (parsed.success && details.terminalId !== undefined && typeof parsed.data.exitCode === 'number')
      terminalOf(state, details.terminalId).exitCode = parsed.data.exitCode;
  },
  'terminal/create'(state, _details, result) {
    const parsed = createTerminalResponseSchema.safeParse(result);
    if (parsed.success) terminalOf(state, parsed.data.terminalId);
  },
};

/** The result of a request this stream saw: a prompt's ends the turn; any other's is remembered, and shows nothing by itself. */
function resultEvents(state: AcpState, method: string, details: RequestDetails, result: unknown, context: LineContext): DisplayEvent[] {
  if (method === 'session/prompt') return turnEndEvents(state, result, context);
  if (Object.hasOwn(RESULT_READERS, method)) RESULT_READERS[method]?.(state, details, result);
  context.ignore(`${method} response`);
  return [];
}

/** JSON-RPC's "Method not found". */
const METHOD_NOT_FOUND = -32601;

/** A response: a result, or an error, matched to its request by id. */
export function responseEvents(state: AcpState, message: JsonRpcMessage, context: LineContext): DisplayEvent[] {
  const id = String(message.id);
  const request = takeRequest(state, id, message.result);
  if (message.error !== undefined) {
    const method = request?.method;
    if (method === 'session/prompt') state.promptsOpen = Math.max(0, state.promptsOpen - 1);
    // A failed prompt, or a session that could not be set up, ends the run; any other failed request is one step failing.
    const fatal = method === 'session/prompt' || method === 'initialize' || method === 'session/new';
    // "Method not found" to any other request says only that the other side lacks that method (Qwen Code 0.24 asks
    // every client for its own `craft/drainMidTurnQueue`): nothing of the run failed.
    if (!fatal && message.error.code === METHOD_NOT_FOUND) {
      context.ignore(`${method ?? 'an ACP request'}: the other side has no such method`);
      return [];
    }
    const where = method === undefined ? 'an ACP request' : method;
    const error: DisplayEvent = { kind: 'error', message: `${where} failed: ${message.error.message}`, fatal, code: String(message.error.code) };
    const events = [...ensureSession(state), ...state.session.error(error)];
    return fatal ? [...events, ...state.session.end('error')] : events;
  }
  if (request === undefined) {
    context.ignore('response to a request this stream did not show');
    return [];
  }
  if (request.method === 'session/request_permission') return permissionAnswerEvents(state, request, message.result, context);
  return resultEvents(state, request.method, request, message.result, context);
}
