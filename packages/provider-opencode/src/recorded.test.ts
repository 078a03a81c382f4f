// The real OpenCode, recorded by the capture lab (lab/, `pnpm capture
// opencode`): `opencode run --format json --thinking` of every recorded
// version replays with no line unknown, malformed or cut off, and shows what
// the CLI did. The expected sequences were derived by hand from the
// recordings (read line by line against lab/src/scenarios.ts and
// lab/src/agents/opencode.ts). The session logs (JSON files of 1.0 and 1.1, the
// SQLite database of 1.2+) are read by @x/sessions and replayed there
// (packages/sessions/src/opencode-recorded.test.ts): this package reads no
// database.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { briefs, recordedDir, recordedVersions } from '../../../tooling/recorded.js';
import { openCodeSource } from './source.js';

/** `run` prints a part when it is done: text as one line, each tool call once, in its final state. */
const COMMON: Record<string, string[]> = {
  'plain-answer': ['start', 'text It is **42**.', 'usage', 'end success'],
  'read-edit-run': ['start', 'text I will read the file first.', 'use Read', 'result Read success', 'usage', 'use Edit', 'result Edit success', 'usage', 'use Bash', 'result Bash success', 'usage', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'use Write', 'result Write success', 'usage', 'use Grep', 'result Grep success', 'usage', 'use Glob', 'result Glob success', 'usage', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  // The bash part's `metadata.exit` is 1: a failed call.
  'failing-command': ['start', 'use Bash', 'result Bash error', 'usage', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  // `--thinking` prints the reasoning parts.
  'thinking-todo': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'usage', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
  'web-fetch': ['start', 'use WebFetch', 'result WebFetch success', 'usage', 'text The status page says all systems are up.', 'usage', 'end success'],
  // `run` prints only its own session's parts: the subagent's call is not there, its answer is the Task's output.
  subagent: ['start', 'use Task', 'result Task success', 'usage', 'text The helper counted 2 files.', 'usage', 'end success'],
  // The auto-rejected call is an error (quirk 6) and the run stops there: nothing says the turn ended.
  'permission-denied': ['start', 'use Bash', 'result Bash error', 'usage', 'end incomplete'],
  resumed: ['start', 'text I will remember 7.', 'usage', 'end success'],
  'resumed.resume': ['start', 'text You gave me 7.', 'usage', 'end success'],
};

/** A request refused for good: the error line alone (its retries print nothing). */
const REFUSED = ['start', 'error', 'end error'];

/** What 1.2.27 shows (and 1.3.2, the same in every scenario). */
const AS_1_2_27: Record<string, string[]> = {
  ...COMMON,
  // The reasoning part is printed when it closes, after the todowrite call it came before (its id and
  // `time.start` are earlier): `run` prints parts in the order they finish.
  'thinking-todo': ['start', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'usage', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
  // As 1.18: the overflow is compacted and answered again (exit 0 here, 1 in 1.18), the error line printed first.
  'api-error-400': ['start', 'error', 'text none', 'usage', 'notice', 'text none', 'usage', 'end error'],
  // 1.2 retries a 429 or a 500 without end and prints nothing meanwhile: the lab's timeout cuts an empty stdout.
  'api-error-429': [],
  'api-error-500': [],
  // One step, then the in-stream error, not retried; the cut-off text is never printed.
  'overloaded-cut': REFUSED,
  // Ctrl-C while the stream stalled: the step had started, its text part never closed.
  interrupted: ['start', 'end incomplete'],
};

/** What 1.0.152 shows, and 1.0.0 (run with the lab's provider package of its time), scenario for scenario. */
const AS_1_0_152: Record<string, string[]> = {
  ...COMMON,
  // Run without `--thinking` (1.0 refuses it): no reasoning part is printed.
  'thinking-todo': ['start', 'use TodoWrite', 'result TodoWrite success', 'usage', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
  // `run` asks for the command on standard output (quirk 19) and waits for an answer that never comes: the
  // question is a warning, and the run, killed by the lab's timeout before the call ran, is incomplete.
  'permission-denied': ['start', 'notice', 'end incomplete'],
  // The 400 alone, not retried, before any step; exit 1.
  'api-error-400': REFUSED,
  // As 1.1, a 429 or a 500 is retried without end and nothing is printed before the lab's timeout.
  'api-error-429': [],
  'api-error-500': [],
  'overloaded-cut': REFUSED,
  // Ctrl-C while the stream stalled: the step had started, nothing after it.
  interrupted: ['start', 'end incomplete'],
};

const EXPECTED: Record<string, Record<string, string[]>> = {
  '1.0.0': AS_1_0_152,
  '1.0.152': AS_1_0_152,
  '1.1.65': {
    ...COMMON,
    // 1.1 prints no part of a call it auto-rejected: the step, its usage, and the run stops.
    'permission-denied': ['start', 'usage', 'end incomplete'],
    // The ContextOverflowError alone: 1.1 does not compact, and exits 0.
    'api-error-400': ['start', 'error', 'end error'],
    // 1.1 retries a 429 or a 500 without end and prints nothing meanwhile: the lab's timeout cuts an empty stdout.
    'api-error-429': [],
    'api-error-500': [],
    // The in-stream error is not retried: one step, then the error.
    'overloaded-cut': REFUSED,
    interrupted: ['start', 'end incomplete'],
  },
  '1.2.12': {
    ...COMMON,
    // As 1.2.27: the reasoning part is printed when it closes, after the todowrite call it came before.
    'thinking-todo': ['start', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'usage', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    // As 1.1: the ContextOverflowError alone, before any step (no compaction before 1.2.27), and exit 0.
    'api-error-400': REFUSED,
    // As 1.2.27: a 429 or a 500 is retried without end, nothing printed before the lab's timeout.
    'api-error-429': [],
    'api-error-500': [],
    // One step, then the in-stream error, not retried (exit 0); the cut-off text is never printed.
    'overloaded-cut': REFUSED,
    // Ctrl-C while the stream stalled: the step had started, its text part never closed.
    interrupted: ['start', 'end incomplete'],
  },
  '1.2.27': AS_1_2_27,
  // 1.3.2 prints what 1.2.27 prints, scenario for scenario: the reasoning after the todowrite call
  // (quirk 18), the overflow compacted and answered again, 429 and 500 retried without end.
  '1.3.2': AS_1_2_27,
  '1.14.34': {
    ...COMMON,
    // As 1.18: the overflow is compacted and answered again (exit 0 here), the error line printed first.
    'api-error-400': ['start', 'error', 'text none', 'usage', 'notice', 'text none', 'usage', 'end error'],
    // As 1.2: a 429 or a 500 is retried without end, nothing printed before the lab's timeout.
    'api-error-429': [],
    'api-error-500': [],
    'overloaded-cut': REFUSED,
    // Ctrl-C while the stream stalled: the step had started, nothing after it.
    interrupted: ['start', 'end incomplete'],
  },
  '1.15.13': {
    // `run` stops before the parts of the last step are printed (quirk 20): that step's `step_start`, then
    // nothing, so every run ends as a stream cut off, its answer never printed.
    'plain-answer': ['start', 'end incomplete'],
    'read-edit-run': ['start', 'text I will read the file first.', 'use Read', 'result Read success', 'usage', 'use Edit', 'result Edit success', 'usage', 'use Bash', 'result Bash success', 'usage', 'end incomplete'],
    'write-search': ['start', 'use Write', 'result Write success', 'usage', 'use Grep', 'result Grep success', 'usage', 'use Glob', 'result Glob success', 'usage', 'end incomplete'],
    'failing-command': ['start', 'use Bash', 'result Bash error', 'usage', 'end incomplete'],
    // The reasoning is printed before the call, in the order of the parts' ids.
    'thinking-todo': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'usage', 'end incomplete'],
    'web-fetch': ['start', 'use WebFetch', 'result WebFetch success', 'usage', 'end incomplete'],
    // The task's step, then not even the last step's `step_start`.
    subagent: ['start', 'use Task', 'result Task success', 'usage', 'end incomplete'],
    // The rejected call is in the last step: only its `step_start` is printed.
    'permission-denied': ['start', 'end incomplete'],
    // The overflow, the compaction's summary and the synthetic note are printed; the answer after them is not.
    'api-error-400': ['start', 'error', 'text none', 'usage', 'notice', 'end error'],
    // A 429 or a 500 is retried without end, nothing printed before the lab's timeout.
    'api-error-429': [],
    'api-error-500': [],
    // The step, then neither the in-stream error nor anything else: the failure never reaches stdout.
    'overloaded-cut': ['start', 'end incomplete'],
    interrupted: ['start', 'end incomplete'],
    // One step, and not even its `step_start`: nothing at all (so the lab had no session id to resume).
    resumed: [],
  },
  '1.17.18': {
    ...COMMON,
    // As 1.18: the overflow is compacted and answered again, the error line printed first; exit 1.
    'api-error-400': ['start', 'error', 'text none', 'usage', 'notice', 'text none', 'usage', 'end error'],
    // As 1.14: a 429 or a 500 is retried without end, nothing printed before the lab's timeout.
    'api-error-429': [],
    'api-error-500': [],
    // One step, then the in-stream error, not retried; the cut-off text is never printed.
    'overloaded-cut': REFUSED,
    // Ctrl-C while the stream stalled: the step had started, nothing after it.
    interrupted: ['start', 'end incomplete'],
  },
  '1.18.33': {
    ...COMMON,
    // "prompt is too long" is taken for a context overflow (ContextOverflowError): the session is
    // compacted (the summary is the lab's side answer, `none`), the synthetic note to go on is a
    // notice (quirk 16), and the model answers again; the run still exits 1.
    'api-error-400': ['start', 'error', 'text none', 'usage', 'notice', 'text none', 'usage', 'end error'],
    'api-error-429': REFUSED,
    'api-error-500': REFUSED,
    // Each retry starts a step (six `step_start` lines), then the error of the last attempt; the cut-off text is never printed.
    'overloaded-cut': REFUSED,
    // Ctrl-C while the stream stalls: `run` prints a part only when it is done, so nothing at all.
    interrupted: [],
    compaction: ['start', 'text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'usage', 'end success'],
    // The first answer's usage fills the window the resumed run is given: it compacts before it answers. `run`
    // prints the summary's text (quirk 21), then the note to go on, the compaction notice (quirk 16), then the answer.
    'compaction.resume': ['start', 'text The user asked me to remember the number 7, and I said I would.', 'usage', 'notice', 'text You gave me 7.', 'usage', 'end success'],
  },
};

it('has expectations for every recorded version', () => {
  expect(recordedVersions('opencode')).toEqual(Object.keys(EXPECTED));
});

describe.each(recordedVersions('opencode'))('OpenCode %s run --format json, recorded', (version) => {
  const dir = recordedDir('opencode', version);
  const files = readdirSync(dir).filter((file) => file.endsWith('.jsonl'));

  it('has an expectation for every recorded scenario', () => {
    expect(files.map((file) => file.replace(/\.jsonl$/, '')).sort()).toEqual(Object.keys(EXPECTED[version] ?? {}).sort());
  });

  it.each(files)('%s replays with every line read', (file) => {
    const replay = replayLines(openCodeSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.partial, replay.accounting.unexplained]).toEqual([0, 0, 0, 0]);
    expect(briefs(replay.events)).toEqual(EXPECTED[version]?.[file.replace(/\.jsonl$/, '')]);
  });
});

it('shows the compaction as the one compaction notice, as every agent does (1.18.33)', () => {
  const events = replayLines(openCodeSource, readFileSync(join(recordedDir('opencode', '1.18.33'), 'compaction.resume.jsonl'), 'utf8').split('\n')).events;
  expect(events.filter((event) => event.kind === 'notice')).toEqual([{ kind: 'notice', level: 'info', message: 'Conversation compacted (auto)', code: 'compaction' }]);
});
