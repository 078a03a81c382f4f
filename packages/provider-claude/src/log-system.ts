import type { DisplayEvent, LineContext } from '@x/core';
import { compactionNotice, numberField, objectField, stringField, type JsonObject } from '@x/core/provider-utils';
import { holdForStart, type ClaudeLogState } from './log-state.js';
import { userTextEvent } from './user-prompt.js';

/** The notice of a `system` line, or `undefined` when it has no text to show. */
function systemNotice(line: JsonObject, subtype: string): DisplayEvent | undefined {
  if (subtype === 'compact_boundary') {
    const meta = objectField(line, 'compactMetadata');
    return compactionNotice({ trigger: stringField(meta, 'trigger'), tokensBefore: numberField(meta, 'preTokens'), tokensAfter: numberField(meta, 'postTokens') });
  }
  const content = stringField(line, 'content')?.trim();
  if (!content) return undefined;
  const typed = userTextEvent(content);
  if (typed?.kind === 'notice') return typed;
  const level = stringField(line, 'level');
  return { kind: 'notice', level: level === 'warning' || level === 'error' ? 'warning' : 'info', message: content, code: subtype };
}

/**
 * A `system` line: a compaction becomes a notice with code `compaction`; one
 * with text content (a slash command's output, an informational banner) a
 * notice at its level; the rest (durations, hook summaries) is ignored. Before
 * the session start it is held, as the start waits for the model.
 */
export function systemLine(state: ClaudeLogState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const subtype = stringField(line, 'subtype') ?? '(none)';
  const event = systemNotice(line, subtype);
  if (event === undefined) {
    context.ignore(`system/${subtype} without text to show`);
    return [];
  }
  const timestamp = stringField(line, 'timestamp');
  if (timestamp !== undefined) event.timestamp = timestamp;
  if (state.lifecycle.open) return [event];
  const released = holdForStart(state, [event]);
  if (released.length === 0) context.ignore('held until the first assistant line, which names the model for the session start');
  return released;
}
