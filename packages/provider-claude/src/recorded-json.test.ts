// Claude Code 2.1.332's `-p --output-format json`, recorded by the capture lab
// (`pnpm capture claude --version 2.1.332 --mode json|json-verbose`): one
// `result` object without `--verbose`, an array of every message with it
// (docs/formats/claude.md quirk 13). Each replays with nothing unknown,
// malformed or cut off. The expected sequences were derived by hand from the
// recordings (fixtures/claude/recorded/2.1.332/<scenario>~<mode>.json).
import { readFileSync } from 'node:fs';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { briefs, recordedDir, recordedStreams, streamScenario } from '../../../tooling/recorded.js';
import { claudeSource } from './source.js';

const DIR = recordedDir('claude', '2.1.332');

/**
 * Without `--verbose` the one `result` object is all there is: its `result`
 * (the last answer's text) is the one text a reader sees, the calls before it
 * are not in the document. The 400's result has `is_error: true` (with
 * `subtype: "success"`) and the API's message as its `result`.
 */
const OBJECT: Record<string, string[]> = {
  'plain-answer': ['start', 'text It is **42**.', 'usage', 'end success'],
  'read-edit-run': ['start', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'failing-command': ['start', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  'api-error-400': ['start', 'error', 'usage', 'end error'],
};

/**
 * With `--verbose` the array holds the stream's messages (init, each answer,
 * each tool result, the result), as stream-json prints them one a line: the
 * same events as the stream recordings of the scenarios.
 */
const ARRAY: Record<string, string[]> = {
  'plain-answer': ['start', 'text It is **42**.', 'usage', 'end success'],
  'read-edit-run': ['start', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  // The Bash tool_result has `is_error: true` (the tests exited 1).
  'failing-command': ['start', 'use Bash', 'result Bash error', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  // The API's 400 comes as a <synthetic> assistant reply and a result with `is_error: true`: shown once.
  'api-error-400': ['start', 'error', 'usage', 'end error'],
};

describe.each([
  ['json', OBJECT],
  ['json-verbose', ARRAY],
] as const)('Claude Code 2.1.332 -p --output-format json (%s), recorded', (mode, expected) => {
  const files = recordedStreams(DIR, mode);

  it('has a recording of every scenario recorded in this mode', () => {
    expect(files.map(streamScenario).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(files)('%s replays with everything read, showing what the CLI did', (file) => {
    const replay = replayLines(claudeSource, readFileSync(`${DIR}/${file}`, 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.partial, replay.accounting.unexplained]).toEqual([0, 0, 0, 0]);
    expect(briefs(replay.events)).toEqual(expected[streamScenario(file)]);
  });
});
