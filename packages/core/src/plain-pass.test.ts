import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DisplayEvent } from './display-event.js';
import { replayLines } from './line-accounting.js';
import { createPlainPass, SPLIT_LINE_END_BLOCKS } from './plain-pass.js';
import { toPlainText } from './plain-text.js';
import { defineSource } from './source.js';

const text = (id: string, body: string): DisplayEvent => ({ kind: 'text', id, text: body });
const reasoning = (id: string, body: string): DisplayEvent => ({ kind: 'reasoning', id, text: body });
const texts = (events: DisplayEvent[]) => events.map((event) => (event as { text: string }).text);

describe('createPlainPass: a CRLF cut between two increments of a block', () => {
  it('is one line end, as in the block whole', () => {
    const plain = createPlainPass();
    expect(texts([text('m', 'Let me\r'), text('m', '\nread it.')].map(plain))).toEqual(['Let me\n', 'read it.']);
  });

  it('leaves an increment that is only the LF empty, and the next one as it is', () => {
    const plain = createPlainPass();
    expect(texts([text('m', 'a\r'), text('m', '\n'), text('m', '\nb')].map(plain))).toEqual(['a\n', '', '\nb']);
  });

  it('keeps a CR, then a CRLF, as two line ends', () => {
    const plain = createPlainPass();
    expect(texts([text('m', 'a\r'), text('m', '\r\nb')].map(plain))).toEqual(['a\n', '\nb']);
  });

  it('joins only increments of the same block and kind', () => {
    const plain = createPlainPass();
    const events = [text('m', 'a\r'), text('other', '\nb'), reasoning('m', '\nc'), text('m', '\nd')].map(plain);
    expect(texts(events)).toEqual(['a\n', '\nb', '\nc', 'd']);
  });

  it('joins across other events between the two increments', () => {
    const plain = createPlainPass();
    const usage: DisplayEvent = { kind: 'usage', inputTokens: 1, outputTokens: 1 } as DisplayEvent;
    expect(texts([text('m', 'a\r'), usage, text('m', '\nb')].map(plain).filter((event) => event.kind === 'text'))).toEqual(['a\n', 'b']);
  });

  it('remembers at most SPLIT_LINE_END_BLOCKS blocks, forgetting the oldest', () => {
    const plain = createPlainPass();
    for (let i = 0; i <= SPLIT_LINE_END_BLOCKS; i++) plain(text(`b${i}`, 'x\r'));
    // b0 was forgotten when the 65th block ended in CR; b1 is still remembered.
    expect(texts([plain(text('b0', '\ny')), plain(text('b1', '\ny'))])).toEqual(['\ny', 'y']);
  });

  it('remembers a long id by its compact key, not its text', () => {
    const plain = createPlainPass();
    const id = 'i'.repeat(50_000);
    plain(text(id, 'x\r'));
    expect(texts([plain(text(`${id.slice(1)}j`, '\ny')), plain(text(id, '\ny'))])).toEqual(['\ny', 'y']);
  });

  it('makes the increments of any cut read as the block made plain whole (fast-check, seed 4242)', () => {
    const body = fc.string({ unit: fc.constantFrom('a', 'b', '\r', '\n', ' '), maxLength: 40 });
    fc.assert(
      fc.property(body, fc.array(fc.nat(40), { maxLength: 8 }), (whole, cuts) => {
        const at = [...new Set(cuts.map((cut) => Math.min(cut, whole.length)))].sort((a, b) => a - b);
        const pieces = [0, ...at].map((from, i) => whole.slice(from, at[i] ?? whole.length));
        const plain = createPlainPass();
        expect(texts(pieces.map((piece) => plain(text('m', piece)))).join('')).toBe(toPlainText(whole));
      }),
      { seed: 4242, numRuns: 1_000 },
    );
  });
});

describe('the pipeline runs one plain pass per stream', () => {
  const deltas = defineSource({
    specificationVersion: 'v1',
    id: 'deltas',
    displayName: 'Deltas',
    cadence: 'streaming',
    detect: () => ({ confidence: 0, evidence: '' }),
    createParser: () => ({ parse: (line) => [text('m', JSON.parse(line) as string)], flush: () => [] }),
  });

  it('joins a CRLF cut between lines of one stream, and not between two streams', () => {
    const lines = [JSON.stringify('a\r'), JSON.stringify('\nb')];
    expect(texts(replayLines(deltas, lines).events)).toEqual(['a\n', 'b']);
    expect(texts([...replayLines(deltas, lines.slice(0, 1)).events, ...replayLines(deltas, lines.slice(1)).events])).toEqual(['a\n', '\nb']);
  });
});
