/**
 * Runs of combining marks that the marker of invisible-characters.ts cannot
 * see whole: split by markup written between marked pieces, or by the
 * deltas of a block that streams. Both bound a run at
 * {@link MAX_COMBINING_MARKS} marks as the marker does, counting the joiners
 * and variation selectors it keeps between marks as part of the run.
 */
import { invisibleNotation, KEPT_BETWEEN_MARKS, MARK_FREE, MAX_COMBINING_MARKS, STACKING_MARK } from './invisible-characters.js';

/** The expressions of {@link boundMarksAcross} for one kind of markup: whether a mark follows it, and a run through it. */
interface AcrossExpressions {
  markAfter: RegExp;
  run: RegExp;
  piece: RegExp;
}
const across = new Map<string, AcrossExpressions>();

function acrossExpressions(markup: string): AcrossExpressions {
  let found = across.get(markup);
  if (found === undefined) {
    found = {
      markAfter: new RegExp(`(?:${markup})[^${MARK_FREE}]`),
      run: new RegExp(`(?:${STACKING_MARK}(?:${KEPT_BETWEEN_MARKS}|${markup})*){${MAX_COMBINING_MARKS + 1},}`, 'gv'),
      // The mark and a kept joiner or selector in the first groups: `markup` is whatever the caller writes, and its groups come after.
      piece: new RegExp(`(${STACKING_MARK})|(${KEPT_BETWEEN_MARKS})|(?:${markup})`, 'gv'),
    };
    across.set(markup, found);
  }
  return found;
}

/**
 * `text` with runs of more than {@link MAX_COMBINING_MARKS} combining marks
 * bounded where markup splits them: text that was marked piece by piece
 * (an emphasis, a code span, a styled segment each) can still stack the
 * marks of every piece on one letter, `a` + 8 marks + `<em>` + 8 marks
 * `</em>`. `markup` is a `v`-flag expression for what lies between the
 * pieces and draws nothing (`<[^>]*>` for HTML of one's own); the marks past
 * that many are written as {@link invisibleNotation}, the markup kept. A text
 * where no mark follows markup is returned as it is.
 */
export function boundMarksAcross(text: string, markup: string): string {
  const expressions = acrossExpressions(markup);
  if (!expressions.markAfter.test(text)) return text;
  return text.replace(expressions.run, (run) => {
    let marks = 0;
    return run.replace(expressions.piece, (piece: string, mark: string | undefined, kept: string | undefined) => {
      if (mark === undefined && kept === undefined) return piece;
      if (mark !== undefined) marks += 1;
      return marks > MAX_COMBINING_MARKS ? invisibleNotation(piece.codePointAt(0) as number) : piece;
    });
  });
}

/** One mark, and one joiner or selector kept between marks, compiled when a delta first needs them. */
const deltaExpressions: { compiled: { mark: RegExp; kept: RegExp } | undefined } = { compiled: undefined };

/** The code point of `text` that starts at `at` (a surrogate pair, else one code unit, a lone surrogate too), as `Array.from` splits it. */
function charAt(text: string, at: number): string {
  const code = text.charCodeAt(at);
  if (code >= 0xd800 && code <= 0xdbff && at + 1 < text.length) {
    const next = text.charCodeAt(at + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return text.slice(at, at + 2);
  }
  return text[at] as string;
}

/** The code point of `text` that ends just before `end`. */
function charBefore(text: string, end: number): string {
  const code = text.charCodeAt(end - 1);
  if (code >= 0xdc00 && code <= 0xdfff && end >= 2) {
    const before = text.charCodeAt(end - 2);
    if (before >= 0xd800 && before <= 0xdbff) return text.slice(end - 2, end);
  }
  return text[end - 1] as string;
}

/**
 * A delta of a streaming block, already marked, with the marks of the run it
 * starts with shown as notation past {@link MAX_COMBINING_MARKS} when the
 * deltas before it ended in `marksBefore` marks; and the marks it ends with,
 * for the next delta. Each delta bounded alone would let `a` and then deltas
 * of eight marks each stack every one of them on the `a`.
 *
 * It runs on every delta a renderer shows, so it walks the string by index
 * and looks only at the runs at its two ends: splitting the whole delta into
 * code points and joining it again cost 3% of a terminal render (x-bench,
 * codex-recorded). mark-runs.test.ts holds it to that split-and-join form.
 */
export function boundMarksOfDelta(marksBefore: number, marked: string): { text: string; marks: number } {
  deltaExpressions.compiled ??= { mark: new RegExp(`^${STACKING_MARK}$`, 'v'), kept: new RegExp(`^${KEPT_BETWEEN_MARKS}$`, 'v') };
  const { mark, kept } = deltaExpressions.compiled;
  let text = '';
  let at = 0;
  let marks = marksBefore;
  while (at < marked.length) {
    const char = charAt(marked, at);
    const isMark = mark.test(char);
    if (!isMark && !kept.test(char)) break;
    if (isMark) marks += 1;
    text += marks > MAX_COMBINING_MARKS ? invisibleNotation(char.codePointAt(0) as number) : char;
    at += char.length;
  }
  if (at === marked.length) return { text, marks };
  text += at === 0 ? marked : marked.slice(at);
  marks = 0;
  for (let end = marked.length; end > at; ) {
    const char = charBefore(marked, end);
    if (mark.test(char)) marks += 1;
    else if (!kept.test(char)) break;
    end -= char.length;
  }
  return { text, marks };
}
