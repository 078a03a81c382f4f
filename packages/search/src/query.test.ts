import { describe, expect, it } from 'vitest';
import { MAX_CANDIDATES, rankEvents, type TermPostings } from './query.js';

/** A term's postings in parts, each a list of (ordinal, eventIndex, field code). */
function postings(parts: [number, number, number][][]): TermPostings {
  return {
    count: parts.reduce((n, p) => n + p.length, 0),
    parts: parts.length,
    async forEachIn(part, want, visit) {
      for (const [ordinal, event, code] of parts[part] ?? []) if (want(ordinal)) visit(ordinal, event * 8 + code);
    },
  };
}

describe('rankEvents', () => {
  it('keeps events holding every term, best field first, newer sessions on ties', async () => {
    const a = postings([
      [
        [1, 0, 5],
        [1, 2, 0],
        [2, 4, 5],
      ],
    ]);
    const b = postings([
      [
        [1, 2, 0],
        [2, 4, 5],
        [3, 0, 0],
      ],
    ]);
    const ranked = await rankEvents([a, b], 100, () => true, 10);
    expect(ranked.map((r) => [r.ordinal, r.eventIndex, r.field])).toEqual([
      [1, 2, 'prompt'],
      [2, 4, 'output'],
    ]);
  });

  it('ranks only the newest parts of a term found everywhere, once they hold enough candidates', async () => {
    const old: [number, number, number][] = [[0, 0, 0]];
    const newest: [number, number, number][] = Array.from({ length: MAX_CANDIDATES }, (_, i) => [1 + i, 0, 5]);
    const ranked = await rankEvents([postings([old, newest])], 100, () => true, 5);
    expect(ranked.every((r) => r.ordinal > 0)).toBe(true);
    const all = await rankEvents([postings([old, newest.slice(0, 10)])], 100, () => true, 1);
    expect(all[0]?.ordinal).toBe(0);
  });
});
