// Codex 0.42.0's `exec --experimental-json`, recorded by the capture lab
// (`pnpm capture codex --version 0.42.0 --mode experimental-json`): the first
// form of today's JSONL (`session.created`, `item_type`, `assistant_message`;
// docs/formats/codex.md §1), whose `--json` was still the legacy form. Every
// line replays with nothing unknown, malformed or cut off. The expected
// sequences were derived by hand from the recordings
// (fixtures/codex/recorded/0.42.0/<scenario>~experimental-json.jsonl).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { briefs, recordedDir, recordedStreams, streamScenario } from '../../../tooling/recorded.js';
import { codexSource } from './index.js';

/**
 * The form has no turn lines and no usage: `session.created`, then the items, then nothing. A run whose last
 * item is a completed `assistant_message` is over (exit 0). The lab's `cat` commands read a file (Read), its
 * `sed -i` is a command. The 400 is one top-level `error` line, and the CLI exits 0 after it: a failed run.
 */
const EXPECTED: Record<string, string[]> = {
  'plain-answer': ['start', 'text It is **42**.', 'end success'],
  'read-edit-run': ['start', 'text I will read the file first.', 'use Read', 'result Read success', 'use Bash', 'result Bash success', 'use Read', 'result Read success', 'text Fixed: `Helo` is now `Hello`.', 'end success'],
  // `exit_code: 1`, `status: "failed"`.
  'failing-command': ['start', 'use Bash', 'result Bash error', 'text The tests fail: greet.test.ts.', 'end success'],
  'api-error-400': ['start', 'error', 'end error'],
};

describe('Codex 0.42.0 exec --experimental-json, recorded', () => {
  const dir = recordedDir('codex', '0.42.0');
  const files = recordedStreams(dir, 'experimental-json');

  it('has a recording of every scenario recorded in this mode', () => {
    expect(files.map(streamScenario).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)('%s replays with every line read', (file) => {
    const replay = replayLines(codexSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.partial, replay.accounting.unexplained]).toEqual([0, 0, 0, 0]);
    expect(briefs(replay.events)).toEqual(EXPECTED[streamScenario(file)]);
  });
});
