import type { ClaudeAssistantLine, ClaudeStreamEventLine, ClaudeUserLine } from './wire-schema.js';

/*
 * The three line types that make up nearly every line of a stream, checked
 * by hand: each function is true exactly when its schema in wire-schema.ts
 * accepts the value (wire-check.test.ts holds them to that), and the parser
 * then reads the line as it is. Zod's parse builds a stripped copy of the
 * envelope on every line, which was about a tenth of the source's time on a
 * stream with partial messages (x-bench). A line that fails a check goes
 * through the schema, which says what is wrong with it.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `z.string().nullish()` */
function isOptionalString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

/** The fields every envelope declares as `z.string().nullish()`. */
function hasThreadFields(line: Record<string, unknown>): boolean {
  return isOptionalString(line.parent_tool_use_id) && isOptionalString(line.session_id);
}

/** Whether `claudeAssistantSchema` accepts `value`. */
export function isAssistantLine(value: unknown): value is ClaudeAssistantLine {
  if (!isRecord(value) || value.type !== 'assistant' || !hasThreadFields(value) || !isOptionalString(value.error)) return false;
  const message = value.message;
  return isRecord(message) && isOptionalString(message.id) && isOptionalString(message.model);
}

/** Whether `claudeUserSchema` accepts `value`. */
export function isUserLine(value: unknown): value is ClaudeUserLine {
  if (!isRecord(value) || value.type !== 'user' || !hasThreadFields(value)) return false;
  const replay = value.isReplay;
  return isRecord(value.message) && (replay === undefined || replay === null || typeof replay === 'boolean');
}

/** Whether `claudeStreamEventSchema` accepts `value`. */
export function isStreamEventLine(value: unknown): value is ClaudeStreamEventLine {
  if (!isRecord(value) || value.type !== 'stream_event' || !hasThreadFields(value)) return false;
  const event = value.event;
  if (!isRecord(event) || !isOptionalString(event.type)) return false;
  const index = event.index;
  // zod's number is a finite one (JSON.parse turns 1e999 into Infinity).
  return index === undefined || index === null || (typeof index === 'number' && Number.isFinite(index));
}
