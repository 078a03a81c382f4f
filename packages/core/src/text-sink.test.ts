import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { toWriteText } from './text-sink.js';

describe('toWriteText', () => {
  it('passes a callback through', async () => {
    const seen: string[] = [];
    await toWriteText((chunk) => void seen.push(chunk))('a');
    expect(seen).toEqual(['a']);
  });

  it('waits for drain on a Node writable that asks for it', async () => {
    const sink = new PassThrough({ highWaterMark: 4 });
    const write = toWriteText(sink);
    const pending = write('0123456789');
    expect(pending).toBeInstanceOf(Promise);
    let drained = false;
    void (pending as Promise<void>).then(() => {
      drained = true;
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(drained).toBe(false);
    sink.read();
    await pending;
    expect(drained).toBe(true);
  });

  it('writes to a Web WritableStream', async () => {
    const seen: string[] = [];
    const write = toWriteText(new WritableStream<string>({ write: (chunk) => void seen.push(chunk) }));
    await write('x');
    await write('y');
    expect(seen).toEqual(['x', 'y']);
  });

  it('accepts any object with write()', () => {
    const seen: string[] = [];
    // biome-ignore lint/complexity/noCommaOperator: the chunk is kept and the write acknowledged in one callback
    const writable = new Writable({ write: (chunk, _enc, cb) => (seen.push(String(chunk)), cb()) });
    void toWriteText(writable)('z');
    expect(seen).toEqual(['z']);
  });

  it('refuses anything else with a message that says what a sink is', () => {
    expect(() => toWriteText(42 as never)).toThrow(/A sink must be a function/);
  });
});
