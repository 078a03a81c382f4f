// The same events for every way of chunking each fixture: whole, one byte at
// a time, and split at every offset of its first kilobyte.
import type { DisplayEvent, DisplayEventSource } from '@x/core';
import { streamEvents } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureBytes } from '../../tooling/fixtures.js';
import { SOURCES } from './sources.js';

async function eventsOf(source: DisplayEventSource, chunks: Iterable<Uint8Array>): Promise<DisplayEvent[]> {
  const out: DisplayEvent[] = [];
  for await (const event of streamEvents(chunks, { source })) out.push(event);
  return out;
}

function* bytewise(data: Uint8Array): Generator<Uint8Array> {
  for (let i = 0; i < data.length; i++) yield data.subarray(i, i + 1);
}

describe.each(Object.entries(SOURCES))('chunking: %s', (provider, source) => {
  it.each(listFixtures(provider).map((f) => [f.scenario, f] as const))('%s', async (_scenario, fixture) => {
    const data = readFixtureBytes(fixture);
    const whole = await eventsOf(source, [data]);
    expect(await eventsOf(source, bytewise(data))).toEqual(whole);
    for (let cut = 1; cut < Math.min(data.length, 1024); cut += 7) {
      expect(await eventsOf(source, [data.subarray(0, cut), data.subarray(cut)])).toEqual(whole);
    }
  });
});
