// What the recorded versions with the older rollouts (0.29: before the
// envelope; 0.40, 0.44, 0.55 and 0.63: no task events, counts before items) show, per
// scenario, as recorded.test.ts checks it; 0.29 and 0.40 also print the
// legacy `exec --json` form. Derived by hand from the recordings
// (fixtures/codex/recorded/<version>/, fixtures/codex-log/recorded/<version>/),
// read line by line against lab/src/scenarios.ts and lab/src/agents/codex.ts.
import { type Expected, ROLLOUT_NO_REPLY, STDOUT, STDOUT_0_89, type VersionExpectations } from './recorded-expected.js';

/**
 * 0.40.0 prints the legacy form (a config summary, the prompt, then
 * `{"id", "msg"}` events) with a count after each model response and no
 * `task_complete`; it offers `shell` alone, so files are written and edited
 * with commands, and no plan or subagent tool. Its read-only sandbox did not
 * stop `rm -rf build` (exit 0). SIGINT stopped it before it printed anything
 * but the task's start. No thread id is printed, so the lab could not resume
 * the session (no `resumed.resume`).
 */
const STDOUT_0_40: Expected = {
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
const LOG_0_40: Expected = {
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
 * 0.29.0 prints 0.40's legacy form, with the same tool set (`shell` alone),
 * no `task_complete`, a count after each model response and no thread id
 * (so no `resumed.resume`); its output deltas carry the bytes as a number
 * array (0.40: base64), which exec --json's reader leaves out. Its read-only
 * sandbox did not stop `rm -rf build` either (exit 0).
 */
const STDOUT_0_29: Expected = STDOUT_0_40;

/**
 * 0.29.0's rollout predates the envelope (bare-rollout.ts): a bare meta
 * object, `record_type` lines and bare items, no event or count at all. The
 * prompt is the user-role message after Codex's environment; nothing follows
 * it for a failed request, an interrupt or the server-side search (which it
 * does not keep): those turns are owed a reply, `incomplete`.
 */
const LOG_0_29: Expected = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'end success'],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Bash', 'result Bash success', 'use Read', 'result Read success', 'text Fixed: `Helo` is now `Hello`.', 'end success'],
  'write-search': ['start', 'prompt', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'text NOTES.md is written; greet is in src/greet.ts.', 'end success'],
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash error', 'text The tests fail: greet.test.ts.', 'end success'],
  'thinking-todo': ['start', 'prompt', 'reasoning', 'text I have no tool for that here.', 'end success'],
  'web-fetch': ROLLOUT_NO_REPLY,
  subagent: ['start', 'prompt', 'text I have no tool for that here.', 'end success'],
  'permission-denied': ['start', 'prompt', 'use Bash', 'result Bash success', 'text I was not allowed to delete it.', 'end success'],
  'api-error-400': ROLLOUT_NO_REPLY,
  'api-error-429': ROLLOUT_NO_REPLY,
  'api-error-500': ROLLOUT_NO_REPLY,
  'overloaded-cut': ROLLOUT_NO_REPLY,
  interrupted: ROLLOUT_NO_REPLY,
  resumed: ['start', 'prompt', 'text I will remember 7.', 'end success'],
};

/**
 * 0.63.0 prints today's `exec --json` form (with no `cache_write_input_tokens`
 * or reasoning count in its usage) but offers the 0.40 tool set: `shell` (an
 * argv) and `update_plan`, no `apply_patch`, so files are written and edited
 * with commands and the plan is a todo list whose result comes with the
 * turn's end. Its read-only sandbox did not stop `rm -rf build` (exit 0), and
 * SIGINT ended it with exit 0 and nothing printed after `turn.started`.
 */
const STDOUT_0_63: Expected = {
  ...STDOUT_0_89,
  'permission-denied': ['start', 'use Bash', 'result Bash success', 'text I was not allowed to delete it.', 'usage', 'end success'],
};

/**
 * 0.63.0's rollout is 0.40's: no `task_started` or `task_complete`, a
 * response's copies and its count before its items (the count again after
 * each tool output, the same total), and nothing after a failed request or
 * for SIGINT: those turns are owed a reply, `incomplete`.
 */
const LOG_0_63: Expected = {
  ...LOG_0_40,
  'thinking-todo': ['start', 'prompt', 'usage', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'usage', 'reasoning', 'text Two steps: the changelog, then the tag.', 'end success'],
  // The rollout ends at the server-side search: no count or item after it says the turn ended.
  'web-fetch': ['start', 'prompt', 'usage', 'use WebSearch', 'result WebSearch success', 'end incomplete'],
  interrupted: ROLLOUT_NO_REPLY,
  resumed: ['start', 'prompt', 'usage', 'text I will remember 7.', 'prompt', 'usage', 'text You gave me 7.', 'end success'],
};

/**
 * 0.55.0 (between 0.40 and 0.63) prints what 0.63.0 prints, line for line:
 * today's form with the 0.40 tool set (`shell` and `update_plan`), the
 * refused command run anyway (exit 0), nothing after `turn.started` for
 * SIGINT.
 */
const STDOUT_0_55: Expected = STDOUT_0_63;

/**
 * 0.55.0's rollout is 0.63's, except that, like 0.40's, it keeps no
 * `web_search_call`: the search's turn is a prompt and a count, owed a reply.
 */
const LOG_0_55: Expected = {
  ...LOG_0_63,
  'web-fetch': LOG_0_40['web-fetch'] as string[],
};

/**
 * 0.44.0, the first version of today's `exec --json` form (`thread.started`,
 * `item.*`, `turn.*`), offers `shell` (an argv) and `view_image` only: files
 * are written and edited with commands and there is no plan tool, so the
 * todo scenario ends after the reasoning. Unlike 0.55 and 0.63 its read-only
 * sandbox refused `rm -rf build`, and, like 0.113 and later, exec --json
 * prints no item for the refused command. SIGINT: exit 0, nothing after
 * `turn.started`.
 */
const STDOUT_0_44: Expected = {
  ...STDOUT_0_89,
  'thinking-todo': STDOUT['thinking-todo'] as string[],
  'permission-denied': STDOUT['permission-denied'] as string[],
};

/**
 * 0.44.0's rollout is 0.40's (counts before items, no `web_search_call`, no
 * task events), except that the refused command's output is
 * `exec command rejected: "dangerous command detected; ..."`: the call
 * failed. SIGINT left nothing after the turn's first count (no `turn_aborted`,
 * as on 0.63), and the resumed run starts its count over (quirk 20), as on
 * 0.55 and 0.63.
 */
const LOG_0_44: Expected = {
  ...LOG_0_40,
  'permission-denied': ['start', 'prompt', 'usage', 'use Bash', 'result Bash error', 'usage', 'text I was not allowed to delete it.', 'end success'],
  interrupted: ROLLOUT_NO_REPLY,
  resumed: ['start', 'prompt', 'usage', 'text I will remember 7.', 'prompt', 'usage', 'text You gave me 7.', 'end success'],
};

/**
 * 0.20.0 prints 0.29's legacy form, except that it prints nothing for the
 * server-side web search (0.29: `web_search_begin` and `web_search_end`):
 * the response's count alone, then the process exits 0 with no answer, a
 * turn cut off. A failed request prints its `error` line, then the process
 * waits until the lab's timeout kills it.
 */
const STDOUT_0_20: Expected = {
  ...STDOUT_0_29,
  'web-fetch': ['start', 'usage', 'end incomplete'],
};

/** The versions with the older rollouts, by version. */
export const EXPECTED_LEGACY: Record<string, VersionExpectations> = {
  '0.20.0': { stdout: STDOUT_0_20, log: LOG_0_29 },
  '0.29.0': { stdout: STDOUT_0_29, log: LOG_0_29 },
  '0.40.0': { stdout: STDOUT_0_40, log: LOG_0_40 },
  '0.44.0': { stdout: STDOUT_0_44, log: LOG_0_44 },
  '0.55.0': { stdout: STDOUT_0_55, log: LOG_0_55 },
  '0.63.0': { stdout: STDOUT_0_63, log: LOG_0_63 },
};
