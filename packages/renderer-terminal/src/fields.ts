import { sanitizeLine } from './sanitize.js';

/** A string field of an event, or `''` when it is not a string. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A field shown inline: any newline or control character in it becomes visible. */
export function field(value: unknown): string {
  return sanitizeLine(str(value));
}

const WHITESPACE_RUN = /\s+/g;

/** A message that may span lines, such as an error, folded onto one line. */
export function message(value: unknown): string {
  return sanitizeLine(str(value).replace(WHITESPACE_RUN, ' ').trim());
}
