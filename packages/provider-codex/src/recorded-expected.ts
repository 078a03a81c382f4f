// What `codex exec --json` and the rollout files of each recorded version of
// the current form (0.44 on) show, per scenario, as recorded.test.ts checks
// it. Derived by hand from the recordings (fixtures/codex/recorded/<version>/,
// fixtures/codex-log/recorded/<version>/), read line by line against
// lab/src/scenarios.ts and lab/src/agents/codex.ts.

/** Per scenario (the recording's file name without `.jsonl`), the events as short lines (tooling/recorded.ts `briefs`). */
export type Expected = Record<string, string[]>;

/** What one version's recordings show: stdout's scenarios and the rollouts'. */
export interface VersionExpectations {
  stdout: Expected;
  log: Expected;
}

/** A failed request: `error` then `turn.failed` with the same message, shown once (quirk 5). */
const API_ERROR = ['start', 'error', 'end error'];
const ROLLOUT_FAILED = ['start', 'prompt', 'error', 'end error'];
/** A rollout that keeps no trace of a failed model request (before 0.150): the turn completes with no reply, which is no answer. */
export const ROLLOUT_NO_REPLY = ['start', 'prompt', 'end incomplete'];

/**
 * What `exec --json` shows per scenario. The lab offers Codex no plan or
 * subagent tool it has in exec mode, so those scenarios end after the
 * reasoning; a fetch is the model's own web search, reported as a call.
 */
export const STDOUT: Expected = {
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
  // Compacted at the start of the resumed turn (a low model_auto_compact_token_limit; recorded 0.100.0, 0.130.0, 0.171.0):
  // `exec --json` prints nothing of it, the rollout does (below).
  compaction: ['start', 'text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'usage', 'end success'],
  'compaction.resume': ['start', 'text You gave me 7.', 'usage', 'end success'],
};

/** What the rollout file shows: the prompt, a usage per response, and what exec --json left out. */
const LOG: Expected = {
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
  // The summary the compaction asked for (its response item marked `compaction_output`) is no answer: the `compacted` line is
  // a notice, before the resumed prompt; the summary request's usage is the second count.
  compaction: ['start', 'prompt', 'text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'usage', 'usage', 'notice', 'prompt', 'text You gave me 7.', 'usage', 'end success'],
};

/**
 * 0.89.0 offers `shell` (an argv) and `update_plan` but no `apply_patch`: the
 * lab writes and edits files with commands there, and the plan is a todo list
 * whose result comes with the turn's end. Its rollout writes a usage before
 * each call's output, and no final line after a failed request.
 */
export const STDOUT_0_89: Expected = {
  ...STDOUT,
  'read-edit-run': ['start', 'text I will read the file first.', 'use Read', 'result Read success', 'use Bash', 'result Bash success', 'use Read', 'result Read success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  'thinking-todo': ['start', 'reasoning', 'use TodoWrite', 'reasoning', 'text Two steps: the changelog, then the tag.', 'result TodoWrite success', 'usage', 'end success'],
  // "`bash -lc 'rm -rf build'` rejected: blocked by policy", as a failed command.
  'permission-denied': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
};

const LOG_0_89: Expected = {
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
 * 0.75.0 (between 0.63 and 0.89) prints what 0.89.0 prints (the 0.40 tool
 * set with `update_plan`: `shell` as an argv, no `apply_patch`), except that
 * its read-only sandbox did not stop `rm -rf build` (exit 0), as on 0.55 and
 * 0.63. SIGINT: exit 0, nothing after `turn.started`.
 */
const STDOUT_0_75: Expected = {
  ...STDOUT_0_89,
  'permission-denied': ['start', 'use Bash', 'result Bash success', 'text I was not allowed to delete it.', 'usage', 'end success'],
};

/**
 * 0.75.0's rollout is 0.89's in shape (a call's count before its output) but
 * writes no task events: the refused command ran, SIGINT left nothing after
 * the turn's first count (no `turn_aborted`), and the resumed run starts its
 * count over (quirk 20).
 */
const LOG_0_75: Expected = {
  ...LOG_0_89,
  'permission-denied': ['start', 'prompt', 'use Bash', 'usage', 'result Bash success', 'text I was not allowed to delete it.', 'usage', 'end success'],
  interrupted: ROLLOUT_NO_REPLY,
};

/**
 * 0.113.0 (between 0.89 and 0.130) offers `exec_command` and `update_plan`
 * but neither `apply_patch` nor `spawn_agent`: files are written and edited
 * with commands, as on 0.89, and the plan is a todo list whose result comes
 * with the turn's end. Like 0.130 and later it prints no item for the refused
 * command (`--sandbox read-only`): the rollout has it.
 */
const STDOUT_0_113: Expected = {
  ...STDOUT_0_89,
  'permission-denied': STDOUT['permission-denied'] as string[],
};

/**
 * 0.113.0's rollout is 0.89's (a usage before each call's output), except
 * that each turn ends in `task_complete`: the web search's turn is an answer,
 * and a failed request's names no message, no reply (as on 0.130).
 */
const LOG_0_113: Expected = {
  ...LOG_0_89,
  'web-fetch': LOG['web-fetch'] as string[],
  // Recorded with 0.100.0: written as 0.171.0's, but for the `context_compacted` event after the `compacted` line (a copy).
  compaction: LOG.compaction as string[],
};

/**
 * 0.100.0 prints what 0.113.0 does, and after a compaction the warning Codex
 * gives then ("Heads up: Long threads and multiple compactions…") as an
 * `error` item (quirk 4: not fatal); 0.130.0 and 0.171.0 print nothing of a
 * compaction.
 */
const STDOUT_0_100: Expected = {
  ...STDOUT_0_113,
  'compaction.resume': ['start', 'error', 'text You gave me 7.', 'usage', 'end success'],
};

/**
 * 0.130.0 offers `exec_command`, `apply_patch`, `update_plan` and
 * `spawn_agent`: the plan is a todo list whose result comes with the turn's
 * end, and the subagent's thread is spawned, answered for at once, and cut
 * when exec ends (its own rollout ends in `turn_aborted`).
 */
const STDOUT_0_130: Expected = {
  ...STDOUT,
  'thinking-todo': STDOUT_0_89['thinking-todo'] as string[],
  subagent: ['start', 'use Task', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
};

/**
 * 0.130.0's rollout writes a usage before each call's output, like 0.89's; the
 * refused command failed ("exec_command failed for ..."); its `task_complete`
 * names no error after a failed request.
 */
const LOG_0_130: Expected = {
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
const STDOUT_0_150: Expected = {
  ...STDOUT,
  'thinking-todo': STDOUT_0_89['thinking-todo'] as string[],
};

/** 0.150.1's rollout writes each call's output before the response's usage, like 0.171's; the plan's output ("Plan updated") too. */
const LOG_0_150: Expected = {
  ...LOG,
  'thinking-todo': ['start', 'prompt', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'usage', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
};

/**
 * 0.140.0 (between 0.130 and 0.150) prints what 0.150.1 prints, save the
 * usage's `cache_write_input_tokens` it lacks: it offers `exec_command`,
 * `apply_patch` and `update_plan` but no `spawn_agent`.
 */
const STDOUT_0_140: Expected = STDOUT_0_150;

/**
 * 0.140.0's rollout writes each call's output before the response's usage,
 * like 0.150.1's, but its `task_complete` after a failed request names no
 * error, as 0.130's: the turn had no reply.
 */
const LOG_0_140: Expected = {
  ...LOG_0_150,
  'api-error-400': ROLLOUT_NO_REPLY,
  'api-error-429': ROLLOUT_NO_REPLY,
  'api-error-500': ROLLOUT_NO_REPLY,
  'overloaded-cut': ROLLOUT_NO_REPLY,
};

/** The versions of the current form, by version. */
export const EXPECTED_CURRENT: Record<string, VersionExpectations> = {
  '0.75.0': { stdout: STDOUT_0_75, log: LOG_0_75 },
  '0.89.0': { stdout: STDOUT_0_89, log: LOG_0_89 },
  // 0.100.0 offers 0.113's tools (`exec_command` and `update_plan`, no `apply_patch` or `spawn_agent`) and prints and
  // writes what 0.113.0 does, line for line in kind: the refused command only in the rollout, as failed; task events.
  '0.100.0': { stdout: STDOUT_0_100, log: LOG_0_113 },
  '0.113.0': { stdout: STDOUT_0_113, log: LOG_0_113 },
  '0.130.0': { stdout: STDOUT_0_130, log: LOG_0_130 },
  '0.140.0': { stdout: STDOUT_0_140, log: LOG_0_140 },
  '0.150.1': { stdout: STDOUT_0_150, log: LOG_0_150 },
  // 0.160.0 (between 0.150 and 0.171) offers `exec_command` and `apply_patch` but neither `update_plan` nor
  // `spawn_agent` (its goal tools instead): it prints and writes what 0.171.0 does, the todo scenario ending after the reasoning.
  '0.160.0': { stdout: STDOUT, log: LOG },
  '0.171.0': { stdout: STDOUT, log: LOG },
};
