import type { DisplayEvent } from '@x/core';
import type { SearchField } from './types.js';

/** Field codes as postings store them (3 bits), in the order {@link eventFields} lists fields. */
export const FIELDS: readonly SearchField[] = ['prompt', 'text', 'reasoning', 'command', 'path', 'output'];

/** One searchable text of an event. */
export interface EventField {
  code: number;
  text: string;
}

/** Input keys whose string values are file paths. */
const PATH_KEY = /path|file|dir|cwd/i;
/** Deep enough for any tool input seen in the agents' logs; a deeper value is no command. */
const MAX_DEPTH = 6;

/**
 * The searchable texts of an event, by field, in field-code order:
 * prompt, text and reasoning text; a tool call's input as `command` (its
 * string values: a shell command, a pattern, an edit's text) and its path
 * values as `path`; a result's output, stderr and error as `output` and its
 * paths as `path`; errors' and notices' messages as `output`.
 * The same event always gives the same texts: snippets are cut from them again.
 */
export function eventFields(event: DisplayEvent): EventField[] {
  switch (event.kind) {
    case 'prompt':
      return field(0, event.text);
    case 'text':
      return field(1, event.text);
    case 'reasoning':
      return field(2, event.text);
    case 'tool-use':
      return toolUseFields(event.arg, event.input);
    case 'tool-result':
      return [
        ...field(4, joined([event.details.path, ...(event.details.changes ?? []).map((c) => c.path)])),
        ...field(5, joined([event.output, event.details.stderr, event.details.errorMessage])),
      ];
    case 'error':
    case 'notice':
      return field(5, event.message);
    default:
      return [];
  }
}

function toolUseFields(arg: string, input: unknown): EventField[] {
  const commands: string[] = [arg];
  const paths: string[] = [];
  collectStrings(input, '', 0, commands, paths);
  return [...field(3, joined(commands)), ...field(4, joined(paths))];
}

function collectStrings(value: unknown, key: string, depth: number, commands: string[], paths: string[]): void {
  if (typeof value === 'string') (PATH_KEY.test(key) ? paths : commands).push(value);
  else if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return;
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, key, depth + 1, commands, paths);
  // Object.keys lists own keys only: a `__proto__` key from JSON.parse is read as data.
  else for (const name of Object.keys(value)) collectStrings((value as Record<string, unknown>)[name], name, depth + 1, commands, paths);
}

function joined(parts: readonly (string | undefined)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join('\n');
}

function field(code: number, text: string): EventField[] {
  return text.length > 0 ? [{ code, text }] : [];
}
