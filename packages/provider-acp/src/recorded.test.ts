// Real ACP traffic, recorded by the capture lab (lab/, `pnpm capture <agent> --acp`): each agent that
// speaks ACP natively, started in its ACP mode against the lab's scripted model server, driven by
// `xview acp --record --allow` (`--deny` for permission-denied) with one prompt. Every recorded file
// replays with no line malformed or cut off, and none unknown but a method outside ACP (OUTSIDE_ACP),
// and shows what the agent did. The expected
// sequences were derived by hand from the recordings (read line by line against lab/src/scenarios.ts
// and the agent's profile in lab/src/agents/).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { briefs, compareVersions } from '../../../tooling/recorded.js';
import { acpSource } from './index.js';

const RECORDED = join(FIXTURES_DIR, 'acp', 'recorded');

/** A request the model server failed: the prompt's JSON-RPC error response, fatal. */
const FAILED = ['start', 'prompt', 'error', 'end error'];

/** A permission request and its answer, as two notices (the call itself is told around them). */
const ASKED = ['notice', 'notice'];

/**
 * Gemini CLI 0.61.0 `--acp`: no `name` on a call (its id names the tool), a call that needs approval
 * announced only in the permission request, the turn's tokens under the prompt response's
 * `_meta.quota.token_count` (not in ACP's `usage`), thought chunks one `reasoning` event each.
 */
const GEMINI_0_61: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'usage', 'end success'],
  // `cat` is read-only: run without asking.
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', ...ASKED, 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', ...ASKED, 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  // The update is `completed` with no content: nothing in the traffic tells that the command exited 1.
  'failing-command': ['start', 'prompt', 'use Bash', ...ASKED, 'result Bash success', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  'thinking-todo': ['start', 'prompt', 'reasoning', 'reasoning', 'reasoning', 'use TodoWrite', ...ASKED, 'result TodoWrite success', 'reasoning', 'reasoning', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
  // The CLI blocks a fetch of 127.0.0.1 ("[Blocked Host]"): the call fails.
  'web-fetch': ['start', 'prompt', 'use WebFetch', ...ASKED, 'result WebFetch error', 'text The status page says all systems are up.', 'usage', 'end success'],
  // "Tool execution for "Generalist Agent" denied by policy": the subagent never runs in ACP mode.
  subagent: ['start', 'prompt', 'use Task', 'result Task error', 'text The helper counted 2 files.', 'usage', 'end success'],
  // Refused, the call gets no update: it ends refused with the turn.
  'permission-denied': ['start', 'prompt', 'use Bash', ...ASKED, 'text I was not allowed to delete it.', 'result Bash error', 'usage', 'end success'],
  'api-error-400': FAILED,
  'api-error-429': FAILED,
  'api-error-500': FAILED,
  'overloaded-cut': FAILED,
};

/**
 * Gemini CLI 0.38.2 `--acp`: as 0.61, with call ids `<tool>-<millis>-<n>`, no subagent tool (the lab
 * answers that it has none), and a command's description sent as a thought chunk before its call.
 */
const GEMINI_0_38: Record<string, string[]> = {
  ...GEMINI_0_61,
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', ...ASKED, 'result Edit success', 'reasoning', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'failing-command': ['start', 'prompt', 'reasoning', 'use Bash', ...ASKED, 'result Bash success', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  subagent: ['start', 'prompt', 'text I have no tool for that here.', 'usage', 'end success'],
  'permission-denied': ['start', 'prompt', 'reasoning', 'use Bash', ...ASKED, 'text I was not allowed to delete it.', 'result Bash error', 'usage', 'end success'],
};

/**
 * OpenCode 1.18.33 `acp`: a call announced as a placeholder (its tool's name, no input) and completed
 * by later updates, chunks with a `messageId`, the turn's tokens in the prompt response's `usage`. It
 * asks no permission but for the command `OPENCODE_PERMISSION` makes it ask for.
 */
const OPENCODE_1_18: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'usage', 'end success'],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  // `completed`, with `rawOutput.metadata.exit: 1`: the exit code makes it an error.
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash error', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  // The todo list is a `todowrite` call only: no `plan` update.
  'thinking-todo': ['start', 'prompt', 'reasoning', 'reasoning', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'reasoning', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
  'web-fetch': ['start', 'prompt', 'use WebFetch', 'result WebFetch success', 'text The status page says all systems are up.', 'usage', 'end success'],
  // The subagent's own calls are not in the traffic; its answer is the task's output.
  subagent: ['start', 'prompt', 'use Task', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
  // Refused, the call fails with OpenCode's own message, and the turn ends with no answer.
  'permission-denied': ['start', 'prompt', 'use Bash', ...ASKED, 'result Bash error', 'usage', 'end success'],
  // "prompt is too long" makes OpenCode compact the conversation and carry on: the lab's side answers to the requests after it, and end_turn.
  'api-error-400': ['start', 'prompt', 'text none', 'text none', 'usage', 'end success'],
  // After its own six retries, the prompt's JSON-RPC error (-32603).
  'api-error-429': FAILED,
  'api-error-500': FAILED,
  // Each retry streams the cut text again into the same message (one messageId), then the error.
  'overloaded-cut': ['start', 'prompt', `text ${'Let me start'.repeat(6)}`, 'error', 'end error'],
};

/**
 * OpenCode 1.1.65 `acp`: as 1.18, but it answers `session/prompt` before its last updates: the rest of
 * the reply comes after the turn's end, and what it had not sent when xview closed the connection is
 * lost ("ACP write error" on its standard error). A failed request is retried without end (the run is
 * cut by the lab's three-minute timeout: the prompt never answered), or swallowed: `end_turn` with no
 * text and zero tokens.
 */
const OPENCODE_1_1: Record<string, string[]> = {
  // "It is", the prompt's answer, then " **42"; the last chunk never came.
  'plain-answer': ['start', 'prompt', 'text It is', 'usage', 'text  **42', 'end success'],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `He', 'usage', 'end success'],
  'write-search': OPENCODE_1_18['write-search'] ?? [],
  'failing-command': OPENCODE_1_18['failing-command'] ?? [],
  // The prompt answered while the todo call ran: its result and the answer after it never came.
  'thinking-todo': ['start', 'prompt', 'reasoning', 'reasoning', 'reasoning', 'use TodoWrite', 'usage', 'end success'],
  'web-fetch': OPENCODE_1_18['web-fetch'] ?? [],
  subagent: OPENCODE_1_18.subagent ?? [],
  'permission-denied': OPENCODE_1_18['permission-denied'] ?? [],
  'api-error-400': ['start', 'prompt', 'usage', 'end success'],
  'api-error-429': ['start', 'prompt', 'end incomplete'],
  'api-error-500': ['start', 'prompt', 'end incomplete'],
  'overloaded-cut': ['start', 'prompt', 'usage', 'end success'],
};

/**
 * Qwen Code 0.24.4 `--acp`: a call announced as a placeholder (`rawInput: {}`, its tool in
 * `_meta.toolName`), each model reply's tokens in an empty chunk's `_meta.usage` (so a reply's usage
 * comes before the call it asked for, which waits for its input), no `write_todos`-like tool offered.
 */
const QWEN_0_24: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'usage', 'end success'],
  // The edit and the command are run without asking: in its default mode the CLI asks only for some.
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'usage', 'use Read', 'result Read success', 'usage', 'use Edit', 'result Edit success', 'usage', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'usage', 'use Write', 'result Write success', 'usage', 'use Grep', 'result Grep success', 'usage', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  // `failed`, with the report the model got ("Exit Code: 1").
  'failing-command': ['start', 'prompt', 'usage', 'use Bash', ...ASKED, 'result Bash error', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  // No todo tool in ACP mode either: the lab answers that it has none.
  'thinking-todo': ['start', 'prompt', 'reasoning', 'reasoning', 'reasoning', 'text I have no tool for that here.', 'usage', 'end success'],
  'web-fetch': ['start', 'prompt', 'usage', 'use WebFetch', ...ASKED, 'result WebFetch success', 'text The status page says all systems are up.', 'usage', 'end success'],
  // The subagent runs in the background ("Background agent launched successfully"): its calls are not in the traffic.
  subagent: ['start', 'prompt', 'usage', 'use Task', ...ASKED, 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
  // Refused, the call fails ("was canceled by the user") and the turn ends at once, with no answer.
  'permission-denied': ['start', 'prompt', 'usage', 'use Bash', ...ASKED, 'result Bash error', 'end success'],
  'api-error-400': FAILED,
  'api-error-429': FAILED,
  'api-error-500': FAILED,
  // The cut text, then the prompt's error (-32603, the overload in its `data`).
  'overloaded-cut': ['start', 'prompt', 'text Let me start', 'error', 'end error'],
};

/**
 * Qwen Code 0.15.10 `--acp`: calls announced with their input (no placeholder), the todo list as a
 * `plan` update (no call for it), a subagent's calls in the parent's traffic (nested by
 * `_meta.parentToolCallId`), no `craft/drainMidTurnQueue`.
 */
const QWEN_0_15: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'usage', 'end success'],
  // The edit is asked for, the read-only command is not.
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'usage', 'use Read', 'result Read success', 'usage', 'use Edit', ...ASKED, 'result Edit success', 'usage', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'usage', 'use Write', ...ASKED, 'result Write success', 'usage', 'use Grep', 'result Grep success', 'usage', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  // `completed`, the exit code only in the report's text ("Exit Code: 1").
  'failing-command': ['start', 'prompt', 'usage', 'use Bash', ...ASKED, 'result Bash success', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  // The plan update is a TodoWrite call and its result.
  'thinking-todo': ['start', 'prompt', 'reasoning', 'reasoning', 'reasoning', 'usage', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'reasoning', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
  'web-fetch': ['start', 'prompt', 'usage', 'use WebFetch', ...ASKED, 'result WebFetch success', 'text The status page says all systems are up.', 'usage', 'end success'],
  // The subagent's usage, call and answer between the Task's announcement and its result.
  subagent: ['start', 'prompt', 'usage', 'use Task', 'usage', 'use Bash', 'result Bash success', 'text 2 files: a.txt and b.txt.', 'usage', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
  // Announced only by the permission request; refused, it gets no update, and ends refused with the turn.
  'permission-denied': ['start', 'prompt', 'usage', 'use Bash', ...ASKED, 'text I was not allowed to delete it.', 'usage', 'result Bash error', 'end success'],
  // "prompt is too long" makes Qwen Code compress the chat and ask again: the lab's side answer, and end_turn.
  'api-error-400': ['start', 'prompt', 'text none', 'usage', 'end success'],
  'api-error-429': FAILED,
  'api-error-500': FAILED,
  'overloaded-cut': ['start', 'prompt', 'text Let me start', 'error', 'end error'],
};

const EXPECTED: Record<string, Record<string, Record<string, string[]>>> = {
  gemini: { '0.38.2': GEMINI_0_38, '0.61.0': GEMINI_0_61 },
  opencode: { '1.1.65': OPENCODE_1_1, '1.18.33': OPENCODE_1_18 },
  qwen: { '0.15.10': QWEN_0_15, '0.24.4': QWEN_0_24 },
};

/**
 * Lines outside ACP that a recording holds, counted as unknown as they should be: Qwen Code 0.24 asks
 * the client `craft/drainMidTurnQueue` (a method of its own, not named as an extension, `_`-prefixed)
 * after each tool call's turn; the client's "Method not found" answer shows nothing.
 */
const OUTSIDE_ACP: Record<string, string> = { 'qwen/0.24.4': 'unknown ACP method "craft/drainMidTurnQueue"' };

/** Every recorded agent and version, oldest version first. */
function recorded(): [string, string][] {
  return readdirSync(RECORDED)
    .sort()
    .flatMap((agent) => readdirSync(join(RECORDED, agent)).sort(compareVersions).map((version): [string, string] => [agent, version]));
}

function replay(agent: string, version: string, file: string) {
  return replayLines(acpSource, readFileSync(join(RECORDED, agent, version, file), 'utf8').split('\n'));
}

it('has expectations for every recorded agent and version', () => {
  expect(recorded()).toEqual(Object.entries(EXPECTED).flatMap(([agent, versions]) => Object.keys(versions).map((version) => [agent, version])));
});

describe.each(recorded())('%s %s over ACP, recorded', (agent, version) => {
  const files = readdirSync(join(RECORDED, agent, version)).filter((file) => file.endsWith('.jsonl'));

  it('has a recording for every scenario expected', () => {
    expect(files.map((file) => file.replace(/\.jsonl$/, '')).sort()).toEqual(Object.keys(EXPECTED[agent]?.[version] ?? {}).sort());
  });

  it.each(files)('%s replays with every line read', (file) => {
    const { events, diagnostics, accounting } = replay(agent, version, file);
    const outside = OUTSIDE_ACP[`${agent}/${version}`];
    const unknown = diagnostics.filter((d) => d.outcome !== 'ignored' && d.reason !== outside);
    expect(unknown.map((d) => d.reason)).toEqual([]);
    // One unknown line per request of that method in the file.
    const method = outside === undefined ? undefined : /"([^"]+)"/.exec(outside)?.[1];
    const text = readFileSync(join(RECORDED, agent, version, file), 'utf8');
    const expectedUnknown = method === undefined ? 0 : text.split('\n').filter((line) => line !== '' && (JSON.parse(line) as { method?: string }).method === method).length;
    expect([accounting.unknown, accounting.malformed, accounting.partial, accounting.unexplained]).toEqual([expectedUnknown, 0, 0, 0]);
    expect(briefs(events)).toEqual(EXPECTED[agent]?.[version]?.[file.replace(/\.jsonl$/, '')]);
  });
});

describe('Gemini CLI 0.61.0 write-search over ACP, event by event', () => {
  it('shows the file written (asked and allowed), the search by content and the one by name, and the answer', () => {
    const path = '/home/lab/project/NOTES.md';
    const write = 'write_file__write_file_1795932693518_0';
    const grep = 'grep_search__grep_search_1795932694247_0';
    const glob = 'glob__glob_1795932694375_0';
    const { events } = replay('gemini', '0.61.0', 'write-search.jsonl');
    expect(events).toEqual([
      {
        kind: 'session',
        phase: 'start',
        agentVersion: '1',
        providerMetadata: { acp: { agentName: 'gemini-cli', agentVersion: '0.61.0', agentTitle: 'Gemini CLI' } },
        sessionId: '118316f9-9024-43dc-bd03-919d34460b24',
        cwd: '/home/lab/project',
      },
      { kind: 'prompt', form: 'prompt', text: 'Add a NOTES.md and find where greet is defined.' },
      // Announced by the permission request; the diff from "" (`_meta.kind: "add"`) is a new file's content.
      { kind: 'tool-use', id: write, name: 'Write', toolName: 'write_file', toolKind: 'edit', arg: path, input: { path, content: '# Notes\n\n- greet says hello\n' } },
      { kind: 'notice', level: 'warning', code: 'permission_request', message: 'Permission requested: Writing to NOTES.md (Allow for this session, Allow, Reject)' },
      { kind: 'notice', level: 'info', code: 'permission_answer', message: 'Permission allowed (Allow): Writing to NOTES.md' },
      { kind: 'tool-result', id: write, name: 'Write', toolKind: 'edit', status: 'success', outputState: 'unavailable', details: { path, changes: [{ path, change: 'created' }] } },
      // Both searches are kind `search`; the call ids name grep_search and glob.
      { kind: 'tool-use', id: grep, name: 'Grep', toolName: 'grep_search', toolKind: 'search', arg: "'function greet' within ./", input: null },
      { kind: 'tool-result', id: grep, name: 'Grep', toolKind: 'search', status: 'success', outputState: 'unavailable', details: {} },
      { kind: 'tool-use', id: glob, name: 'Glob', toolName: 'glob', toolKind: 'search', arg: "'**/*.ts'", input: null },
      { kind: 'tool-result', id: glob, name: 'Glob', toolKind: 'search', status: 'success', outputState: 'text', details: {}, output: 'Found 1 matching file(s)' },
      { kind: 'text', id: 'agent-1', text: 'NOTES.md is writ' },
      { kind: 'text', id: 'agent-1', text: 'ten; greet is in' },
      { kind: 'text', id: 'agent-1', text: ' src/greet.ts.' },
      // `_meta.quota.token_count` of the prompt response: the turn's four requests.
      { kind: 'usage', cumulative: false, inputTokens: 8010, outputTokens: 170 },
      { kind: 'session', phase: 'end', status: 'success' },
    ]);
  });
});
