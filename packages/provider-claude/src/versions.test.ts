import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, listFixtures } from '../../../tooling/fixtures.js';
import { recordedVersions } from '../../../tooling/recorded.js';
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
// the newest version recorded from the real CLI, and no hand-written fixture
// may claim a newer one than was recorded.
describe('testedUpTo', () => {
  it('is the newest Claude Code version recorded, as its recordings name it', () => {
    const recorded = recordedVersions('claude');
    expect(recorded.length).toBeGreaterThanOrEqual(2);
    expect(claudeSource.testedUpTo).toBe(recorded.at(-1));
    const named = readFileSync(join(FIXTURES_DIR, 'claude', 'recorded', claudeSource.testedUpTo as string, 'plain-answer.jsonl'), 'utf8');
    expect(named).toContain(`"claude_code_version":"${claudeSource.testedUpTo}"`);
    const written = fixtureVersions('claude', 'claude_code_version');
    expect(compareVersions(written.at(-1) as string, claudeSource.testedUpTo as string)).toBeLessThanOrEqual(0);
  });

  it('is the newest version recorded for the session logs too', () => {
    // 0.2.100 and 0.2.70 write no transcript the lab records (recorded.test.ts names them): every other version has its logs.
    const logged = recordedVersions('claude-log');
    expect(logged.at(-1)).toBe(recordedVersions('claude').at(-1));
    expect(recordedVersions('claude')).toEqual(expect.arrayContaining(logged));
    expect(claudeLogSource.testedUpTo).toBe(recordedVersions('claude-log').at(-1));
    const written = fixtureVersions('claude-log', 'version');
    expect(compareVersions(written.at(-1) as string, claudeLogSource.testedUpTo as string)).toBeLessThanOrEqual(0);
  });
});
