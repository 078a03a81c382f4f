import { replayLines, type DisplayEvent } from '@x/core';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { claudeLogSource } from '../src/log-source.js';
import { claudeSource } from '../src/source.js';

/*
 * Builders of hand-written Claude Code lines for the quirk tests, written
 * from docs/formats/claude.md and claude-log.md (envelope fields as the
 * agent SDK's `SDKMessage` and the transcript notes name them), with only
 * the fields a test needs.
 */

export const SESSION = '11111111-2222-4333-8444-555555555555';
export const MODEL = 'claude-sonnet-4-5-20250929';

/** The lines of a fixture of `fixtures/claude/`. */
export function fixtureLines(scenario: string): string[] {
  const fixture = listFixtures('claude').find((f) => f.scenario === scenario);
  if (fixture === undefined) throw new Error(`no fixture ${scenario}`);
  return readFixtureLines(fixture);
}

/** Runs the stdout source over lines given as strings or objects. */
export const replay = (lines: readonly (string | object)[]) =>
  replayLines(
    claudeSource,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
  );

/** Runs the session-log source over lines given as strings or objects. */
export const replayLog = (lines: readonly (string | object)[]) =>
  replayLines(
    claudeLogSource,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
  );

export const ofKind = <K extends DisplayEvent['kind']>(events: DisplayEvent[], kind: K) =>
  events.filter((event): event is Extract<DisplayEvent, { kind: K }> => event.kind === kind);

/** API usage without cache fields: `input_tokens` is then the whole input. */
export const usage = (input: number, output: number) => ({ input_tokens: input, output_tokens: output });

export const init = { type: 'system', subtype: 'init', session_id: SESSION, model: MODEL, cwd: '/work', claude_code_version: '2.1.329' };

/** The session start `init` gives. */
export const START = { kind: 'session', phase: 'start', sessionId: SESSION, model: MODEL, cwd: '/work', agentVersion: '2.1.329' };

export const assistant = (id: string, content: object[] | string, extra: object = {}) => ({
  type: 'assistant',
  message: { id, type: 'message', role: 'assistant', model: MODEL, content, usage: usage(10, 5) },
  parent_tool_use_id: null,
  session_id: SESSION,
  ...extra,
});

export const toolResults = (blocks: object[], extra: object = {}) => ({
  type: 'user',
  message: { role: 'user', content: blocks },
  parent_tool_use_id: null,
  session_id: SESSION,
  ...extra,
});

/** A `result` with no `modelUsage`, so its usage is `usage` (10 in, 5 out) and its cost `total_cost_usd`. */
export const result = (extra: object = {}) => ({
  type: 'result',
  subtype: 'success',
  is_error: false,
  duration_ms: 1000,
  num_turns: 1,
  result: 'done',
  session_id: SESSION,
  total_cost_usd: 0.01,
  usage: usage(10, 5),
  ...extra,
});

export const stream = (event: object, parent: string | null = null) => ({ type: 'stream_event', event, parent_tool_use_id: parent, session_id: SESSION });
