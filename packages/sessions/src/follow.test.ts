import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, renameSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../test/fake-home.js';
import { streamEvents, type Diagnostic, type DisplayEvent } from '@x/core';
import { FOLLOW_READ_BYTES, followFile, openFollow, pollFollow } from './follow.js';

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

  it('reads a log rewritten past the old offset again from its start, with a notice', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, '{"old":1}\n{"old":2}\n');
    const controller = new AbortController();
    const notices: string[] = [];
    const reader = followFile(path, { signal: controller.signal, pollIntervalMs: 5, onNotice: (n) => notices.push(n) });
    expect(text(await reader.next())).toBe('{"old":1}\n{"old":2}\n');
    const pending = reader.next();
    writeFileSync(path, '{"new":1}\n{"new":2}\n{"new":3}\n');
    expect(text(await pending)).toBe('{"new":1}\n{"new":2}\n{"new":3}\n');
    expect(notices).toHaveLength(1);
    await reader.return(undefined);
  });

  it('follows a rotated log into the new file, with a notice', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, 'old\n');
    const controller = new AbortController();
    const notices: string[] = [];
    const reader = followFile(path, { signal: controller.signal, pollIntervalMs: 5, onNotice: (n) => notices.push(n) });
    expect(text(await reader.next())).toBe('old\n');
    const pending = reader.next();
    renameSync(path, `${path}.1`);
    writeFileSync(path, 'new\n');
    expect(text(await pending)).toBe('new\n');
    expect(notices).toEqual([`${path} was replaced (rotated); reading it again from the start.`]);
    const later = reader.next();
    appendFileSync(path, 'more\n');
    expect(text(await later)).toBe('more\n');
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

const decode = (chunks: readonly Uint8Array[]) => chunks.map((c) => new TextDecoder().decode(c));

// The poll function driven by hand: each step is one look at the file, so no
// assertion depends on a timer or a change notice.
describe('pollFollow', () => {
  it('reads at most FOLLOW_READ_BYTES a step, in whole lines', async () => {
    const path = join(tempHome(), 'log.jsonl');
    const line = `${'x'.repeat(99)}\n`;
    writeFileSync(path, line.repeat(1000));
    const state = await openFollow(path);
    const sizes: number[] = [];
    for (let step = await pollFollow(state); step.more; step = await pollFollow(state)) sizes.push(...step.chunks.map((c) => c.length));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(FOLLOW_READ_BYTES + line.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(state.partialBytes).toBe(0);
    await state.file.close();
  });

  it('passes on a line longer than the limit as it comes, and the pipeline reports it as the main path does', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, `"short"\n"${'y'.repeat(300)}`);
    const state = await openFollow(path, { maxLineBytes: 100 });
    const first = await pollFollow(state);
    expect(decode(first.chunks)[0]).toBe('"short"\n');
    expect(state.passing).toBe(true);
    expect(state.partialBytes).toBe(0);
    appendFileSync(path, 'y"\n"after"\n');
    const second = await pollFollow(state);
    expect(decode(second.chunks)).toEqual(['y"\n', '"after"\n']);
    expect(state.passing).toBe(false);
    const diagnostics: Diagnostic[] = [];
    const events: DisplayEvent[] = [];
    const bytes = [...first.chunks, ...second.chunks];
    for await (const event of streamEvents(bytes, { maxLineBytes: 100, onDiagnostic: (d) => diagnostics.push(d) })) events.push(event);
    expect(events.map((e) => (e.kind === 'text' ? e.text.trim() : e.kind))).toEqual(['"short"', '"after"']);
    expect(diagnostics).toEqual([
      { line: 2, outcome: 'malformed', reason: 'line of 303 bytes exceeds the limit of 100 bytes; skipped', excerpt: `"${'y'.repeat(79)}` },
    ]);
    await state.file.close();
  });

  it('starts over with a notice when the log is truncated and rewritten past the old offset between two polls', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, '{"old":1}\n{"old":2}\n');
    const state = await openFollow(path);
    expect(decode((await pollFollow(state)).chunks)).toEqual(['{"old":1}\n{"old":2}\n']);
    expect((await pollFollow(state)).more).toBe(false);
    // Same file (same inode), longer than before: only its bytes before the offset tell.
    writeFileSync(path, '{"new":1}\n{"new":2}\n{"new":3}\n');
    const restart = await pollFollow(state);
    expect(restart).toEqual({ chunks: [], notice: `${path} was rewritten; reading it again from the start.`, more: true });
    expect(decode((await pollFollow(state)).chunks)).toEqual(['{"new":1}\n{"new":2}\n{"new":3}\n']);
    await state.file.close();
  });

  it('starts over when the log shrinks, saying what unfinished line was dropped', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, 'one\ntwo-unfinished');
    const state = await openFollow(path);
    await pollFollow(state);
    truncateSync(path, 0);
    expect((await pollFollow(state)).notice).toBe(`${path} was truncated; reading it again from the start; an unfinished line of 14 bytes was dropped.`);
    appendFileSync(path, 'three\n');
    expect(decode((await pollFollow(state)).chunks)).toEqual(['three\n']);
    await state.file.close();
  });

  it('reads a rotated log to its end, then the new file from its start', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, 'a\n');
    const state = await openFollow(path);
    expect(decode((await pollFollow(state)).chunks)).toEqual(['a\n']);
    appendFileSync(path, 'b\n');
    renameSync(path, `${path}.1`);
    writeFileSync(path, 'c\n');
    expect(decode((await pollFollow(state)).chunks)).toEqual(['b\n']);
    expect((await pollFollow(state)).notice).toBe(`${path} was replaced (rotated); reading it again from the start.`);
    expect(decode((await pollFollow(state)).chunks)).toEqual(['c\n']);
    expect((await pollFollow(state)).more).toBe(false);
    await state.file.close();
  });

  it('ends an over-long line being passed on when the log starts over, so the reader reports it', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, 'z'.repeat(50));
    const state = await openFollow(path, { maxLineBytes: 10 });
    expect(decode((await pollFollow(state)).chunks)).toEqual(['z'.repeat(50)]);
    truncateSync(path, 0);
    const restart = await pollFollow(state);
    expect(decode(restart.chunks)).toEqual(['\n']);
    expect(restart.notice).toBe(`${path} was truncated; reading it again from the start.`);
    await state.file.close();
  });

  it('stops, with a notice, when the log is replaced by a symlink to a file outside its folder', async () => {
    const home = tempHome();
    mkdirSync(join(home, 'store'));
    const path = join(home, 'store', 'log.jsonl');
    writeFileSync(path, 'a\n');
    writeFileSync(join(home, 'elsewhere.jsonl'), 'not in the store\n');
    const state = await openFollow(path);
    expect(decode((await pollFollow(state)).chunks)).toEqual(['a\n']);
    renameSync(path, `${path}.1`);
    symlinkSync(join(home, 'elsewhere.jsonl'), path);
    const step = await pollFollow(state);
    expect(step).toEqual({ chunks: [], notice: `${path} was replaced by something that is not a regular file at the same real path; following stops.`, more: false, end: true });
    await state.file.close();
  });

  it.skipIf(process.platform === 'win32')('stops when the log is replaced by a FIFO, never opening it (an open would wait for a writer)', async () => {
    const path = join(tempHome(), 'log.jsonl');
    writeFileSync(path, 'a\n');
    const state = await openFollow(path);
    await pollFollow(state);
    renameSync(path, `${path}.1`);
    execFileSync('mkfifo', [path]);
    expect((await pollFollow(state)).end).toBe(true);
    await state.file.close();
  });

  it.skipIf(process.platform === 'win32')('refuses to start on a FIFO', async () => {
    const path = join(tempHome(), 'log.jsonl');
    execFileSync('mkfifo', [path]);
    await expect(openFollow(path)).rejects.toThrow(RangeError);
  });
});
