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

/**
 * A delta of a streaming block, already marked, with the marks of the run it
 * starts with shown as notation past {@link MAX_COMBINING_MARKS} when the
 * deltas before it ended in `marksBefore` marks; and the marks it ends with,
 * for the next delta. Each delta bounded alone would let `a` and then deltas
 * of eight marks each stack every one of them on the `a`.
 */
export function boundMarksOfDelta(marksBefore: number, marked: string): { text: string; marks: number } {
  deltaExpressions.compiled ??= { mark: new RegExp(`^${STACKING_MARK}$`, 'v'), kept: new RegExp(`^${KEPT_BETWEEN_MARKS}$`, 'v') };
  const { mark, kept } = deltaExpressions.compiled;
  const chars = Array.from(marked);
  let lead = 0;
  let marks = marksBefore;
  for (; lead < chars.length; lead += 1) {
    const char = chars[lead] as string;
    const isMark = mark.test(char);
    if (!isMark && !kept.test(char)) break;
    if (isMark) marks += 1;
    if (marks > MAX_COMBINING_MARKS) chars[lead] = invisibleNotation(char.codePointAt(0) as number);
  }
  if (lead === chars.length) return { text: chars.join(''), marks };
  marks = 0;
  for (let i = chars.length - 1; i >= lead; i -= 1) {
    const char = chars[i] as string;
    if (mark.test(char)) marks += 1;
    else if (!kept.test(char)) break;
  }
  return { text: chars.join(''), marks };
}
