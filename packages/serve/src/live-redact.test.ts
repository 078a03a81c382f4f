import { appendFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineSource } from '@x/core';
import { afterEach, describe, expect, it } from 'vitest';
import { streamLive } from './live.js';

// A source whose every line `{"text": …}` is the next increment of one text block, as a log of streamed deltas holds them.
const increments = defineSource({
  specificationVersion: 'v1',
  id: 'increments',
  displayName: 'Text increments',
  cadence: 'streaming',
  detect: () => ({ confidence: 0, evidence: 'test source' }),
  createParser: () => ({ parse: (line) => [{ kind: 'text', id: 'b', text: (JSON.parse(line) as { text: string }).text }], flush: () => [] }),
});

// Half of an OpenAI key each; whole, the redaction rules name it `openai-key`.
const KEY_HEAD = 'sk-proj-Ab3dEf';
const KEY_TAIL = 'Gh5iJkLmNoPqRsTuV';

/** A response that keeps what is written, and resolves `until` once the text written holds a string. */
function fakeResponse() {
  const state = { text: '', waiters: [] as Array<{ needle: string; resolve: () => void }> };
  const response = {
    writeHead: () => response,
    write(chunk: string) {
      state.text += chunk;
      const met = state.waiters.filter((w) => state.text.includes(w.needle));
      state.waiters = state.waiters.filter((w) => !met.includes(w));
      for (const w of met) w.resolve();
      return true;
    },
    end: () => response,
  };
  const until = (needle: string) => new Promise<void>((resolve) => (state.text.includes(needle) ? resolve() : state.waiters.push({ needle, resolve })));
  return { response: response as unknown as ServerResponse, until, written: () => state.text };
}

const line = (text: string) => `${JSON.stringify({ text })}\n`;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the live view with --redact', () => {
  it('redacts a key cut across two increments of a block that arrive in different reads, and resumes where nothing is held', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'x-live-redact-'));
    dirs.push(dir);
    const log = join(dir, 'session.jsonl');
    writeFileSync(log, line('hello\n'));
    const first = statSync(log).size;
    const controller = new AbortController();
    const { response, until, written } = fakeResponse();
    const done = streamLive({ path: log, source: increments, from: 0, redact: true, signal: controller.signal, pollIntervalMs: 10 }, response);
    await until(`id: ${first}\n`);
    // The line's text is shown up to its unfinished line; the key's head is held back.
    appendFileSync(log, line(`visible\nkey: ${KEY_HEAD}`));
    await until('visible');
    appendFileSync(log, line(`${KEY_TAIL} done\n`));
    const last = statSync(log).size;
    await until(' done');
    controller.abort();
    await done;
    const text = written();
    expect(text).not.toContain(KEY_HEAD);
    expect(text).not.toContain(KEY_TAIL);
    expect(text).toContain('key: [REDACTED:openai-key] done');
    // The read that left the key's head held back says to resume after the first read, not after itself.
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([first, first, last]);
  });

  it('without --redact, shows every increment as it comes, each message resuming after its read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'x-live-plain-'));
    dirs.push(dir);
    const log = join(dir, 'session.jsonl');
    writeFileSync(log, line(`key: ${KEY_HEAD}`));
    const first = statSync(log).size;
    const controller = new AbortController();
    const { response, until, written } = fakeResponse();
    const done = streamLive({ path: log, source: increments, from: 0, redact: false, signal: controller.signal, pollIntervalMs: 10 }, response);
    await until(KEY_HEAD);
    appendFileSync(log, line(KEY_TAIL));
    await until(KEY_TAIL);
    controller.abort();
    await done;
    const ids = [...written().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([first, statSync(log).size]);
  });
});
