import { describe, expect, it } from 'vitest';
import { memoryStoreFs } from '../test/memory-store-fs.js';
import { readEach, readTailLines, readWholeText, scanHead, toIsoDate } from './store-peek.js';

describe('scanHead', () => {
  it('hands each non-blank line over until the file ends, and says the read was complete', async () => {
    const fs = memoryStoreFs({ '/a.jsonl': 'one\n\ntwo\nthree' });
    const lines: string[] = [];
    expect(await scanHead(fs, '/a.jsonl', (line) => lines.push(line) > 0)).toEqual({ complete: true });
    expect(lines).toEqual(['one', 'two', 'three']);
  });

  it('stops where the visitor asks, reading no more than the chunk it was in', async () => {
    const fs = memoryStoreFs({ '/a.jsonl': `first\n${'x'.repeat(200_000)}\n` });
    const lines: string[] = [];
    expect(await scanHead(fs, '/a.jsonl', (line) => lines.push(line) < 1)).toEqual({ complete: false });
    expect(lines).toEqual(['first']);
    expect(fs.reads.bytes).toBe(64 * 1024);
  });

  it('stops at the byte limit, once the line it cut has ended, and says the read was not complete', async () => {
    const fs = memoryStoreFs({ '/a.jsonl': 'line\n'.repeat(100_000) });
    const lines: string[] = [];
    expect(await scanHead(fs, '/a.jsonl', (line) => lines.push(line) > 0, 64 * 1024)).toEqual({ complete: false });
    // 64 KiB end inside a line: the next chunk is read for its end, and no line begun past the limit is handed over.
    expect(fs.reads.bytes).toBe(128 * 1024);
    expect(lines.length).toBe(Math.ceil((64 * 1024) / 5));
    expect(lines.at(-1)).toBe('line');
  });

  it('reads a line the limit cut to its end: a first prompt holding a pasted image is longer than the head', async () => {
    const long = `{"prompt":"${'A'.repeat(3 * 1024 * 1024)}"}`;
    const fs = memoryStoreFs({ '/a.jsonl': `{"first":1}\n${long}\n{"after":1}\n${'x'.repeat(200_000)}\n` });
    const lines: string[] = [];
    expect(await scanHead(fs, '/a.jsonl', (line) => lines.push(line) > 0)).toEqual({ complete: false });
    expect(lines).toEqual(['{"first":1}', long]);
  });

  it('reads past the head for one log at a time, however many are read at once', async () => {
    const files = Object.fromEntries(Array.from({ length: 4 }, (_, n) => [`/${n}.jsonl`, `${'A'.repeat(3 * 1024 * 1024)}\nnext\n`]));
    const fs = memoryStoreFs(files);
    const watch = { inFlight: 0, most: 0 };
    const watched: typeof fs = {
      ...fs,
      async open(path) {
        const file = await fs.open(path);
        return {
          async read(position, length) {
            if (position < 1024 * 1024) return file.read(position, length);
            watch.inFlight += 1;
            watch.most = Math.max(watch.most, watch.inFlight);
            // Let the other scans run meanwhile, as a real read would.
            await new Promise((resolve) => setTimeout(resolve, 0));
            watch.inFlight -= 1;
            return file.read(position, length);
          },
          close: () => file.close(),
        };
      },
    };
    const lines = await Promise.all(
      Object.keys(files).map(async (path) => {
        const seen: number[] = [];
        await scanHead(watched, path, (line) => seen.push(line.length) > 0);
        return seen;
      }),
    );
    expect(lines).toEqual(Array.from({ length: 4 }, () => [3 * 1024 * 1024]));
    expect(watch.most).toBe(1);
  });

  it('gives a line up at the line limit past the head', async () => {
    const fs = memoryStoreFs({ '/a.jsonl': `${'A'.repeat(17 * 1024 * 1024 + 1024 * 1024)}\n` });
    const lines: string[] = [];
    expect(await scanHead(fs, '/a.jsonl', (line) => lines.push(line) > 0)).toEqual({ complete: false });
    expect([lines.length, fs.reads.bytes]).toEqual([0, 17 * 1024 * 1024]);
  });

  it('decodes a character split across chunks', async () => {
    const text = `${'a'.repeat(64 * 1024 - 1)}é\n`;
    const lines: string[] = [];
    await scanHead(memoryStoreFs({ '/a': text }), '/a', (line) => lines.push(line) > 0);
    expect(lines).toEqual([text.trimEnd()]);
  });
});

describe('readTailLines', () => {
  it('drops the first, cut line when the read did not reach the start', async () => {
    const text = 'first line\nsecond\nthird\n';
    const fs = memoryStoreFs({ '/a': text });
    expect(await readTailLines(fs, '/a', text.length, 12)).toEqual(['third']);
    expect(await readTailLines(fs, '/a', text.length)).toEqual(['first line', 'second', 'third']);
  });
});

describe('readWholeText', () => {
  it('reads a file within the limit and refuses a larger one', async () => {
    const fs = memoryStoreFs({ '/a.json': '{"a":1}' });
    expect(await readWholeText(fs, '/a.json', 7)).toBe('{"a":1}');
    expect(await readWholeText(fs, '/a.json', 6)).toBeUndefined();
    expect(await readWholeText(fs, '/missing', 100)).toBeUndefined();
  });
});

describe('readEach', () => {
  it('keeps results in order and leaves out the ones that failed or gave nothing', async () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const results = await readEach(items, async (i) => {
      if (i % 10 === 0) throw new Error('gone');
      return i % 10 === 1 ? undefined : i * 2;
    });
    expect(results).toEqual(items.filter((i) => i % 10 > 1).map((i) => i * 2));
  });
});

describe('toIsoDate', () => {
  it('reads epoch milliseconds and date strings, and nothing else', () => {
    expect(toIsoDate(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(toIsoDate('2025-01-02T03:04:05Z')).toBe('2025-01-02T03:04:05.000Z');
    expect(toIsoDate('not a date')).toBeUndefined();
    expect(toIsoDate({})).toBeUndefined();
  });
});
