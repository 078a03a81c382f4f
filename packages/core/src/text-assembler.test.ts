import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactKey, createTextHash } from './recent-keys.js';
import { createBoundedText, createTextAssembler, TEXT_ASSEMBLER_BLOCK_CHARS } from './text-assembler.js';

describe('createTextAssembler', () => {
  it('adds only what a complete copy has beyond its deltas', () => {
    const text = createTextAssembler();
    expect(text.delta('m', 'Hel')).toBe('Hel');
    text.delta('m', 'lo');
    expect(text.copy('m', 'Hello, world', true)).toEqual({ added: ', world', match: 'continues' });
    // Forgotten once final: another copy is new.
    expect(text.copy('m', 'Hello', true)).toEqual({ added: 'Hello', match: 'new' });
  });

  it('checks the prefix instead of cutting by length', () => {
    const text = createTextAssembler();
    text.delta('m', 'abc');
    expect(text.copy('m', 'xyz and more', true)).toEqual({ added: '', match: 'differs' });
  });

  it('takes growing snapshots, and a repeated snapshot adds nothing', () => {
    const text = createTextAssembler();
    expect(text.copy('s', 'one', false).added).toBe('one');
    expect(text.copy('s', 'one two', false).added).toBe(' two');
    expect(text.copy('s', 'one two', false)).toEqual({ added: '', match: 'continues' });
    expect(text.streamedLength('s')).toBe(7);
  });

  it('recognises a copy of a block too large to keep, by its hash', () => {
    const text = createTextAssembler();
    const chunk = 'x'.repeat(1000) + 'é\u{1F600}';
    let whole = '';
    for (let i = 0; i < 3 * (TEXT_ASSEMBLER_BLOCK_CHARS / 1000); i++) whole += text.delta('big', chunk);
    expect(text.copy('big', `${whole}!`, false)).toEqual({ added: '!', match: 'continues' });
    expect(text.copy('big', `${whole.slice(0, -1)}y!`, true)).toEqual({ added: '', match: 'differs' });
  });

  it('forgets the block touched longest ago past maxBlocks', () => {
    const text = createTextAssembler({ maxBlocks: 2 });
    text.delta('a', 'A');
    text.delta('b', 'B');
    text.delta('a', 'A');
    text.delta('c', 'C');
    expect([text.streamedLength('a'), text.streamedLength('b'), text.streamedLength('c')]).toEqual([2, 0, 1]);
  });

  it('emits every character once, whatever the split (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40000 }), fc.array(fc.nat(), { maxLength: 20 }), fc.boolean(), (full, cuts, final) => {
        const text = createTextAssembler();
        const points = [...new Set(cuts.map((c) => c % (full.length + 1)))].sort((a, b) => a - b);
        let out = '';
        let at = 0;
        for (const point of points) {
          out += text.delta('id', full.slice(at, point));
          at = point;
        }
        out += text.copy('id', full, final).added;
        expect(out).toBe(full);
      }),
      { seed: 21, numRuns: 200 },
    );
  });
});

describe('compactKey', () => {
  it('keeps short ids and turns long ones into a short key of their hash', () => {
    expect(compactKey('toolu_01')).toBe('toolu_01');
    const long = 'a'.repeat(50_000);
    const key = compactKey(long);
    expect(key.length).toBeLessThan(40);
    expect(compactKey('a'.repeat(50_000))).toBe(key);
    expect(compactKey(`${'a'.repeat(49_999)}b`)).not.toBe(key);
  });

  it('hashes text fed in pieces like the whole', () => {
    const whole = createTextHash();
    whole.update('hello world', 0, 11);
    const pieces = createTextHash();
    pieces.update('hello', 0, 5);
    pieces.update('xx world', 2, 8);
    expect(pieces.equals(whole)).toBe(true);
    expect(pieces.hex()).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('createBoundedText', () => {
  it('keeps the head and counts the rest, never splitting a surrogate pair', () => {
    const text = createBoundedText(5);
    text.append('abc');
    text.append('d\u{1F600}e');
    expect(text.text).toBe('abcd');
    expect(text.dropped).toBe(3);
    text.append('f');
    expect([text.text, text.dropped]).toEqual(['abcd', 4]);
    text.reset();
    text.append('xy');
    expect([text.text, text.dropped]).toEqual(['xy', 0]);
  });
});
