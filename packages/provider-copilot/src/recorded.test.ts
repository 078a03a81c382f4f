// The real GitHub Copilot CLI, recorded by the capture lab (lab/, `pnpm
// capture copilot`): `copilot -p --output-format json` and the session-state
// events.jsonl of every recorded version replay with no line unknown,
// malformed or cut off, and show what the CLI did. The expected sequences were
// derived by hand from the recordings (read line by line against
// lab/src/scenarios.ts and lab/src/agents/copilot.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { briefs, recordedDir, recordedVersions } from '../../../tooling/recorded.js';
import { copilotLogSource } from './log-source.js';
import { copilotSource } from './source.js';

/** A request retried five times, each retry a notice, then the error; stdout names the session only at its end. */
const RETRIED = ['notice', 'notice', 'notice', 'notice', 'notice', 'error', 'start', 'usage', 'end error'];
/** A stream that breaks off after its first words, six times over (the first try and five retries), then the error. */
const streamedTwice = (text: string) => [...Array.from({ length: 5 }, () => [`text ${text}`, 'notice']).flat(), `text ${text}`, 'error', 'start', 'usage', 'end error'];

const STDOUT: Record<string, string[]> = {
  'plain-answer': ['text It is **42**.', 'start', 'usage', 'end success'],
  'read-edit-run': ['text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'start', 'usage', 'end success'],
  // apply_patch adding a file is shown as an edit; rg and glob are Grep and Glob.
  'write-search': ['use Edit', 'result Edit success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'start', 'usage', 'end success'],
  // `shellExecution.exitCode: 1` beside `success: true`: the command failed, as it does for every agent.
  'failing-command': ['use Bash', 'result Bash error', 'text The tests fail: greet.test.ts.', 'start', 'usage', 'end success'],
  // No todo or fetch tool in 1.0.102: the lab answers that it has none.
  'thinking-todo': ['reasoning', 'reasoning', 'reasoning', 'text I have no tool for that here.', 'start', 'usage', 'end success'],
  'web-fetch': ['text I have no tool for that here.', 'start', 'usage', 'end success'],
  subagent: ['use Task', 'use Bash', 'result Bash success', 'text 2 files: a.txt and b.txt.', 'result Task success', 'text The helper counted 2 files.', 'start', 'usage', 'end success'],
  'permission-denied': ['use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'start', 'usage', 'end success'],
  // 400 is not retried.
  'api-error-400': ['notice', 'error', 'start', 'usage', 'end error'],
  'api-error-429': ['error', 'start', 'usage', 'end error'],
  'api-error-500': RETRIED,
  'overloaded-cut': streamedTwice('Let me start'),
  // Ctrl-C cancels each stalled request, which the CLI retries, until the retries run out.
  interrupted: streamedTwice('Here is the first line'),
  resumed: ['text I will remember 7.', 'start', 'usage', 'end success'],
  'resumed.resume': ['text You gave me 7.', 'start', 'usage', 'end success'],
  // Compacted by a resumed run whose prompt is `/compact` (1.0.102 on): stdout leaves session.compaction_* out, so that run is its result alone.
  compaction: ['text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'start', 'usage', 'end success'],
  'compaction.compact': ['start', 'usage', 'end success'],
  'compaction.resume': ['text You gave me 7.', 'start', 'usage', 'end success'],
};

const FAILED_LOG = ['start', 'prompt', 'error', 'notice', 'end error'];

/** The session-state file: the prompt first, the usage and the shutdown's notice at the end; a resumed session is two sessions in one file. */
const LOG: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'usage', 'notice', 'end success'],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'notice', 'end success'],
  'write-search': ['start', 'prompt', 'use Edit', 'result Edit success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'notice', 'end success'],
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash error', 'text The tests fail: greet.test.ts.', 'usage', 'notice', 'end success'],
  'thinking-todo': ['start', 'prompt', 'reasoning', 'text I have no tool for that here.', 'usage', 'notice', 'end success'],
  'web-fetch': ['start', 'prompt', 'text I have no tool for that here.', 'usage', 'notice', 'end success'],
  // The subagent's task prompt is written as a user message of its own.
  subagent: ['start', 'prompt', 'use Task', 'prompt', 'use Bash', 'result Bash success', 'text 2 files: a.txt and b.txt.', 'result Task success', 'text The helper counted 2 files.', 'usage', 'notice', 'end success'],
  'permission-denied': ['start', 'prompt', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'notice', 'end success'],
  'api-error-400': FAILED_LOG,
  'api-error-429': FAILED_LOG,
  'api-error-500': FAILED_LOG,
  'overloaded-cut': FAILED_LOG,
  interrupted: FAILED_LOG,
  resumed: ['start', 'prompt', 'text I will remember 7.', 'usage', 'notice', 'end success', 'start', 'prompt', 'text You gave me 7.', 'usage', 'notice', 'end success'],
  // Three runs in one file: the `/compact` run writes no user message, its session.compaction_complete is the compaction notice
  // (its summaryContent not shown), then its shutdown's notice.
  compaction: [
    'start', 'prompt', 'text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'usage', 'notice', 'end success',
    'start', 'notice', 'usage', 'notice', 'end success',
    'start', 'prompt', 'text You gave me 7.', 'usage', 'notice', 'end success',
  ],
};

/** 1.0.62 retries a 400 as well; its shell exit code is only in the call's telemetry (`toolTelemetry.metrics.exit_code`). */
const STDOUT_1_0_62: Record<string, string[]> = { ...STDOUT, 'api-error-400': RETRIED };

/** 1.0.62 writes no user message for a subagent's task. */
const LOG_1_0_62: Record<string, string[]> = {
  ...LOG,
  subagent: ['start', 'prompt', 'use Task', 'use Bash', 'result Bash success', 'text 2 files: a.txt and b.txt.', 'result Task success', 'text The helper counted 2 files.', 'usage', 'notice', 'end success'],
};

/**
 * 1.0.80 first says the 400 is the context limit, then retries it as
 * transient. Ctrl-C aborts the stalled request twice over and cancels the
 * run, which ends there (its result says exit code 0); the log keeps the two
 * aborts, not the words streamed before them.
 */
const STDOUT_1_0_80: Record<string, string[]> = {
  ...STDOUT,
  'api-error-400': RETRIED,
  interrupted: ['text Here is the first line', 'notice', 'notice', 'notice', 'start', 'usage', 'end cancelled'],
};

const LOG_1_0_80: Record<string, string[]> = { ...LOG, interrupted: ['start', 'prompt', 'notice', 'notice', 'notice', 'end cancelled'] };

/**
 * 1.0.20 has no apply_patch: the lab writes with `create` (a Write, and a
 * `file_created` info on stdout) and searches with `grep`. It retries a 400
 * as well, and a 429 or a 500 without end (the 429 silently): the lab's
 * timeout kills those runs, as Ctrl-C kills the interrupted one, before any
 * result line, so stdout ends cut off with no session. Its shell exit code is
 * only the `<exited with exit code 1>` line that ends the output. The log of
 * the interrupted run has no abort: its routine shutdown comes mid-turn.
 */
const STDOUT_1_0_20: Record<string, string[]> = {
  ...STDOUT,
  'write-search': ['use Write', 'notice', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'start', 'usage', 'end success'],
  'api-error-400': RETRIED,
  'api-error-429': [],
  'api-error-500': ['notice', 'notice', 'notice', 'notice', 'notice'],
  interrupted: ['text Here is the first line'],
};

const LOG_1_0_20: Record<string, string[]> = {
  ...LOG_1_0_62,
  'write-search': ['start', 'prompt', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'notice', 'end success'],
  'api-error-429': ['start', 'prompt', 'end incomplete'],
  'api-error-500': ['start', 'prompt', 'end incomplete'],
  interrupted: ['start', 'prompt', 'notice', 'end cancelled'],
};

/**
 * 1.0.40 retries a 400 as well (as `transient_bad_request`), and a 429
 * silently (no retry notice), five times each. Its shell exit code is only
 * the `<exited with exit code 1>` line that ends the output, as in 1.0.20.
 * Ctrl-C kills the stalled run before any result line: stdout ends with the
 * words streamed so far and names no session. Its log, as 1.0.20's, has no
 * abort but a routine shutdown mid-turn, and no user message for a
 * subagent's task.
 */
const STDOUT_1_0_40: Record<string, string[]> = { ...STDOUT, 'api-error-400': RETRIED, interrupted: ['text Here is the first line'] };

const LOG_1_0_40: Record<string, string[]> = { ...LOG_1_0_62, interrupted: ['start', 'prompt', 'notice', 'end cancelled'] };

/**
 * 1.0.32 has 1.0.40's tools (`apply_patch`, `rg`, `glob`) and retries a 400
 * five times as `transient_bad_request`, but a 429 or a 500 without end, as
 * 1.0.20 does (the 429 silently, the 500 with a `model_retry` notice each
 * time): the lab's timeout kills those runs before any result line, so
 * stdout names no session. Ctrl-C kills the stalled run before any result
 * line too.
 */
const STDOUT_1_0_32: Record<string, string[]> = {
  ...STDOUT_1_0_40,
  'api-error-429': [],
  'api-error-500': ['notice', 'notice', 'notice', 'notice'],
};

/** 1.0.32's log is 1.0.40's, but the killed 429 and 500 runs end at the prompt's turn start: no reply, `incomplete`. */
const LOG_1_0_32: Record<string, string[]> = {
  ...LOG_1_0_40,
  'api-error-429': ['start', 'prompt', 'end incomplete'],
  'api-error-500': ['start', 'prompt', 'end incomplete'],
};

/**
 * 1.0.12 is 1.0.20's shape (`create`, `grep`, the exit code in the output's
 * last line, a routine shutdown mid-turn for Ctrl-C), but it announces five
 * retries of a 429 too, as of a 500, then retries both silently until the
 * lab's timeout kills it: five notices and no session.
 */
const STDOUT_1_0_12: Record<string, string[]> = { ...STDOUT_1_0_20, 'api-error-429': ['notice', 'notice', 'notice', 'notice', 'notice'] };

/**
 * 1.0.92 announces no retry on stdout: no `assistant.turn_retry`, no
 * `session.info` of type `model_retry`, only the `model.call_failure` and
 * `model.call_finished` telemetry, shown as nothing. A 400 is not retried
 * (`session.error` names the prompt as too long), a 429 or a 500 is retried
 * five times silently and ends in the one error; the cut-off stream's words
 * are streamed six times over, each attempt a message of its own, and the
 * session's error says it retried five times. Ctrl-C aborts the stalled
 * request once (`abort`, then a `session.info` of type `cancellation`) and
 * the run ends cancelled with exit code 0; the log keeps the abort alone.
 */
const FAILED_SILENTLY = ['error', 'start', 'usage', 'end error'];

const STDOUT_1_0_92: Record<string, string[]> = {
  ...STDOUT,
  'api-error-400': FAILED_SILENTLY,
  'api-error-500': FAILED_SILENTLY,
  'overloaded-cut': [...Array.from({ length: 6 }, () => 'text Let me start'), 'error', 'start', 'usage', 'end error'],
  interrupted: ['text Here is the first line', 'notice', 'notice', 'start', 'usage', 'end cancelled'],
};

const LOG_1_0_92: Record<string, string[]> = { ...LOG, interrupted: ['start', 'prompt', 'notice', 'end cancelled'] };

/**
 * 1.0.70 prints what 1.0.62 prints (a 400 retried with five `model_retry`
 * notices, a 429 silently), but Ctrl-C aborts the stalled request once
 * (`abort`, then a `session.info` of type `cancellation`) and the run ends
 * cancelled, as on 1.0.92; the log keeps the abort and then the routine
 * shutdown (1.0.80: two aborts and the shutdown).
 */
const STDOUT_1_0_70: Record<string, string[]> = { ...STDOUT_1_0_62, interrupted: STDOUT_1_0_92.interrupted as string[] };

const LOG_1_0_70: Record<string, string[]> = { ...LOG_1_0_62, interrupted: ['start', 'prompt', 'notice', 'notice', 'end cancelled'] };

/**
 * 0.0.423, the Copilot API's client (the lab serves its model list), has
 * 1.0.20's tools (`create`, a `file_created` notice, `grep`) and a
 * `web_fetch`, which 1.0.x offline does not offer. Its shell call of
 * `echo … >&2; exit 1` completes with `success: true`, an empty output and
 * no exit code anywhere, so it is shown successful. A 400 or a 500 is
 * retried silently and ends in the one error; a 429 is retried without end
 * until the lab's timeout kills the run (stdout: the prompt and the turn's
 * start, nothing shown); a cut-off stream is retried with a `model_retry`
 * notice each time; Ctrl-C kills the stalled run before any result line.
 */
const STDOUT_0_0_423: Record<string, string[]> = {
  ...STDOUT,
  'write-search': STDOUT_1_0_20['write-search'] as string[],
  'failing-command': ['use Bash', 'result Bash success', 'text The tests fail: greet.test.ts.', 'start', 'usage', 'end success'],
  'web-fetch': ['use WebFetch', 'result WebFetch success', 'text The status page says all systems are up.', 'start', 'usage', 'end success'],
  'api-error-400': FAILED_SILENTLY,
  'api-error-429': [],
  'api-error-500': FAILED_SILENTLY,
  interrupted: ['text Here is the first line'],
};

/**
 * 0.0.423 writes no `session.shutdown` in prompt mode: no totals but the
 * messages' output tokens, and the session ends where its last turn did
 * (log quirk 11): successful, `error` after a `session.error`, incomplete
 * for the runs killed mid-turn (the 429 and Ctrl-C). Resumed, it writes a
 * `session.resume` and the second prompt in the same session, which ends
 * once.
 */
const LOG_0_0_423: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'usage', 'end success'],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash success', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  'thinking-todo': ['start', 'prompt', 'reasoning', 'text I have no tool for that here.', 'usage', 'end success'],
  'web-fetch': ['start', 'prompt', 'use WebFetch', 'result WebFetch success', 'text The status page says all systems are up.', 'usage', 'end success'],
  subagent: ['start', 'prompt', 'use Task', 'use Bash', 'result Bash success', 'text 2 files: a.txt and b.txt.', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
  'permission-denied': ['start', 'prompt', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
  'api-error-400': ['start', 'prompt', 'error', 'end error'],
  'api-error-429': ['start', 'prompt', 'end incomplete'],
  'api-error-500': ['start', 'prompt', 'error', 'end error'],
  'overloaded-cut': ['start', 'prompt', 'error', 'end error'],
  interrupted: ['start', 'prompt', 'end incomplete'],
  resumed: ['start', 'prompt', 'text I will remember 7.', 'prompt', 'text You gave me 7.', 'usage', 'end success'],
};

/**
 * 1.0.7, run as 0.0.423 is (the lab as its Copilot API, under Node.js 24),
 * has 0.0.423's tools (`create` with a `file_created` notice, `grep`,
 * `web_fetch`), but its shell output ends in `<exited with exit code 1>`, as
 * 1.0.20's does, so the failing command is shown failed. It announces five
 * retries of a 400, a 500 or a cut-off stream with a `model_retry` notice
 * each, then ends in the one error; a 429 it announces five times too, then
 * retries silently until the lab's timeout kills the run (no result line), as
 * 1.0.12 does. Ctrl-C kills the stalled run before any result line.
 */
const STDOUT_1_0_7: Record<string, string[]> = {
  ...STDOUT_1_0_12,
  'web-fetch': STDOUT_0_0_423['web-fetch'] as string[],
  'api-error-500': RETRIED,
};

/**
 * 1.0.7's log is 0.0.423's: no `session.shutdown` (log quirk 11), a
 * resumed session's second prompt in the same file after a `session.resume`,
 * no user message for a subagent's task; only the failing command differs,
 * shown failed by the exit code its output ends with.
 */
const LOG_1_0_7: Record<string, string[]> = {
  ...LOG_0_0_423,
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash error', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
};

const EXPECTED: Record<string, { stdout: Record<string, string[]>; log: Record<string, string[]> }> = {
  '0.0.423': { stdout: STDOUT_0_0_423, log: LOG_0_0_423 },
  '1.0.7': { stdout: STDOUT_1_0_7, log: LOG_1_0_7 },
  '1.0.12': { stdout: STDOUT_1_0_12, log: LOG_1_0_20 },
  '1.0.20': { stdout: STDOUT_1_0_20, log: LOG_1_0_20 },
  '1.0.32': { stdout: STDOUT_1_0_32, log: LOG_1_0_32 },
  '1.0.40': { stdout: STDOUT_1_0_40, log: LOG_1_0_40 },
  // 1.0.55 behaves as 1.0.40: a 400 retried with five `model_retry` notices, a 429 silently; the exit code only in
  // the output's `<exited with exit code 1>`; Ctrl-C kills the run before any result line, its log ends in a routine shutdown.
  '1.0.55': { stdout: STDOUT_1_0_40, log: LOG_1_0_40 },
  '1.0.62': { stdout: STDOUT_1_0_62, log: LOG_1_0_62 },
  '1.0.70': { stdout: STDOUT_1_0_70, log: LOG_1_0_70 },
  '1.0.80': { stdout: STDOUT_1_0_80, log: LOG_1_0_80 },
  '1.0.92': { stdout: STDOUT_1_0_92, log: LOG_1_0_92 },
  '1.0.102': { stdout: STDOUT, log: LOG },
};

it('has expectations for every recorded version', () => {
  expect(recordedVersions('copilot')).toEqual(Object.keys(EXPECTED));
});

describe.each(recordedVersions('copilot'))('Copilot CLI %s -p --output-format json, recorded', (version) => {
  const dir = recordedDir('copilot', version);
  const files = readdirSync(dir).filter((file) => file.endsWith('.jsonl'));

  it.each(files)('%s replays with every line read', (file) => {
    const replay = replayLines(copilotSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.partial, replay.accounting.unexplained]).toEqual([0, 0, 0, 0]);
    expect(briefs(replay.events)).toEqual(EXPECTED[version]?.stdout[file.replace(/\.jsonl$/, '')]);
  });
});

// A version that prints plain text (before 0.0.422) has no stdout recording: its logs are replayed in recorded-plain-text.test.ts.
describe.each(recordedVersions('copilot-log').filter((version) => recordedVersions('copilot').includes(version)))('Copilot CLI %s session-state events, recorded', (version) => {
  const dir = recordedDir('copilot-log', version);
  const logs = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('events.jsonl'));

  it.each(logs)('%s replays with every line read', (file) => {
    const replay = replayLines(copilotLogSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.unexplained]).toEqual([0, 0, 0]);
    expect(briefs(replay.events)).toEqual(EXPECTED[version]?.log[file.split('/')[0] as string]);
  });
});

it('shows the compaction of 1.0.102 (recorded, compaction) as the one compaction notice every agent has, with its trigger and token counts', () => {
  const dir = join(recordedDir('copilot-log', '1.0.102'), 'compaction');
  const [file] = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('events.jsonl'));
  const text = readFileSync(join(dir, file as string), 'utf8');
  const complete = JSON.parse(text.split('\n').find((line) => line.includes('"session.compaction_complete"')) ?? '{}') as { data: Record<string, unknown> };
  const notices = replayLines(copilotLogSource, text.split('\n')).events.filter((event) => event.kind === 'notice' && event.code === 'compaction');
  expect(notices).toMatchObject([
    // trigger "manual", preCompactionTokens 10893, postCompactionTokens 10905.
    { level: 'info', message: 'Conversation compacted (manual, 10893 tokens before, 10905 after)' },
  ]);
  // The summary the model gave is the CLI's, not shown.
  expect(JSON.stringify(replayLines(copilotLogSource, text.split('\n')).events)).not.toContain(String(complete.data.summaryContent));
});
