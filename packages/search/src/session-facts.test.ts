import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { openSearchIndex } from './search-index.js';
import { createFactsState, finishFacts, noteEvent } from './session-facts.js';
import type { IndexedSession } from './types.js';

const at = (timestamp: string, event: DisplayEvent): DisplayEvent => ({ ...event, timestamp });
const prompt: DisplayEvent = { kind: 'prompt', form: 'prompt', text: 'go' };
const end = (status: 'success' | 'error' | 'cancelled', durationMs?: number): DisplayEvent => ({
  kind: 'session',
  phase: 'end',
  status,
  ...(durationMs === undefined ? {} : { durationMs }),
});

function factsOf(events: DisplayEvent[]) {
  const state = createFactsState();
  for (const event of events) noteEvent(state, event);
  return finishFacts(state);
}

describe('session facts', () => {
  it('takes the last session end status, and the span from the first to the last timestamp', () => {
    const events = [at('2026-03-01T10:00:00Z', prompt), at('2026-03-01T10:00:30Z', end('error', 5)), at('2026-03-01T10:02:00Z', end('success', 7))];
    expect(factsOf(events)).toEqual({ status: 'success', durationMs: 120_000, events: 3 });
  });

  it('falls back to the reported duration without two timestamps, and says nothing it did not see', () => {
    expect(factsOf([prompt, end('cancelled', 900)])).toEqual({ status: 'cancelled', durationMs: 900, events: 2 });
    expect(factsOf([prompt])).toEqual({ events: 1 });
    // Unparsable or backwards timestamps are no duration; a negative or infinite report is none either.
    expect(factsOf([at('not a time', prompt), at('2026-03-01T10:00:00Z', prompt), at('2026-03-01T09:00:00Z', end('success', -1))])).toEqual({
      status: 'success',
      events: 3,
    });
  });

  it('is kept by the index for the session as it was read, and dropped once the log changes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'x-facts-'));
    try {
      const session: IndexedSession = { id: 'a', agent: 'claude', path: '/logs/a.jsonl', size: 10, mtimeMs: 1 };
      const events = [at('2026-03-01T10:00:00Z', prompt), at('2026-03-01T10:00:04Z', end('error'))];
      let index = await openSearchIndex({
        dir,
        readEvents: async function* () {
          yield* events;
        },
      });
      expect(index.facts(session)).toBeUndefined();
      await index.update([session]);
      expect(index.facts(session)).toEqual({ status: 'error', durationMs: 4000, events: 2 });
      await index.close();
      // Kept on disk: a new server knows it without reading the log.
      index = await openSearchIndex({
        dir,
        readEvents: () => {
          throw new Error('read again');
        },
      });
      expect(index.facts(session)).toEqual({ status: 'error', durationMs: 4000, events: 2 });
      expect(index.facts({ ...session, size: 11 })).toBeUndefined();
      await index.close();
      // A manifest edited by hand: a value of the wrong type is dropped, the rest kept.
      const manifestPath = join(dir, 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      manifest.sessions[0].facts = { status: '<img src=x onerror=alert(1)>', durationMs: '1e9', events: -1 };
      writeFileSync(manifestPath, JSON.stringify(manifest));
      index = await openSearchIndex({ dir, readEvents: () => { throw new Error('read again'); } });
      expect(index.facts(session)).toEqual({ events: 0 });
      await index.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
