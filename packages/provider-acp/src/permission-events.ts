import type { DisplayEvent, LineContext } from '@x/core';
import { type AcpState, ensureSession, type PendingRequest, rememberRequest } from './state.js';
import { permissionRequestSchema, permissionResponseSchema } from './wire-schema.js';

/** `session/request_permission`: the agent asks before a tool call; told as a notice naming the call and the choices. */
export function permissionRequestEvents(state: AcpState, id: string, params: unknown, context: LineContext): DisplayEvent[] {
  const parsed = permissionRequestSchema.safeParse(params);
  if (!parsed.success) {
    rememberRequest(state, id, { method: 'session/request_permission' });
    context.malformed('session/request_permission without its sessionId, toolCall and options');
    return [];
  }
  const { toolCall, options } = parsed.data;
  const title = toolCall.title ?? toolCall.name ?? toolCall.toolCallId;
  rememberRequest(state, id, { method: 'session/request_permission', permission: { title, options } });
  const choices = options.map((option) => option.name).join(', ');
  return [
    ...ensureSession(state, parsed.data.sessionId),
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
  if (outcome.outcome === 'cancelled') {
    return [...ensureSession(state), { kind: 'notice', level: 'info', code: 'permission_answer', message: `Permission cancelled: ${title}` }];
  }
  const option = request.permission?.options.find((o) => o.optionId === outcome.optionId);
  const verdict =
    option === undefined ? `chose "${outcome.optionId}"` : option.kind.startsWith('allow') ? `allowed (${option.name})` : `rejected (${option.name})`;
  return [...ensureSession(state), { kind: 'notice', level: 'info', code: 'permission_answer', message: `Permission ${verdict}: ${title}` }];
}
