// The real Gemini CLI's `-p --output-format json`, recorded by the capture lab:
// 0.10.0 and 0.8.2, which have no stream-json (`pnpm capture gemini --version
// 0.10.0` records `<scenario>.json`, and their chat recordings), and 0.61.0's json mode
// beside its stream (`--mode json`, `<scenario>~json.json`). Every document
// replays with nothing unknown, malformed or cut off. The expected sequences
// were derived by hand from the recordings (the document's `response` and
// `stats`; the chat file's messages) against lab/src/scenarios.ts.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { briefs, compareVersions, recordedDir, recordedStreams, recordedVersions, streamScenario } from '../../../tooling/recorded.js';
import { geminiLogSource } from './log-source.js';
import { geminiSource } from './source.js';

/** The versions recorded before stream-json (0.11): one document a run. */
const JSON_VERSIONS = (provider: string) => recordedVersions(provider).filter((version) => compareVersions(version, '0.11.0') < 0);

/** A document holds no prompt and no call: only the last reply's text (`response`), the token counts, the end. */
const answer = (text: string) => ['start', `text ${text}`, 'usage', 'end success'];

/**
 * 0.10.0 (as 0.11 and 0.13: no todo or subagent tool, the lab answers that it has none). A failed request
 * (400, and the 429 and 500 after their retries) prints `response: ""`, every model's `total` 0 tokens, no
 * `error`, exit 0 (quirk 18): a fatal error after the usage; so does the stream cut off with an overloaded error.
 * Ctrl-C (interrupted) ends the run before its document: stdout is empty. No `--resume`: one run.
 */
const FAILED_0_10 = ['start', 'usage', 'error', 'end error'];
const STDOUT_0_10: Record<string, string[]> = {
  'plain-answer': answer('It is **42**.'),
  'read-edit-run': answer('Fixed: `Helo` is now `Hello`.'),
  'write-search': answer('NOTES.md is written; greet is in src/greet.ts.'),
  'failing-command': answer('The tests fail: greet.test.ts.'),
  'thinking-todo': answer('I have no tool for that here.'),
  'web-fetch': answer('The status page says all systems are up.'),
  subagent: answer('I have no tool for that here.'),
  'permission-denied': answer('I was not allowed to delete it.'),
  'api-error-400': FAILED_0_10,
  'api-error-429': FAILED_0_10,
  'api-error-500': FAILED_0_10,
  'overloaded-cut': FAILED_0_10,
  interrupted: [],
  resumed: answer('I will remember 7.'),
};

/** 0.10.0 keeps one JSON document per session as 0.11 and 0.13: the calls of the turns after a reply attached to it. */
const LOG_0_10: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'usage', 'end success'],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'usage', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'usage', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  // The call's status is `success`; the report the model got says `Exit Code: 1`.
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash error', 'usage', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  // Three thoughts kept on the reply: one reasoning, a paragraph each (quirk 16).
  'thinking-todo': ['start', 'prompt', 'reasoning', 'text I have no tool for that here.', 'usage', 'end success'],
  'web-fetch': ['start', 'prompt', 'use WebFetch', 'result WebFetch success', 'usage', 'text The status page says all systems are up.', 'usage', 'end success'],
  subagent: ['start', 'prompt', 'text I have no tool for that here.', 'usage', 'end success'],
  'permission-denied': ['start', 'prompt', 'use Bash', 'result Bash error', 'usage', 'text I was not allowed to delete it.', 'usage', 'end success'],
  'api-error-400': ['start', 'prompt', 'end incomplete'],
  'api-error-429': ['start', 'prompt', 'end incomplete'],
  'api-error-500': ['start', 'prompt', 'end incomplete'],
  'overloaded-cut': ['start', 'prompt', 'end incomplete'],
  interrupted: ['start', 'prompt', 'end incomplete'],
  resumed: ['start', 'prompt', 'text I will remember 7.', 'usage', 'end success'],
};

/**
 * 0.8.2 prints as 0.10, but in the default approval mode it registers no shell tool: the refused
 * command's call fails as `tool_not_registered`, whose `FatalToolExecutionError` document goes to
 * standard error (`permission-denied.stderr.txt`), exit 54: stdout is empty.
 */
const STDOUT_0_8: Record<string, string[]> = { ...STDOUT_0_10, 'permission-denied': [] };

/**
 * 0.8.2's chat recording keeps no calls: each reply's text and tokens only (a reply that held only calls,
 * none), so a turn shows its prompt and texts; the fatal tool error leaves the prompt alone.
 */
const LOG_0_8: Record<string, string[]> = {
  ...LOG_0_10,
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'usage', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  'failing-command': ['start', 'prompt', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  'web-fetch': ['start', 'prompt', 'text The status page says all systems are up.', 'usage', 'end success'],
  'permission-denied': ['start', 'prompt', 'end incomplete'],
};

const EXPECTED: Record<string, { stdout: Record<string, string[]>; log: Record<string, string[]> }> = {
  '0.8.2': { stdout: STDOUT_0_8, log: LOG_0_8 },
  '0.10.0': { stdout: STDOUT_0_10, log: LOG_0_10 },
};

it('has expectations for every version recorded before stream-json', () => {
  expect(JSON_VERSIONS('gemini')).toEqual(Object.keys(EXPECTED));
  expect(JSON_VERSIONS('gemini-log')).toEqual(Object.keys(EXPECTED));
});

/** Replays one recorded file, checks that everything was read, and gives the events as short lines. */
function replayed(source: typeof geminiSource, file: string): string[] {
  const replay = replayLines(source, readFileSync(file, 'utf8').split('\n'));
  expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
  expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.partial, replay.accounting.unexplained]).toEqual([0, 0, 0, 0]);
  return briefs(replay.events);
}

describe.each(JSON_VERSIONS('gemini'))('Gemini CLI %s -p --output-format json, recorded', (version) => {
  const dir = recordedDir('gemini', version);
  it.each(recordedStreams(dir))('%s replays with every line read', (file) => {
    expect(replayed(geminiSource, join(dir, file))).toEqual(EXPECTED[version]?.stdout[streamScenario(file)]);
  });
});

describe.each(JSON_VERSIONS('gemini-log'))('Gemini CLI %s chat recordings, recorded', (version) => {
  const dir = recordedDir('gemini-log', version);
  const logs = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json'));
  it.each(logs)('%s replays with every line read', (file) => {
    expect(replayed(geminiLogSource, join(dir, file))).toEqual(EXPECTED[version]?.log[file.split('/')[0] as string]);
  });
});

/**
 * 0.61.0's json mode: the document has the session id, the last reply's text and the stats. A failed
 * request prints nothing on stdout: its `{ session_id, error }` document goes to standard error
 * (`api-error-400~json.stderr.txt`, exit 144), after the CLI's own lines and the API error's stack.
 */
const MODE_0_61: Record<string, string[]> = {
  'plain-answer': answer('It is **42**.'),
  'read-edit-run': answer('Fixed: `Helo` is now `Hello`.'),
  'failing-command': answer('The tests fail: greet.test.ts.'),
  'api-error-400': [],
};

describe('Gemini CLI 0.61.0 -p --output-format json, recorded beside its stream', () => {
  const dir = recordedDir('gemini', '0.61.0');
  const files = recordedStreams(dir, 'json');

  it('has a recording of every scenario recorded in this mode', () => {
    expect(files.map(streamScenario).sort()).toEqual(Object.keys(MODE_0_61).sort());
  });

  it.each(files)('%s replays with every line read', (file) => {
    expect(replayed(geminiSource, join(dir, file))).toEqual(MODE_0_61[streamScenario(file)]);
  });
});
