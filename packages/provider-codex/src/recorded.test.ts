// The real Codex CLI, recorded by the capture lab (lab/, `pnpm capture codex`):
// `codex exec --json` and the rollout files of every recorded version replay
// with no line unknown, malformed or cut off, and show what the CLI did. The
// expected sequences (recorded-expected.ts, recorded-expected-legacy.ts) were
// derived by hand from the recordings (read line by line against
// lab/src/scenarios.ts and lab/src/agents/codex.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { briefs, recordedDir, recordedStreams, recordedVersions, streamScenario } from '../../../tooling/recorded.js';
import { codexSource } from './index.js';
import { codexLogSource } from './log-source.js';
import { EXPECTED_CURRENT, type VersionExpectations } from './recorded-expected.js';
import { EXPECTED_LEGACY } from './recorded-expected-legacy.js';

const EXPECTED: Record<string, VersionExpectations> = { ...EXPECTED_LEGACY, ...EXPECTED_CURRENT };

/** The versions whose `exec --json` is recorded (0.42.0 has its `--experimental-json` runs alone: recorded-experimental.test.ts). */
const STREAM_VERSIONS = recordedVersions('codex').filter((version) => recordedStreams(recordedDir('codex', version)).length > 0);

it('has expectations for every recorded version', () => {
  expect(STREAM_VERSIONS).toEqual(Object.keys(EXPECTED).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
});

describe.each(STREAM_VERSIONS)('Codex %s exec --json, recorded', (version) => {
  const dir = recordedDir('codex', version);
  const files = recordedStreams(dir);

  it.each(files)('%s replays with every line read', (file) => {
    const replay = replayLines(codexSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.partial, replay.accounting.unexplained]).toEqual([0, 0, 0, 0]);
    expect(briefs(replay.events)).toEqual(EXPECTED[version]?.stdout[streamScenario(file)]);
  });
});

describe.each(recordedVersions('codex-log'))('Codex %s rollout files, recorded', (version) => {
  const dir = recordedDir('codex-log', version);
  const logs = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.jsonl'));

  it.each(logs)('%s replays with every line read', (file) => {
    const replay = replayLines(codexLogSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.unexplained]).toEqual([0, 0, 0]);
    // A subagent's thread (0.130's spawn_agent) is a rollout of its own beside its parent's.
    const child = readFileSync(join(dir, file), 'utf8').includes('"thread_source":"subagent"');
    expect(briefs(replay.events)).toEqual(EXPECTED[version]?.log[`${file.split('/')[0]}${child ? '.child' : ''}`]);
  });
});
