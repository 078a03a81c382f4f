import fc from 'fast-check';
import { INVISIBLE_CHARACTER_CLASS } from '@x/core';
import { describe, expect, it } from 'vitest';
import type { CliStream } from './output.js';
import { batchText, holdsRawInJson, jsonBytesForTerminal, jsonForTerminal, write } from './output.js';

/** What jsonForTerminal escapes, the characters on either side of each range, and others that share their first UTF-8 byte. */
const EDGES = Array.from(
  'a"\\\n\x1b\x7e\x7f\x80\x9b\x9f\xa0\xc0é\u061b\u061c\u061d\u0600\u200a\u200b\u200f\u2010\u2014\u2027\u2028\u202e\u202f' +
    '\u205f\u2060\u2064\u2065\u2066\u2069\u206a→✓\u2190\ufefe\ufeff\uff00\uef00😀\udfff\ud800你' +
    '\u00ad\u034f\u115f\u3164\ufe0f\uffa0\ufff9\u{e0041}\u{e007f}\u{1d173}\u{1d11e}\u0890\u06dd\u070f\u17b4',
);
const text = fc.array(fc.constantFrom(...EDGES), { maxLength: 40 }).map((chars) => chars.join(''));
const RAW = new RegExp(INVISIBLE_CHARACTER_CLASS, 'v');

describe('jsonBytesForTerminal', () => {
  it('finds in UTF-8 bytes exactly the characters jsonForTerminal escapes', () => {
    fc.assert(
      fc.property(text, (value) => {
        const json = JSON.stringify(value);
        expect(holdsRawInJson(Buffer.from(json))).toBe(RAW.test(json));
      }),
      { seed: 20, numRuns: 5_000 },
    );
  });

  it('writes a batch of lines as jsonForTerminal writes each, holding no raw character', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ kind: fc.constant('text'), id: text, text }), { maxLength: 8 }), (events) => {
        const lines = events.map((event) => `${JSON.stringify(event)}\n`).join('');
        const written = jsonBytesForTerminal(Buffer.from(lines));
        const out = typeof written === 'string' ? written : written.toString('utf8');
        expect(out).toBe(events.map((event) => `${jsonForTerminal(event)}\n`).join(''));
        expect(out).not.toMatch(RAW);
      }),
      { seed: 20, numRuns: 2_000 },
    );
  });

  it('finds every character of the shared definition by its first byte, and escapes it as JSON', () => {
    const missed: string[] = [];
    for (let codePoint = 0x7f; codePoint <= 0x10ffff; codePoint += 1) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const char = String.fromCodePoint(codePoint);
      if (RAW.test(char) && !holdsRawInJson(Buffer.from(char))) missed.push(codePoint.toString(16));
    }
    expect(missed).toEqual([]);
    const hidden = 'ls\u{e0020}\u{e0072}\u{e006d}\u3164\u00ad\u180e';
    const json = jsonForTerminal({ text: hidden });
    expect(json).toBe('{"text":"ls\\udb40\\udc20\\udb40\\udc72\\udb40\\udc6d\\u3164\\u00ad\\u180e"}');
    expect(JSON.parse(json)).toEqual({ text: hidden });
  });

  it('passes bytes with nothing to escape through as they are', () => {
    const bytes = Buffer.from('{"text":"— → ✓ é 你 😀"}\n');
    expect(jsonBytesForTerminal(bytes)).toBe(bytes);
  });
});

describe('batchText', () => {
  function capture(accept: boolean) {
    const chunks: string[] = [];
    const drains: (() => void)[] = [];
    const stream: CliStream = {
      write(chunk) {
        chunks.push(String(chunk));
        return accept;
      },
      once(_event, listener) {
        drains.push(listener);
        return stream;
      },
    };
    return { stream, chunks, drains };
  }

  it('writes the text of one turn at once, in order, when the loop turns', async () => {
    const { stream, chunks } = capture(true);
    const text = batchText((chunk) => write(stream, chunk));
    expect(text.write('a')).toBeUndefined();
    expect(text.write('b\n')).toBeUndefined();
    expect(chunks).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(['ab\n']);
    text.write('c');
    text.flush();
    expect(chunks).toEqual(['ab\n', 'c']);
  });

  it('writes at 64 Ki characters without waiting, and hands a wait for drain to the next write', async () => {
    const { stream, chunks, drains } = capture(false);
    const text = batchText((chunk) => write(stream, chunk));
    const full = text.write('x'.repeat(64 * 1024));
    expect(chunks).toHaveLength(1);
    expect(full).toBeInstanceOf(Promise);
    const next = text.write('y');
    expect(next).toBe(full);
    drains.shift()?.();
    await next;
    expect(text.flush()).toBeInstanceOf(Promise);
    expect(chunks.at(-1)).toBe('y');
  });
});
