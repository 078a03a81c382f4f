import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../test/fake-home.js';
import { followFile } from './follow.js';

const text = (chunk: IteratorResult<Uint8Array> | undefined) => (chunk?.value ? new TextDecoder().decode(chunk.value) : undefined);

// Each step awaits the reader's next chunk; the poll interval only bounds how
// long a missed change notice delays it, and no assertion depends on time.
describe('followFile', () => {
  it('yields what is there, then each append, holding a half-written line until its newline', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, '{"a":1}\n{"b":');
    const controller = new AbortController();
    const reader = followFile(path, { signal: controller.signal, pollIntervalMs: 5 });
    expect(text(await reader.next())).toBe('{"a":1}\n');
    const pending = reader.next();
    appendFileSync(path, '2}\n');
    expect(text(await pending)).toBe('{"b":2}\n');
    const later = reader.next();
    appendFileSync(path, '{"c":3}\n{"d":4}\n');
    expect(text(await later)).toBe('{"c":3}\n{"d":4}\n');
    controller.abort();
    expect(await reader.next()).toEqual({ done: true, value: undefined });
  });

  it('stops on abort while waiting, yielding an unfinished last line first', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, 'one\ntw');
    const controller = new AbortController();
    const reader = followFile(path, { signal: controller.signal, pollIntervalMs: 5 });
    expect(text(await reader.next())).toBe('one\n');
    const waiting = reader.next();
    controller.abort();
    expect(text(await waiting)).toBe('tw');
    expect((await reader.next()).done).toBe(true);
  });

  it('starts over when the file is replaced by a shorter one', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, 'a long first line\n');
    const controller = new AbortController();
    const reader = followFile(path, { signal: controller.signal, pollIntervalMs: 5 });
    expect(text(await reader.next())).toBe('a long first line\n');
    const pending = reader.next();
    writeFileSync(path, 'new\n');
    expect(text(await pending)).toBe('new\n');
    await reader.return(undefined);
  });

  it('returns at once when the signal has already aborted', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, 'x\n');
    const chunks: Uint8Array[] = [];
    for await (const chunk of followFile(path, { signal: AbortSignal.abort() })) chunks.push(chunk);
    expect(chunks).toEqual([]);
  });
});
