import type { DisplayEvent, LineContext } from '@x/core';
import { MAX_CALLS, type AcpState, ensureSession, type PendingRequest, rememberRequest } from './state.js';
import { permissionCallEvents } from './tool-events.js';
import { permissionRequestSchema, permissionResponseSchema } from './wire-schema.js';

/**
 * `session/request_permission`: the agent asks before a tool call; told as a
 * notice naming the call and the choices, after the call itself when no
 * update announced it.
 */
export function permissionRequestEvents(state: AcpState, id: string, params: unknown, context: LineContext): DisplayEvent[] {
  const parsed = permissionRequestSchema.safeParse(params);
  if (!parsed.success) {
    rememberRequest(state, id, { method: 'session/request_permission' });
    context.malformed('session/request_permission without its sessionId, toolCall and options');
    return [];
  }
  const { toolCall, options } = parsed.data;
  const title = toolCall.title ?? toolCall.name ?? toolCall.toolCallId;
  rememberRequest(state, id, { method: 'session/request_permission', permission: { title, toolCallId: toolCall.toolCallId, options } });
  const choices = options.map((option) => option.name).join(', ');
  return [
    ...ensureSession(state, parsed.data.sessionId),
    ...permissionCallEvents(state, toolCall, context),
    { kind: 'notice', level: 'warning', code: 'permission_request', message: `Permission requested: ${title} (${choices})` },
  ];
}

/** The client's answer to a permission request: the option chosen, or cancelled. */
export function permissionAnswerEvents(state: AcpState, request: PendingRequest, result: unknown, context: LineContext): DisplayEvent[] {
  const parsed = permissionResponseSchema.safeParse(result);
  if (!parsed.success) {
    context.malformed('session/request_permission response without an outcome');
    return [];
  }
  const title = request.permission?.title ?? 'a tool call';
  const { outcome } = parsed.data;
  const option = outcome.outcome === 'cancelled' ? undefined : request.permission?.options.find((o) => o.optionId === outcome.optionId);
  const verdict =
    outcome.outcome === 'cancelled'
      ? 'cancelled'
      : option === undefined
        ? `chose "${outcome.optionId}"`
        : option.kind.startsWith('allow')
          ? `allowed (${option.name})`
          : `rejected (${option.name})`;
  const message = `Permission ${verdict}: ${title}`;
  const refused = outcome.outcome === 'cancelled' || option?.kind.startsWith('reject') === true;
  if (refused && request.permission !== undefined && state.refused.length < MAX_CALLS) state.refused.push({ toolCallId: request.permission.toolCallId, message });
  return [...ensureSession(state), { kind: 'notice', level: 'info', code: 'permission_answer', message }];
}
