import type { Redaction } from './session.js';

/** The last word of a text: where a text is cut, what is left of a secret too short for its rule (`ghp_` and 20 characters). */
const LAST_WORD = /[^\s"'`,;]+$/;

/**
 * At most `chars` characters of a line quoted on standard error (a rejected
 * line's excerpt, the first line of a stream of no known format). Behind
 * `--redact` it is redacted before it is cut, and where a cut goes through a
 * word (this one, or an earlier one that made the text longer than it shows,
 * as core cuts an excerpt) the word is left out: its first part may be a
 * secret's, and no rule knows it as one.
 */
export function shownExcerpt(text: string, chars: number, redact: Redaction | undefined): string {
  if (redact === undefined || text.length <= chars) return (redact ? redact.text(text) : text).slice(0, chars);
  const redacted = redact.text(text).replace(LAST_WORD, '');
  const shown = redacted.slice(0, chars);
  return redacted.length > chars && LAST_WORD.test(redacted.slice(0, chars + 1)) ? shown.replace(LAST_WORD, '') : shown;
}
