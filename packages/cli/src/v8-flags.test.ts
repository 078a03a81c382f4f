import type { HeapSpaceInfo } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeapFlags } from './v8-flags.js';
import { capYoungGeneration } from './v8-flags.js';

const MiB = 1024 * 1024;

/** A node:v8 stand-in whose young generation holds `semiSpace()` bytes (what V8 reports: under 2% less than the space). */
function fakeV8(semiSpace: () => number): HeapFlags & { flags: string[] } {
  const flags: string[] = [];
  return {
    flags,
    setFlagsFromString: (flag: string) => {
      flags.push(flag);
    },
    getHeapSpaceStatistics: () => {
      const held = Math.round(semiSpace() * 0.983);
      const space = (name: string, used: number, available: number): HeapSpaceInfo => ({
        space_name: name,
        space_size: 2 * used,
        space_used_size: used,
        space_available_size: available,
        physical_space_size: 2 * used,
      });
      return [space('old_space', 9 * MiB, MiB), space('new_space', held >> 1, held - (held >> 1))];
    },
  };
}

describe('capYoungGeneration', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sets the factor that takes the young generation to 8 MiB, then stops its growth', () => {
    let size = MiB;
    const v8 = fakeV8(() => size);
    capYoungGeneration(v8);
    expect(v8.flags).toEqual(['--semi-space-growth-factor=8']);
    size = 8 * MiB;
    vi.advanceTimersByTime(100);
    expect(v8.flags).toEqual(['--semi-space-growth-factor=8', '--semi-space-growth-factor=1']);
    vi.advanceTimersByTime(1000);
    expect(v8.flags).toHaveLength(2);
  });

  it('lets a young generation that V8 shrank grow again, never past the cap', () => {
    let size = 8 * MiB;
    const v8 = fakeV8(() => size);
    capYoungGeneration(v8);
    size = 3 * MiB;
    vi.advanceTimersByTime(100);
    size = 6 * MiB;
    vi.advanceTimersByTime(100);
    expect(v8.flags).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2', '--semi-space-growth-factor=1']);
  });

  it('leaves the flag alone when V8 reports no young generation', () => {
    const v8 = fakeV8(() => 0);
    capYoungGeneration(v8);
    vi.advanceTimersByTime(500);
    expect(v8.flags).toEqual([]);
  });
});
