import type { DisplayEvent, LineContext, UsageDisplayEvent } from '@x/core';
import type { JsonObject } from '@x/core/provider-utils';
import { interrupt, type GooseState } from './state.js';
import { readComplete, readError, readNotification, type GooseCompleteEvent } from './wire-schema.js';

const NO_MESSAGE = 'goose ended the run with an error and no message';

/** The run's totals from `complete`, or `undefined` when it has none (early releases sent `total_tokens` only). */
function usageOf(complete: GooseCompleteEvent): UsageDisplayEvent | undefined {
  const usage: UsageDisplayEvent = { kind: 'usage', cumulative: true };
  if (complete.input_tokens !== undefined) usage.inputTokens = complete.input_tokens;
  if (complete.output_tokens !== undefined) usage.outputTokens = complete.output_tokens;
  if (complete.cache_read_input_tokens !== undefined) usage.cacheReadTokens = complete.cache_read_input_tokens;
  if (complete.cache_write_input_tokens !== undefined) usage.cacheWriteTokens = complete.cache_write_input_tokens;
  if (complete.cost_usd !== undefined) usage.costUsd = complete.cost_usd;
  return Object.keys(usage).length > 2 ? usage : undefined;
}

/** A `notification` line: an extension's log message as a notice; progress ticks are ignored. */
export function notificationEvents(state: GooseState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const read = readNotification(line);
  if (read === undefined) {
    context.malformed('notification without a string extension_id');
    return [];
  }
  if (read.log !== undefined) {
    if (read.log.message === '') {
      context.ignore('empty log notification');
      return [];
    }
    interrupt(state);
    return [{ kind: 'notice', level: 'info', message: read.log.message }];
  }
  // Progress ticks of a long tool call: worth a status bar, not a line each.
  if (read.progress !== undefined) context.ignore('MCP progress notification');
  else context.unknown('notification that is neither log nor progress');
  return [];
}

/** An `error` line: the failure that ended the run. */
export function errorEvents(state: GooseState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const read = readError(line);
  if (read === undefined) {
    context.malformed('error line without a string error');
    return [];
  }
  interrupt(state);
  state.ended = true;
  // Goose prints `error` only for the failure that ended the run; no `complete` follows.
  return [
    { kind: 'error', message: read.error === '' ? NO_MESSAGE : read.error, fatal: true },
    { kind: 'session', phase: 'end', status: 'error' },
  ];
}

/** A `complete` line: the run's usage, and its successful end. */
export function completeEvents(state: GooseState, line: JsonObject): DisplayEvent[] {
  interrupt(state);
  state.ended = true;
  const usage = usageOf(readComplete(line));
  return [...(usage === undefined ? [] : [usage]), { kind: 'session', phase: 'end', status: 'success' }];
}
