// Copilot CLI before 0.0.422, recorded by the capture lab (lab/README.md):
// `copilot -p` printed plain text, kept as `<scenario>.stdout.txt` beside the
// session logs and not replayed, so only the logs are read here: 0.0.400's
// `session-state/<id>/events.jsonl`, 0.0.376's `session-state/<id>.jsonl`
// and 0.0.340's one-document
// `history-session-state/session_<id>_<ms>.json`. The expected sequences
// were derived by hand from the recordings (read against
// lab/src/scenarios.ts and lab/src/agents/copilot.ts).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { briefs, recordedDir, recordedVersions } from '../../../tooling/recorded.js';
import { copilotLogSource } from './log-source.js';

/** 0.0.376's log of a run killed by the lab's timeout while it retried: one error (its retries repeat it), the turn still open. */
const KILLED_RETRYING = ['start', 'prompt', 'error', 'end incomplete'];

/** 0.0.376: the events shared with later versions, with no context (cwd) in `session.start`, no shutdown, and no exit code of a shell call. */
const V0_0_376: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'end success'],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'end success'],
  // `success: true` and an empty `result.content`, as 0.0.423 (quirk 11): nothing says the command failed.
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash success', 'text The tests fail: greet.test.ts.', 'end success'],
  // The second reasoning block comes after the answer, as the log has it.
  'thinking-todo': ['start', 'prompt', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'text Two steps: the changelog, then the tag.', 'reasoning', 'end success'],
  'web-fetch': ['start', 'prompt', 'use WebFetch', 'result WebFetch success', 'text The status page says all systems are up.', 'end success'],
  // Its task failed inside the CLI (`Cannot use 'in' operator ...` reading the lab's stream for the subagent): the log says so.
  subagent: ['start', 'prompt', 'use Task', 'result Task error', 'text The helper counted 2 files.', 'end success'],
  'permission-denied': ['start', 'prompt', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'end success'],
  // Six `model_call` errors of one message (shown once), then the run's `query` error after the turn ended.
  'api-error-400': ['start', 'prompt', 'error', 'error', 'end error'],
  'api-error-429': KILLED_RETRYING,
  'api-error-500': KILLED_RETRYING,
  'overloaded-cut': ['start', 'prompt', 'error', 'end error'],
  // Ctrl-C left the turn open and wrote no abort.
  interrupted: ['start', 'prompt', 'end incomplete'],
  // Resumed, the second run's events follow a `session.resume` in the same file.
  resumed: ['start', 'prompt', 'text I will remember 7.', 'prompt', 'text You gave me 7.', 'end success'],
};

/** 0.0.340's history document: a model call that failed leaves only the prompt, the conversation having no answer. */
const UNANSWERED = ['start', 'prompt', 'end incomplete'];

/**
 * 0.0.340: the Chat Completions conversation of its one document. Its tools
 * are `bash` (and its session helpers) and `str_replace_editor`: grep and
 * glob run as shell commands, and the todo, fetch and task intents have no
 * tool. Killed (api-error-500 by the lab's timeout, interrupted by Ctrl-C), it
 * wrote no document at all.
 */
const V0_0_340: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'end success'],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', 'result Write success', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'text NOTES.md is written; greet is in src/greet.ts.', 'end success'],
  // The tool message is empty: nothing in the document says the command failed.
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash success', 'text The tests fail: greet.test.ts.', 'end success'],
  // `reasoning_content` beside the answer.
  'thinking-todo': ['start', 'prompt', 'reasoning', 'text I have no tool for that here.', 'end success'],
  'web-fetch': ['start', 'prompt', 'text I have no tool for that here.', 'end success'],
  // `task` is no tool of 0.0.340 (`Tool not found: task` on stdout): the call has no tool message, and the conversation ends there.
  subagent: ['start', 'prompt', 'use Task', 'end incomplete'],
  // The refusal is the tool message's text, with nothing that marks it as one: the call reads as successful.
  'permission-denied': ['start', 'prompt', 'use Bash', 'result Bash success', 'text I was not allowed to delete it.', 'end success'],
  'api-error-400': UNANSWERED,
  'api-error-429': UNANSWERED,
  'overloaded-cut': UNANSWERED,
  // Resumed, the second prompt and answer are added to the same document.
  resumed: ['start', 'prompt', 'text I will remember 7.', 'prompt', 'text You gave me 7.', 'end success'],
};

/** 0.0.400's log of a run killed while it retried, or stopped by Ctrl-C: the turn's start, nothing after it. */
const OPEN_TURN = ['start', 'prompt', 'end incomplete'];

/**
 * 0.0.400: `session-state/<id>/events.jsonl` with `workspace.yaml`, as
 * section 4 has them, `session.start` naming the working folder; still no
 * shutdown, and a failed model call writes only the run's `query` error.
 */
const V0_0_400: Record<string, string[]> = {
  'plain-answer': V0_0_376['plain-answer'] as string[],
  'read-edit-run': V0_0_376['read-edit-run'] as string[],
  'write-search': V0_0_376['write-search'] as string[],
  // The log ends at the second turn's `assistant.turn_start`: the answer stdout printed (`The tests fail: greet.test.ts.`) was never written, the CLI having exited first.
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash success', 'end incomplete'],
  // Reasoning only as `reasoningText` of each message: before the call, and before the answer.
  'thinking-todo': ['start', 'prompt', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'end success'],
  'web-fetch': V0_0_376['web-fetch'] as string[],
  // The same failure inside the CLI as 0.0.376's.
  subagent: V0_0_376.subagent as string[],
  'permission-denied': V0_0_376['permission-denied'] as string[],
  'api-error-400': ['start', 'prompt', 'error', 'end error'],
  'api-error-429': OPEN_TURN,
  'api-error-500': OPEN_TURN,
  'overloaded-cut': ['start', 'prompt', 'error', 'end error'],
  interrupted: OPEN_TURN,
  resumed: V0_0_376.resumed as string[],
};

const EXPECTED: Record<string, Record<string, string[]>> = { '0.0.340': V0_0_340, '0.0.376': V0_0_376, '0.0.400': V0_0_400 };

/** The versions recorded with plain-text stdout: a log folder and no stream folder. */
const PLAIN_TEXT_VERSIONS = recordedVersions('copilot-log').filter((version) => !recordedVersions('copilot').includes(version));

/** A session log of a version before 0.0.422: a flat `session-state/<id>.jsonl`, a `session-state/<id>/events.jsonl`, or a history document. */
const LOG_FILE = /(session-state\/[^/]+\.jsonl|session-state\/[^/]+\/events\.jsonl|history-session-state\/session_.+_\d+\.json)$/;

it('has expectations for every version recorded with plain-text stdout', () => {
  expect(PLAIN_TEXT_VERSIONS).toEqual(Object.keys(EXPECTED));
});

describe.each(PLAIN_TEXT_VERSIONS)('Copilot CLI %s (plain-text stdout), recorded', (version) => {
  const dir = recordedDir('copilot-log', version);
  const logs = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => LOG_FILE.test(file));

  it('has one log for every scenario, and its stdout kept as printed', () => {
    expect(logs.map((file) => file.split('/')[0]).sort()).toEqual(Object.keys(EXPECTED[version] ?? {}).sort());
    for (const file of logs) expect(existsSync(join(dir, `${file.split('/')[0]}.stdout.txt`))).toBe(true);
    expect(readFileSync(join(dir, 'plain-answer.stdout.txt'), 'utf8')).toContain('It is **42**.');
  });

  it.each(logs)('%s replays with every line read', (file) => {
    const replay = replayLines(copilotLogSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.unexplained]).toEqual([0, 0, 0]);
    expect(briefs(replay.events)).toEqual(EXPECTED[version]?.[file.split('/')[0] as string]);
  });
});
