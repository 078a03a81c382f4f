// Rollouts written before the envelope, as Codex 0.29.0 writes them
// (fixtures/codex-log/recorded/0.29.0/read-edit-run/, scenario read-edit-run
// of lab/src/scenarios.ts): a bare meta object, `record_type` lines, Codex's
// environment as a user-role message, the prompt as another, then the items.
// No `user_message` event or `turn_context` ever comes.
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { createCodexLogParser } from './log-parser.js';
import { codexLogSource } from './log-source.js';
import { type CodexHead, visitCodexLine } from './session-head.js';

const T = '2026-11-29T17:34:09.498Z';
const user = (text: string) => ({ type: 'message', id: null, role: 'user', content: [{ type: 'input_text', text }] });
const ROLLOUT = [
  { id: 'abf94a41', timestamp: T, instructions: null },
  { record_type: 'state' },
  user('<environment_context>\n  <cwd>/home/lab/project</cwd>\n  <approval_policy>never</approval_policy>\n</environment_context>'),
  { record_type: 'state' },
  user('Fix the typo in src/greet.ts and show me the file.'),
  { record_type: 'state' },
  { type: 'message', id: 'msg_lab_1', role: 'assistant', content: [{ type: 'output_text', text: 'I will read the file first.' }] },
].map((line) => JSON.stringify(line));

describe('a Codex rollout written before the envelope (0.29.0)', () => {
  it('shows the user-role message that is not Codex context as the prompt, and the working folder the context names', () => {
    const { events, accounting } = replayLines(codexLogSource, ROLLOUT);
    expect(events).toEqual([
      { kind: 'session', phase: 'start', sessionId: 'abf94a41', timestamp: T, cwd: '/home/lab/project' },
      { kind: 'prompt', form: 'prompt', text: 'Fix the typo in src/greet.ts and show me the file.' },
      { kind: 'text', id: 'message-1', text: 'I will read the file first.' },
      // The items carry no time: the last one known is the meta object's.
      { kind: 'session', phase: 'end', status: 'success', sessionId: 'abf94a41', turns: 1, result: 'I will read the file first.', timestamp: T },
    ]);
    expect(accounting).toMatchObject({ lines: 7, events: 2, ignored: 5, malformed: 0, unknown: 0 });
  });

  it('starts the session at the prompt, not at the end of the file: no turn_context will come to release it', () => {
    const parser = createCodexLogParser();
    const context = { ignore: () => {}, unknown: () => {}, malformed: () => {} } as unknown as Parameters<typeof parser.parse>[1];
    const perLine = ROLLOUT.map((line) => parser.parse(line, context).map((event) => event.kind));
    expect(perLine).toEqual([[], [], [], [], ['session', 'prompt'], [], ['text']]);
  });

  it('does not take AGENTS.md, sent as <user_instructions>, for a prompt', () => {
    const lines = [ROLLOUT[0] as string, JSON.stringify(user('<user_instructions>\n\nUse pnpm.\n\n</user_instructions>')), JSON.stringify(user('hi'))];
    const { events } = replayLines(codexLogSource, lines);
    expect(events.filter((event) => event.kind === 'prompt')).toEqual([{ kind: 'prompt', form: 'prompt', text: 'hi' }]);
  });

  it('lists the session with its id, start, folder, first prompt and one turn', () => {
    const head: CodexHead = { prompts: 0, shown: false };
    for (const line of ROLLOUT) visitCodexLine(head, JSON.parse(line));
    expect(head).toEqual({
      id: 'abf94a41',
      startedAt: T,
      cwd: '/home/lab/project',
      firstPrompt: 'Fix the typo in src/greet.ts and show me the file.',
      prompts: 1,
      promptTurn: undefined,
      shown: true,
    });
  });
});
