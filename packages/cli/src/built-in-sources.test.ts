import { passthroughSource } from '@x/core';
import { describe, expect, it } from 'vitest';
import { BUILT_IN, BUILT_IN_STORE_IDS, builtInStandIns, loadSource } from './built-in-sources.js';
import { BUILT_IN_STORES } from './session-stores.js';
import { BUILT_IN_SOURCES } from './providers.js';

// The start-up table repeats each provider's id, name and cadence so that
// --help and detection need no parser: it must say what the sources say.
describe('the built-in sources xview starts with', () => {
  it('are the built-in sources, in their order, with their metadata and their own detectors', async () => {
    expect(BUILT_IN.map((entry) => entry.id)).toEqual(BUILT_IN_SOURCES.map((source) => source.id));
    for (const [index, entry] of BUILT_IN.entries()) {
      const source = await entry.load();
      expect(source).toBe(BUILT_IN_SOURCES[index]);
      expect({ id: entry.id, displayName: entry.displayName, cadence: entry.cadence }).toEqual({
        id: source.id,
        displayName: source.displayName,
        cadence: source.cadence,
      });
      expect(entry.detect).toBe(source.detect);
    }
  });

  it('name the agents of the built-in session stores, in their order', () => {
    expect(BUILT_IN_STORE_IDS).toEqual(BUILT_IN_STORES.map((store) => store.id));
  });

  it('stand in for them until one is chosen, and load it then', async () => {
    const standIns = builtInStandIns();
    const claude = standIns.find((source) => source.id === 'claude');
    expect(claude?.detect(['{"type":"system","subtype":"init","session_id":"s","claude_code_version":"2.0.0"}']).confidence).toBe(1);
    expect(() => claude?.createParser()).toThrow('the built-in source "claude" was used before it was loaded');
    // A registry keeps a frozen copy of each source: the copy loads too.
    expect(await loadSource({ ...(claude as NonNullable<typeof claude>) })).toBe(BUILT_IN_SOURCES[0]);
    expect(await loadSource(passthroughSource)).toBe(passthroughSource);
  });
});
