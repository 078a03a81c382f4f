import { describe, expect, it } from 'vitest';
import { readYamlScalars } from './session-head.js';

describe('readYamlScalars', () => {
  it('reads each top-level scalar, its quotes and the spaces around it taken off', () => {
    const text = 'note: a\u2028b\nid: 0d3f6a52\ncwd: "/work/app"  \nsummary:   \'Fix the build\'\t\n  nested: no\nempty:\nbranch: main\r\n';
    expect(readYamlScalars(text)).toEqual({ id: '0d3f6a52', cwd: '/work/app', summary: 'Fix the build', branch: 'main' });
  });

  // A value's trailing spaces were found by a lazy match and `\s*$` tried again after each of its characters: a line of
  // 20,000 spaces between two words took 0.4 s, and the 1 MiB a workspace.yaml may hold about 18 minutes of every listing.
  it('reads a line of a million spaces between two words at once', () => {
    const started = performance.now();
    expect(readYamlScalars(`summary: a${' '.repeat(1_000_000)}b\nid: x`)).toEqual({ summary: `a${' '.repeat(1_000_000)}b`, id: 'x' });
    // A few milliseconds here, minutes before; the match is synchronous, so only a measure can fail it.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
