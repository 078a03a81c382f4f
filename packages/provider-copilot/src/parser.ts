import type { DisplayEvent, LineContext, SourceParser } from '@x/core';
import { isJsonObject, type JsonObject, jsonShapeRefusal, ownField, parseJson, quickAccept, type QuickSchema, stringField } from '@x/core/provider-utils';
import type { z } from 'zod';
import { assistantMessage, messageDelta, reasoning, turnEnd, turnStart } from './assistant-events.js';
import { otherEvents } from './other-events.js';
import { flushEvents, resultEvents } from './result-events.js';
import { abort, infoData, sessionError, sessionNotice, sessionResume, sessionStart, subagentFailed, taskComplete } from './session-events.js';
import { createCopilotState, type CopilotSourceOptions, type CopilotState } from './state.js';
import { toolComplete, toolStart } from './tool-events.js';
import {
  copilotLineSchema,
  otherEventLineSchema,
  resultLineSchema,
  sharedEventLineSchemas,
  typesOf,
  type CopilotLine,
  type CopilotOtherLine,
} from './wire-schema.js';

/** A line whose envelope passed: one of the types a schema union knows, or another event line. */
export type ReadLine<L> = { known: true; line: L } | { known: false; line: CopilotOtherLine };

/** The wire schemas, with their common lines checked without zod (quickAccept). */
const copilotLine = quickAccept(copilotLineSchema);
const otherEventLine = quickAccept(otherEventLineSchema);

/** The types {@link copilotLineSchema} knows. */
const COPILOT_LINE_TYPES = typesOf([resultLineSchema, ...sharedEventLineSchemas]);

/** The value at `path` inside `value`, own fields only. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) current = Array.isArray(current) && typeof key === 'number' ? current[key] : ownField(current, String(key));
  return current;
}

/** A malformed line's reason, from the first problem the schema found. */
function describeIssue(type: string, value: JsonObject, issue: z.core.$ZodIssue): string {
  if (issue.code === 'custom') return issue.message;
  if (issue.path.length === 1 && issue.path[0] === 'data') return `"${type}" event without a "data" object`;
  const field = issue.path.map(String).join('.');
  return valueAt(value, issue.path) === undefined ? `${type} without ${field}` : `${type} with ${field} of the wrong type`;
}

/**
 * Reads one line: JSON, an object with a `type`, then its envelope checked
 * with `schema` (for the types in `known`) or as any event line. Reports a
 * line that fails as malformed, with why, and returns `undefined`.
 */
export function readCopilotLine<L>(text: string, context: LineContext, schema: QuickSchema<L>, known: ReadonlySet<string>): ReadLine<L> | undefined {
  const value = parseJson(text)?.value;
  if (value === undefined) context.malformed(jsonShapeRefusal(text) ?? 'not JSON');
  else if (!isJsonObject(value)) context.malformed('not a JSON object');
  if (!isJsonObject(value)) return undefined;
  const type = stringField(value, 'type');
  if (type === undefined) {
    context.malformed('no "type" field');
    return undefined;
  }
  const parsed = known.has(type) ? schema.safeParse(value) : otherEventLine.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    context.malformed(issue === undefined ? `"${type}" line that does not fit its type` : describeIssue(type, value, issue));
    return undefined;
  }
  return known.has(type) ? { known: true, line: parsed.data as L } : { known: false, line: parsed.data as CopilotOtherLine };
}

/** The events of a line of a type the stdout parser shows, by type. */
export function copilotEvents(state: CopilotState, line: CopilotLine, context: LineContext): DisplayEvent[] {
  switch (line.type) {
    case 'result':
      return resultEvents(state, line);
    case 'session.start':
      return sessionStart(state, line.data, context);
    case 'session.resume':
      return sessionResume(state, line.data, context);
    case 'assistant.turn_start':
      return turnStart(state, line.data, context);
    case 'assistant.turn_end':
      return turnEnd(state, line.data, context);
    case 'assistant.message_delta':
      return messageDelta(state, line.data, context);
    case 'assistant.message':
      return assistantMessage(state, line.data, line.id, context);
    case 'assistant.reasoning_delta':
    case 'assistant.reasoning':
      return reasoning(state, line.data, context);
    case 'tool.execution_start':
      return toolStart(state, line.data, context);
    case 'tool.execution_complete':
      return toolComplete(state, line.data, context);
    case 'session.error':
      return sessionError(state, line.data, context);
    case 'session.warning':
      return sessionNotice('warning', line.data, line.data.warningType, context);
    case 'session.info':
      return sessionNotice('info', infoData(line.data), line.data.infoType, context);
    case 'session.task_complete':
      return taskComplete(line.data);
    case 'subagent.failed':
      return subagentFailed(line.data);
    case 'abort':
      return abort(state, line.data);
  }
}

/**
 * Creates the parser of one `copilot -p … --output-format json` stream:
 * each line is read with the wire schema and handed to the handler of its
 * type; types without one are ignored with a reason or reported as unknown.
 */
export function createCopilotParser(options: CopilotSourceOptions = {}): SourceParser {
  const state = createCopilotState(options);
  return {
    parse(text, context) {
      const read = readCopilotLine(text, context, copilotLine, COPILOT_LINE_TYPES);
      if (read === undefined) return [];
      return read.known ? copilotEvents(state, read.line, context) : otherEvents(read.line, context);
    },
    flush: () => flushEvents(state),
  };
}
