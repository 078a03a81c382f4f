import type { DisplayEvent, LineContext } from '@x/core';
import { arrayField, isJsonObject, numberField, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { promptOf, recordUsage } from './log-rules.js';
import { readShellResult } from './shell-output.js';
import { deferredCall } from './tool-names.js';
import { isLogShellCall, type QwenLogState, rememberLogShellCall } from './log-state.js';

/**
 * A `user` record: the person's prompt ({@link promptOf}); Qwen Code's own
 * messages to the model are shown as nothing.
 */
export function userRecord(state: QwenLogState, record: JsonObject, context: LineContext): DisplayEvent[] {
  if (arrayField(objectField(record, 'message'), 'parts') === undefined) {
    context.malformed('user record without message.parts[]');
    return [];
  }
  const text = promptOf(record);
  // Either way the model was asked something: until it answers, the turn is open.
  state.last = 'prompt';
  if (text === undefined) {
    context.ignore(`Qwen Code's own message to the model (${stringField(record, 'provenance') ?? stringField(record, 'subtype') ?? 'system'})`);
    return [];
  }
  const id = stringField(record, 'uuid');
  const timestamp = stringField(record, 'timestamp');
  return [{ kind: 'prompt', form: 'prompt', text, ...(id === undefined ? {} : { id }), ...(timestamp === undefined ? {} : { timestamp }) }];
}

function partEvents(state: QwenLogState, part: JsonObject, id: string): DisplayEvent[] {
  const call = objectField(part, 'functionCall');
  if (call !== undefined) {
    const toolName = stringField(call, 'name') ?? 'unknown';
    const input = ownField(call, 'args') ?? {};
    const callId = stringField(call, 'id');
    if (callId !== undefined && toolName === 'run_shell_command') rememberLogShellCall(state, callId);
    state.last = 'calls';
    return state.tracker.start({ id: callId, toolName, input, ...deferredCall(toolName, input) });
  }
  const text = stringField(part, 'text');
  if (text === undefined || text === '') return [];
  return [{ kind: ownField(part, 'thought') === true ? 'reasoning' : 'text', id, text }];
}

/** An `assistant` record: one model response (its parts: text, thoughts, function calls) and its usage. */
export function assistantRecord(state: QwenLogState, record: JsonObject, context: LineContext): DisplayEvent[] {
  const parts = arrayField(objectField(record, 'message'), 'parts');
  if (parts === undefined) {
    context.malformed('assistant record without message.parts[]');
    return [];
  }
  state.anonymous += stringField(record, 'uuid') === undefined ? 1 : 0;
  const messageId = stringField(record, 'uuid') ?? `message-${state.anonymous}`;
  state.last = 'answer';
  const events = parts.flatMap((part, index) => (isJsonObject(part) ? partEvents(state, part, index === 0 ? messageId : `${messageId}:${index}`) : []));
  const usage = recordUsage(record);
  if (usage !== undefined) events.push(usage);
  // A response the stream broke off (an interrupted run) is written without its usage: the turn did not finish.
  else if (state.last === 'answer') state.last = 'cut';
  if (events.length === 0) context.ignore('assistant record with nothing to show');
  return events;
}

/** One `functionResponse` part: the call's end; an error when the response or the record's `toolCallResult` says so. */
function responseEvents(state: QwenLogState, response: JsonObject, result: JsonObject | undefined): DisplayEvent[] {
  const id = stringField(response, 'id') ?? stringField(result, 'callId');
  if (id === undefined) return [];
  const body = objectField(response, 'response');
  const error = stringField(body, 'error') ?? stringField(objectField(result, 'error'), 'message');
  const status = error !== undefined || stringField(result, 'status') === 'error' || stringField(result, 'status') === 'cancelled' ? 'error' : 'success';
  const output = ownField(body, 'output') ?? error;
  if (typeof output === 'string' && isLogShellCall(state, id)) {
    const shell = readShellResult(output);
    const exitCode = numberField(objectField(result, 'resultDisplay'), 'exitCode') ?? shell.exitCode;
    const failed = status === 'error' || (exitCode !== undefined && exitCode !== 0);
    // A command that ran and failed says so by its exit code; its record is no error message.
    const errorMessage = shell.exitCode === undefined ? error : undefined;
    return state.tracker.finish(id, {
      status: failed ? 'error' : 'success',
      output: shell.output,
      exitCode,
      errorMessage,
      durationMs: numberField(result, 'durationMs'),
    });
  }
  return state.tracker.finish(id, { status, output, errorMessage: error, durationMs: numberField(result, 'durationMs') });
}

/** A `tool_result` record: the responses to the calls of the answer before it. */
export function toolResultRecord(state: QwenLogState, record: JsonObject, context: LineContext): DisplayEvent[] {
  const parts = arrayField(objectField(record, 'message'), 'parts');
  if (parts === undefined) {
    context.malformed('tool_result record without message.parts[]');
    return [];
  }
  const result = objectField(record, 'toolCallResult');
  state.last = 'result';
  const events = parts.flatMap((part) => {
    const response = objectField(part, 'functionResponse');
    return response === undefined ? [] : responseEvents(state, response, result);
  });
  if (events.length === 0) context.ignore('tool_result record with no new result');
  return events;
}
