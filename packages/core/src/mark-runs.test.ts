import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invisibleNotation, KEPT_BETWEEN_MARKS, MAX_COMBINING_MARKS, STACKING_MARK } from './invisible-characters.js';
import { boundMarksOfDelta } from './mark-runs.js';

/**
 * boundMarksOfDelta as it was first written: the delta split into code
 * points, the leading run bounded, the trailing run counted, joined again.
 * The function walks the string by index instead; this is what it must equal.
 */
const mark = new RegExp(`^${STACKING_MARK}$`, 'v');
const kept = new RegExp(`^${KEPT_BETWEEN_MARKS}$`, 'v');

function splitAndJoin(marksBefore: number, marked: string): { text: string; marks: number } {
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

/** Deltas of marks, joiners, selectors, letters, astral marks and lone or paired surrogates in any order. */
const DELTA = fc
  .array(
    fc.constantFrom('a', ' ', '\n', 'é', '日', '👩', '\u0301', '\u0301\u0301\u0301\u0301', '\u05b7', '\u20e3', '\u200c', '\u200d', '\ufe0f', '\u{e0100}', '\u{1d173}', '\u{1d165}', '\u034f', '\ud834', '\udd1e', '\ud800\ud800\udc00', '\\u0301'),
    { maxLength: 30 },
  )
  .map((pieces) => pieces.join(''));

describe('boundMarksOfDelta', () => {
  it('equals splitting the delta into code points and joining it again (fixed seed)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_COMBINING_MARKS + 3 }), fc.oneof(DELTA, fc.string({ unit: 'binary' })), (before, delta) => {
        expect(boundMarksOfDelta(before, delta)).toEqual(splitAndJoin(before, delta));
      }),
      { seed: 34, numRuns: 2000 },
    );
  });

  it('shows the marks past the bound that a delta adds to the run before it, and counts the run it ends with', () => {
    const eight = '\u0301'.repeat(8);
    const first = boundMarksOfDelta(0, `a${eight}`);
    expect(first).toEqual({ text: `a${eight}`, marks: 8 });
    const second = boundMarksOfDelta(first.marks, `${eight}b\u0301`);
    expect(second).toEqual({ text: `${invisibleNotation(0x301).repeat(8)}b\u0301`, marks: 1 });
  });
});
