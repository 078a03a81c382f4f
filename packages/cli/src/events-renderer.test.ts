import fc from 'fast-check';
import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import type { CliStream } from './output.js';
import { jsonForTerminal, write } from './output.js';
import { eventsRenderer } from './events-renderer.js';

/** A stream that keeps what it is given and asks for `drain` on the writes `full` picks. */
function capture(full: (write: number) => boolean) {
  const chunks: (string | Uint8Array)[] = [];
  const drains: (() => void)[] = [];
  const stream: CliStream = {
    write(chunk) {
      chunks.push(chunk);
      return !full(chunks.length);
    },
    once(_event, listener) {
      drains.push(listener);
      // Drained a little later, as a pipe would be.
      setImmediate(() => drains.shift()?.());
      return stream;
    },
  };
  const text = () => chunks.map((chunk) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))).join('');
  return { stream, chunks, text };
}

/** A piece repeated up to 30 000 times: lines from a few bytes to past a batch (64 KiB) in UTF-8. */
const PIECES = ['a', 'é', '→', '你', '😀', '\x1b[2J', '\u202e', '\x9b', '\ufeff', '"\\\n', '\u2028', '\ud800'];
const piece = fc.tuple(fc.constantFrom(...PIECES), fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 30_000 })));
const event = fc
  .tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.constantFrom('text', 'reasoning'))
  .map(([parts, kind]) => ({ kind, id: 'm', text: parts.map(([p, n]) => p.repeat(n)).join('') }) as DisplayEvent);

/** What `--events` writes for these events, the stream asking to wait after the writes `waitAfter` picks. */
async function rendered(events: readonly DisplayEvent[], waitAfter: (n: number) => boolean): Promise<string> {
  const { stream, text } = capture(waitAfter);
  const renderer = eventsRenderer((chunk) => write(stream, chunk));
  for (const e of events) await renderer.write(e);
  await renderer.end();
  return text();
}

/** One `jsonForTerminal` line per event: what the batched writer must equal. */
const expectedLines = (events: readonly DisplayEvent[]) => events.map((e) => `${jsonForTerminal(e)}\n`).join('');

describe('--events renderer', () => {
  it('writes each event as jsonForTerminal and a newline, whatever the batching and backpressure', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 30 }), fc.integer({ min: 0, max: 3 }), async (events, every) => {
        expect(await rendered(events, (n) => every > 0 && n % every === 0)).toBe(expectedLines(events));
      }),
      { seed: 20, numRuns: 200 },
    );
  });

  it('writes a text or reasoning delta as JSON.stringify does, whatever its keys, their order and its characters', async () => {
    const value = fc.oneof(
      fc.array(fc.constantFrom('a', '"', '\\', '\n', '\x1f', '\x7f', '\u2028', '\ud83d', '\ude00', '😀', 'é'), { maxLength: 6 }).map((c) => c.join('')),
      fc.integer(),
    );
    const entries = fc.uniqueArray(fc.tuple(fc.constantFrom('kind', 'id', 'text', 'parentToolUseId'), value), { selector: ([key]) => key, maxLength: 4 });
    const shaped = fc.tuple(fc.constantFrom('text', 'reasoning', 'notice'), entries, fc.boolean()).map(([kind, pairs, first]) => {
      const rest = pairs.filter(([key]) => key !== 'kind');
      return Object.fromEntries(first ? [['kind', kind], ...rest] : [...rest, ['kind', kind]]) as unknown as DisplayEvent;
    });
    await fc.assert(
      fc.asyncProperty(fc.array(shaped, { maxLength: 20 }), async (events) => {
        expect(await rendered(events, () => false)).toBe(expectedLines(events));
      }),
      { seed: 20, numRuns: 2_000 },
    );
  });

  it('writes a line that waited for drain when the loop turns, without another event or end()', async () => {
    const { stream, chunks, text } = capture((n) => n === 1);
    const renderer = eventsRenderer((chunk) => write(stream, chunk));
    const big = { kind: 'text', id: 'm', text: 'x'.repeat(40_000) } as DisplayEvent;
    // The first line is written alone when the second does not fit; the stream asks to wait, then the second goes in.
    await renderer.write(big);
    await renderer.write(big);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(2);
    expect(text()).toBe(`${jsonForTerminal(big)}\n`.repeat(2));
  });

  it('writes the events of one turn together, and what is left when the loop turns', async () => {
    const { stream, chunks, text } = capture(() => false);
    const renderer = eventsRenderer((chunk) => write(stream, chunk));
    renderer.write({ kind: 'text', id: 'm', text: 'a' });
    renderer.write({ kind: 'text', id: 'm', text: 'b' });
    expect(chunks).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(1);
    expect(text()).toBe('{"kind":"text","id":"m","text":"a"}\n{"kind":"text","id":"m","text":"b"}\n');
  });
});
