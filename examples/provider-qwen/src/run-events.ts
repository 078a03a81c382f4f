import type { DisplayEvent, LineContext } from '@x/core';
import { numberField, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { API_ERROR, usageOf } from './assistant-events.js';
import type { QwenState } from './state.js';

/** `system`/`init`: the session starts, with its id, model, folder and Qwen Code's version. */
export function initEvents(state: QwenState, line: JsonObject): DisplayEvent[] {
  return state.lifecycle.start({
    sessionId: stringField(line, 'session_id'),
    model: stringField(line, 'model'),
    cwd: stringField(line, 'cwd'),
    agentVersion: stringField(line, 'qwen_code_version'),
  });
}

/** A `system` line: `init`, a background subagent's start and end, or a model fallback worth a notice. */
export function systemEvents(state: QwenState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const subtype = stringField(line, 'subtype');
  if (subtype === 'init') return initEvents(state, line);
  // A background subagent (0.24's `agent` tool): its start is the call already shown; its end is worth a line.
  if (subtype === 'task_started') {
    context.ignore('task_started: the agent call is shown already');
    return [];
  }
  if (subtype === 'task_notification') {
    const data = objectField(line, 'data');
    const status = stringField(data, 'status') ?? 'finished';
    const call = stringField(data, 'tool_use_id');
    return [
      {
        kind: 'notice',
        level: status === 'completed' ? 'info' : 'warning',
        message: `Background agent ${status}`,
        code: 'task_notification',
        ...(call === undefined ? {} : { parentToolUseId: call }),
      },
    ];
  }
  if (subtype === 'model_fallback') {
    const to = stringField(line, 'to_model') ?? stringField(line, 'model');
    return [
      {
        kind: 'notice',
        level: 'warning',
        message: to === undefined ? 'Qwen Code fell back to another model' : `Qwen Code fell back to ${to}`,
        code: 'model_fallback',
      },
    ];
  }
  context.unknown(`unknown system subtype ${JSON.stringify(subtype ?? null)}`);
  return [];
}

/**
 * A failed run's message from its `result`: the whole text of the model's
 * last response, what it said before the stream broke off included
 * (`Let me start[API Error: …]`, overloaded-cut of 0.8.2 and 0.15.10). The
 * failure is the part from `[API Error: `, which the text already showed as
 * the error: the same message, so it is not shown again.
 */
function failureOf(line: JsonObject): string | undefined {
  const result = stringField(line, 'result');
  const failure = result?.indexOf(API_ERROR) ?? -1;
  return result !== undefined && failure > 0 ? result.slice(failure) : result;
}

/**
 * The `result` line that ends a run: the run's usage (the total of every
 * request, side requests included), and how it ended. A failed run
 * (`is_error`, subtype `error_during_execution` or `error_max_turns`) says
 * why in `error.message`. 0.15 (and 0.8) ends a run whose request failed with
 * subtype `success` and the `[API Error: …]` text as its `result`: it ends in
 * error all the same.
 */
export function resultEvents(state: QwenState, line: JsonObject): DisplayEvent[] {
  const events: DisplayEvent[] = [];
  const usage = usageOf(objectField(line, 'usage'), true);
  if (usage !== undefined) events.push(usage);
  const fields = { durationMs: numberField(line, 'duration_ms'), turns: numberField(line, 'num_turns') };
  if (ownField(line, 'is_error') === true || state.requestFailed) {
    const message =
      stringField(objectField(line, 'error'), 'message') ??
      failureOf(line) ??
      `Qwen Code ended the run with ${stringField(line, 'subtype') ?? 'an error'}`;
    events.push(...state.lifecycle.error({ kind: 'error', message, fatal: true }));
    events.push(...state.lifecycle.end('error', fields));
    return events;
  }
  events.push(...state.lifecycle.end('success', { ...fields, result: stringField(line, 'result') }));
  return events;
}
