// The real Codex CLI, recorded by the capture lab (lab/, `pnpm capture codex`):
// `codex exec --json` and the rollout files of every recorded version replay
// with no line unknown, malformed or cut off, and show what the CLI did. The
// expected sequences were derived by hand from the recordings (read line by
// line against lab/src/scenarios.ts and lab/src/agents/codex.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { briefs, recordedDir, recordedVersions } from '../../../tooling/recorded.js';
import { codexSource } from './index.js';
import { codexLogSource } from './log-source.js';

const API_ERROR = ['start', 'notice', 'error', 'end error'];
const ROLLOUT_FAILED = ['start', 'prompt', 'error', 'end error'];
/** A rollout that keeps no trace of a failed model request (before 0.150): the turn completes with no reply, which is no answer. */
const ROLLOUT_NO_REPLY = ['start', 'prompt', 'end incomplete'];

/**
 * What `exec --json` shows per scenario. The lab offers Codex no plan or
 * subagent tool it has in exec mode, so those scenarios end after the
 * reasoning; a fetch is the model's own web search, reported as a call.
 */
const STDOUT: Record<string, string[]> = {
  'plain-answer': ['start', 'text It is **42**.', 'usage', 'end success'],
  // `cat <file>` is a read by Codex's own parse of the command.
  'read-edit-run': ['start', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Read', 'result Read success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'use Write', 'result Write success', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  'failing-command': ['start', 'use Bash', 'result Bash error', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  'thinking-todo': ['start', 'reasoning', 'text I have no tool for that here.', 'usage', 'end success'],
  'web-fetch': ['start', 'use WebSearch', 'result WebSearch success', 'usage', 'end success'],
  subagent: ['start', 'text I have no tool for that here.', 'usage', 'end success'],
  // exec --json prints no item for a command its policy refused: only the rollout file has it (below).
  'permission-denied': ['start', 'text I was not allowed to delete it.', 'usage', 'end success'],
  'api-error-400': API_ERROR,
  'api-error-429': API_ERROR,
  'api-error-500': API_ERROR,
  'overloaded-cut': API_ERROR,
  // SIGINT ends exec with no turn end: the stream is cut off.
  interrupted: ['start', 'end incomplete'],
  resumed: ['start', 'text I will remember 7.', 'usage', 'end success'],
  'resumed.resume': ['start', 'text You gave me 7.', 'usage', 'end success'],
};

/** What the rollout file shows: the prompt, a usage per response, and what exec --json left out. */
const LOG: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'usage', 'end success'],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'usage', 'use Edit', 'result Edit success', 'usage', 'use Read', 'result Read success', 'usage', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', 'result Write success', 'usage', 'use Bash', 'result Bash success', 'usage', 'use Bash', 'result Bash success', 'usage', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash error', 'usage', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  'thinking-todo': ['start', 'prompt', 'reasoning', 'text I have no tool for that here.', 'usage', 'end success'],
  'web-fetch': ['start', 'prompt', 'use WebSearch', 'result WebSearch success', 'usage', 'end success'],
  subagent: ['start', 'prompt', 'text I have no tool for that here.', 'usage', 'end success'],
  // "exec_command failed: CreateProcess { ... Rejected(...) }": the refused command failed.
  'permission-denied': ['start', 'prompt', 'use Bash', 'result Bash error', 'usage', 'text I was not allowed to delete it.', 'usage', 'end success'],
  // The failed model request is the `error` of the turn's `task_complete` (its `last_agent_message` null): the turn failed.
  'api-error-400': ROLLOUT_FAILED,
  'api-error-429': ROLLOUT_FAILED,
  'api-error-500': ROLLOUT_FAILED,
  'overloaded-cut': ROLLOUT_FAILED,
  interrupted: ['start', 'prompt', 'notice', 'end cancelled'],
  resumed: ['start', 'prompt', 'text I will remember 7.', 'usage', 'prompt', 'text You gave me 7.', 'usage', 'end success'],
};

/**
 * 0.89.0 offers `shell` (an argv) and `update_plan` but no `apply_patch`: the
 * lab writes and edits files with commands there, and the plan is a todo list
 * whose result comes with the turn's end. Its rollout writes a usage before
 * each call's output, and no final line after a failed request.
 */
const STDOUT_0_89: Record<string, string[]> = {
  ...STDOUT,
  'read-edit-run': ['start', 'text I will read the file first.', 'use Read', 'result Read success', 'use Bash', 'result Bash success', 'use Read', 'result Read success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  'thinking-todo': ['start', 'reasoning', 'use TodoWrite', 'reasoning', 'text Two steps: the changelog, then the tag.', 'result TodoWrite success', 'usage', 'end success'],
  // "`bash -lc 'rm -rf build'` rejected: blocked by policy", as a failed command.
  'permission-denied': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
};

const LOG_0_89: Record<string, string[]> = {
  'plain-answer': LOG['plain-answer'] as string[],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'usage', 'result Read success', 'use Bash', 'usage', 'result Bash success', 'use Read', 'usage', 'result Read success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'use Bash', 'usage', 'result Bash success', 'use Bash', 'usage', 'result Bash success', 'use Bash', 'usage', 'result Bash success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  'failing-command': ['start', 'prompt', 'use Bash', 'usage', 'result Bash error', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  'thinking-todo': ['start', 'prompt', 'reasoning', 'use TodoWrite', 'usage', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
  'web-fetch': ['start', 'prompt', 'use WebSearch', 'result WebSearch success', 'usage', 'end incomplete'],
  subagent: ['start', 'prompt', 'text I have no tool for that here.', 'usage', 'end success'],
  'permission-denied': ['start', 'prompt', 'use Bash', 'usage', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
  'api-error-400': ['start', 'prompt', 'end incomplete'],
  'api-error-429': ['start', 'prompt', 'end incomplete'],
  'api-error-500': ['start', 'prompt', 'end incomplete'],
  'overloaded-cut': ['start', 'prompt', 'end incomplete'],
  interrupted: ['start', 'prompt', 'notice', 'end cancelled'],
  resumed: LOG.resumed as string[],
};

/**
 * 0.40.0 prints the legacy form (a config summary, the prompt, then
 * `{"id", "msg"}` events) with a count after each model response and no
 * `task_complete`; it offers `shell` alone, so files are written and edited
 * with commands, and no plan or subagent tool. Its read-only sandbox did not
 * stop `rm -rf build` (exit 0). SIGINT stopped it before it printed anything
 * but the task's start. No thread id is printed, so the lab could not resume
 * the session (no `resumed.resume`).
 */
const STDOUT_0_40: Record<string, string[]> = {
  ...STDOUT,
  'read-edit-run': [
    'start',
    'text I will read the file first.',
    'use Read',
    'result Read success',
    'usage',
    'use Bash',
    'result Bash success',
    'usage',
    'use Read',
    'result Read success',
    'usage',
    'text Fixed: `Helo` is now `Hello`.',
    'usage',
    'end success',
  ],
  'write-search': [
    'start',
    'use Bash',
    'result Bash success',
    'usage',
    'use Bash',
    'result Bash success',
    'usage',
    'use Bash',
    'result Bash success',
    'usage',
    'text NOTES.md is written; greet is in src/greet.ts.',
    'usage',
    'end success',
  ],
  'failing-command': ['start', 'use Bash', 'result Bash error', 'usage', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  'permission-denied': ['start', 'use Bash', 'result Bash success', 'usage', 'text I was not allowed to delete it.', 'usage', 'end success'],
  'api-error-400': ['start', 'error', 'end error'],
  'api-error-429': ['start', 'error', 'end error'],
  'api-error-500': ['start', 'error', 'end error'],
  'overloaded-cut': ['start', 'error', 'end error'],
};

/** 0.40.0's rollout writes each response's count before its items, keeps no web search item, and the aborted turn. */
const LOG_0_40: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'usage', 'text It is **42**.', 'end success'],
  'read-edit-run': [
    'start',
    'prompt',
    'usage',
    'text I will read the file first.',
    'use Read',
    'result Read success',
    'usage',
    'use Bash',
    'result Bash success',
    'usage',
    'use Read',
    'result Read success',
    'usage',
    'text Fixed: `Helo` is now `Hello`.',
    'end success',
  ],
  'write-search': [
    'start',
    'prompt',
    'usage',
    'use Bash',
    'result Bash success',
    'usage',
    'use Bash',
    'result Bash success',
    'usage',
    'use Bash',
    'result Bash success',
    'usage',
    'text NOTES.md is written; greet is in src/greet.ts.',
    'end success',
  ],
  'failing-command': ['start', 'prompt', 'usage', 'use Bash', 'result Bash error', 'usage', 'text The tests fail: greet.test.ts.', 'end success'],
  'thinking-todo': ['start', 'prompt', 'usage', 'reasoning', 'text I have no tool for that here.', 'end success'],
  'web-fetch': ['start', 'prompt', 'usage', 'end incomplete'],
  subagent: ['start', 'prompt', 'usage', 'text I have no tool for that here.', 'end success'],
  'permission-denied': ['start', 'prompt', 'usage', 'use Bash', 'result Bash success', 'usage', 'text I was not allowed to delete it.', 'end success'],
  'api-error-400': ['start', 'prompt', 'end incomplete'],
  'api-error-429': ['start', 'prompt', 'end incomplete'],
  'api-error-500': ['start', 'prompt', 'end incomplete'],
  'overloaded-cut': ['start', 'prompt', 'end incomplete'],
  interrupted: ['start', 'prompt', 'notice', 'end cancelled'],
  resumed: ['start', 'prompt', 'usage', 'text I will remember 7.', 'end success'],
};

/**
 * 0.130.0 offers `exec_command`, `apply_patch`, `update_plan` and
 * `spawn_agent`: the plan is a todo list whose result comes with the turn's
 * end, and the subagent's thread is spawned, answered for at once, and cut
 * when exec ends (its own rollout ends in `turn_aborted`).
 */
const STDOUT_0_130: Record<string, string[]> = {
  ...STDOUT,
  'thinking-todo': STDOUT_0_89['thinking-todo'] as string[],
  subagent: ['start', 'use Task', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
};

/**
 * 0.130.0's rollout writes a usage before each call's output, like 0.89's; the
 * refused command failed ("exec_command failed for ..."); its `task_complete`
 * names no error after a failed request.
 */
const LOG_0_130: Record<string, string[]> = {
  ...LOG,
  'api-error-400': ROLLOUT_NO_REPLY,
  'api-error-429': ROLLOUT_NO_REPLY,
  'api-error-500': ROLLOUT_NO_REPLY,
  'overloaded-cut': ROLLOUT_NO_REPLY,
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'usage', 'result Read success', 'use Edit', 'usage', 'result Edit success', 'use Read', 'usage', 'result Read success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', 'usage', 'result Write success', 'use Bash', 'usage', 'result Bash success', 'use Bash', 'usage', 'result Bash success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  'failing-command': LOG_0_89['failing-command'] as string[],
  'thinking-todo': LOG_0_89['thinking-todo'] as string[],
  'permission-denied': LOG_0_89['permission-denied'] as string[],
  subagent: ['start', 'prompt', 'use Task', 'usage', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
  // The subagent's own rollout: its task as the prompt, then the abort when exec ended.
  'subagent.child': ['start', 'prompt', 'notice', 'end cancelled'],
};

/**
 * 0.150.1 (between 0.130 and 0.171) offers `exec_command`, `apply_patch` and
 * `update_plan` but no `spawn_agent`: the plan is a todo list whose result
 * comes with the turn's end, and the subagent scenario ends after the answer.
 */
const STDOUT_0_150: Record<string, string[]> = {
  ...STDOUT,
  'thinking-todo': STDOUT_0_89['thinking-todo'] as string[],
};

/** 0.150.1's rollout writes each call's output before the response's usage, like 0.171's; the plan's output ("Plan updated") too. */
const LOG_0_150: Record<string, string[]> = {
  ...LOG,
  'thinking-todo': ['start', 'prompt', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'usage', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
};

/**
 * 0.63.0 prints today's `exec --json` form (with no `cache_write_input_tokens`
 * or reasoning count in its usage) but offers the 0.40 tool set: `shell` (an
 * argv) and `update_plan`, no `apply_patch`, so files are written and edited
 * with commands and the plan is a todo list whose result comes with the
 * turn's end. Its read-only sandbox did not stop `rm -rf build` (exit 0), and
 * SIGINT ended it with exit 0 and nothing printed after `turn.started`.
 */
const STDOUT_0_63: Record<string, string[]> = {
  ...STDOUT_0_89,
  'permission-denied': ['start', 'use Bash', 'result Bash success', 'text I was not allowed to delete it.', 'usage', 'end success'],
};

/**
 * 0.63.0's rollout is 0.40's: no `task_started` or `task_complete`, a
 * response's copies and its count before its items (the count again after
 * each tool output, the same total), and nothing after a failed request or
 * for SIGINT: those turns are owed a reply, `incomplete`.
 */
const LOG_0_63: Record<string, string[]> = {
  ...LOG_0_40,
  'thinking-todo': ['start', 'prompt', 'usage', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'usage', 'reasoning', 'text Two steps: the changelog, then the tag.', 'end success'],
  // The rollout ends at the server-side search: no count or item after it says the turn ended.
  'web-fetch': ['start', 'prompt', 'usage', 'use WebSearch', 'result WebSearch success', 'end incomplete'],
  interrupted: ROLLOUT_NO_REPLY,
  resumed: ['start', 'prompt', 'usage', 'text I will remember 7.', 'prompt', 'usage', 'text You gave me 7.', 'end success'],
};

const EXPECTED: Record<string, { stdout: Record<string, string[]>; log: Record<string, string[]> }> = {
  '0.40.0': { stdout: STDOUT_0_40, log: LOG_0_40 },
  '0.63.0': { stdout: STDOUT_0_63, log: LOG_0_63 },
  '0.171.0': { stdout: STDOUT, log: LOG },
  '0.89.0': { stdout: STDOUT_0_89, log: LOG_0_89 },
  '0.130.0': { stdout: STDOUT_0_130, log: LOG_0_130 },
  '0.150.1': { stdout: STDOUT_0_150, log: LOG_0_150 },
};

it('has expectations for every recorded version', () => {
  expect(recordedVersions('codex')).toEqual(Object.keys(EXPECTED).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
});

describe.each(recordedVersions('codex'))('Codex %s exec --json, recorded', (version) => {
  const dir = recordedDir('codex', version);
  const files = readdirSync(dir).filter((file) => file.endsWith('.jsonl'));

  it.each(files)('%s replays with every line read', (file) => {
    const replay = replayLines(codexSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.partial, replay.accounting.unexplained]).toEqual([0, 0, 0, 0]);
    expect(briefs(replay.events)).toEqual(EXPECTED[version]?.stdout[file.replace(/\.jsonl$/, '')]);
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
