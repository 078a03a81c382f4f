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
function requestDetails(method: string, params: unknown): { cwd?: string; terminalId?: string } {
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

/** The result of a request this stream saw; what it tells goes into the state or becomes events. */
function resultEvents(state: AcpState, method: string, details: { cwd?: string; terminalId?: string }, result: unknown, context: LineContext): DisplayEvent[] {
  switch (method) {
    case 'initialize': {
      const parsed = initializeResponseSchema.safeParse(result);
      if (parsed.success) {
        state.fields.agentVersion = String(parsed.data.protocolVersion);
        const info = parsed.data.agentInfo;
        if (info) state.fields.providerMetadata = { acp: { agentName: info.name, agentVersion: info.version, ...(info.title ? { agentTitle: info.title } : {}) } };
      }
      break;
    }
    case 'session/new': {
      const parsed = newSessionResponseSchema.safeParse(result);
      if (parsed.success && parsed.data.sessionId !== undefined) state.fields.sessionId = parsed.data.sessionId;
      if (details.cwd !== undefined) state.fields.cwd = details.cwd;
      context.ignore('session/new response: the session starts with its first event');
      return [];
    }
    case 'session/prompt':
      return turnEndEvents(state, result, context);
    case 'terminal/output': {
      const parsed = terminalOutputResponseSchema.safeParse(result);
      if (parsed.success && details.terminalId !== undefined) {
        const terminal = terminalOf(state, details.terminalId);
        // Each response restates the whole output so far.
        terminal.output.reset();
        terminal.output.append(parsed.data.output);
        if (typeof parsed.data.exitStatus?.exitCode === 'number') terminal.exitCode = parsed.data.exitStatus.exitCode;
      }
      break;
    }
    case 'terminal/wait_for_exit': {
      const parsed = waitForExitResponseSchema.safeParse(result);
      if (parsed.success && details.terminalId !== undefined && typeof parsed.data.exitCode === 'number') terminalOf(state, details.terminalId).exitCode = parsed.data.exitCode;
      break;
    }
    case 'terminal/create': {
      const parsed = createTerminalResponseSchema.safeParse(result);
      if (parsed.success) terminalOf(state, parsed.data.terminalId);
      break;
    }
  }
  context.ignore(`${method} response`);
  return [];
}

/** A response: a result, or an error, matched to its request by id. */
export function responseEvents(state: AcpState, message: JsonRpcMessage, context: LineContext): DisplayEvent[] {
  const id = String(message.id);
  const request = takeRequest(state, id, message.result);
  if (message.error !== undefined) {
    const method = request?.method;
    if (method === 'session/prompt') state.promptsOpen = Math.max(0, state.promptsOpen - 1);
    // A failed prompt, or a session that could not be set up, ends the run; any other failed request is one step failing.
    const fatal = method === 'session/prompt' || method === 'initialize' || method === 'session/new';
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
