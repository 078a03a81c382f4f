import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listFixtures } from '../../../tooling/fixtures.js';
import { claudeLogSource } from './log-source.js';
import { claudeSource } from './source.js';

/** Numeric comparison of dotted versions (`2.1.3` < `2.1.329`). */
function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Every version a provider's fixture streams name in `field`, newest last. */
function fixtureVersions(provider: string, field: string): string[] {
  const pattern = new RegExp(`"${field}"\\s*:\\s*"([^"]+)"`, 'g');
  const found = new Set<string>();
  for (const fixture of listFixtures(provider)) {
    for (const match of readFileSync(fixture.streamPath, 'utf8').matchAll(pattern)) found.add(match[1] as string);
  }
  return [...found].sort(compareVersions);
}

// The drift alarm compares a stream's agentVersion with testedUpTo: it must be
// the newest version a fixture was written against, so a capture of a newer
// CLI added to fixtures/ fails here until testedUpTo is raised with it.
describe('testedUpTo', () => {
  it('is the newest claude_code_version among the stream-json fixtures', () => {
    const versions = fixtureVersions('claude', 'claude_code_version');
    expect(versions.length).toBeGreaterThan(0);
    expect(claudeSource.testedUpTo).toBe(versions.at(-1));
  });

  it('is the newest line version among the transcript fixtures', () => {
    const versions = fixtureVersions('claude-log', 'version');
    expect(versions).toContain('2.0.13');
    expect(claudeLogSource.testedUpTo).toBe(versions.at(-1));
  });
});
