import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { aggregateRun, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { recordedDir } from '../../../tooling/recorded.js';
import { geminiLogSource } from './index.js';
import { legacySubagentMessages } from './legacy-subagent.js';
import { applyGeminiDocument, createGeminiHead } from './session-head.js';

// Shaped after 0.26.0's one-document recording of the subagent scenario
// (fixtures/gemini-log/recorded/0.26.0/subagent/): the main prompt; the
// codebase investigator's task, which quotes the call's objective; its reply;
// the CLI's reminder to call complete_task; its second reply, to which the CLI
// attached the delegate_to_agent call; the main model's answer.
const T = '2026-11-29T15:44:25.742Z';
const OBJECTIVE = 'Count the files in the working folder.';
const DELEGATE = {
  id: 'delegate-1',
  name: 'delegate_to_agent',
  args: { agent_name: 'codebase_investigator', objective: OBJECTIVE },
  result: [
    {
      functionResponse: {
        id: 'delegate-1',
        name: 'delegate_to_agent',
        response: { output: "Subagent 'codebase_investigator' finished.\nTermination Reason: GOAL\nResult:\n2 files" },
      },
    },
  ],
  status: 'success',
  timestamp: T,
};
const user = (id: string, content: string) => ({ id, timestamp: T, type: 'user', content });
const gemini = (id: string, content: string, extra: object = {}) => ({
  id,
  timestamp: T,
  type: 'gemini',
  content,
  tokens: { input: 2003, output: 43 },
  model: 'gemini-2.5-pro',
  ...extra,
});
const TASK = `Your task is to do a deep investigation of the codebase for the following user objective:\n<objective>\n${OBJECTIVE}\n</objective>`;
const REMINDER =
  'You have stopped calling tools without finishing. You have one final chance to complete the task with a short grace period. You MUST call `complete_task` immediately with your best answer and explain that your investigation was interrupted. Do not call any other tools.';

function documentOf(messages: object[]) {
  return { sessionId: 's-1', projectHash: 'p', startTime: T, lastUpdated: T, messages };
}

function replay(messages: object[]) {
  return replayLines(geminiLogSource, JSON.stringify(documentOf(messages), null, 2).split('\n'));
}

describe('0.26: a subagent that records into the main session document (quirk 15)', () => {
  const messages = [
    user('u1', 'Ask a helper to count the files.'),
    user('u2', TASK),
    gemini('g1', '2 files: a.txt and b.txt.'),
    user('u3', REMINDER),
    gemini('g2', '2 files: a.txt and b.txt.', { toolCalls: [DELEGATE] }),
    gemini('g3', 'The helper counted 2 files.'),
  ];

  it('nests the task, the replies and the reminder under the call; the call and the answer stay the main session', () => {
    const { events } = replay(messages);
    const shown = events.filter((event) => event.kind !== 'session' && event.kind !== 'usage');
    expect(shown.map((event) => [event.kind, 'id' in event ? event.id : '', event.parentToolUseId])).toEqual([
      ['prompt', 'u1', undefined],
      ['prompt', 'u2', 'delegate-1'],
      ['text', 'g1', 'delegate-1'],
      ['notice', '', 'delegate-1'],
      ['text', 'g2', 'delegate-1'],
      ['tool-use', 'delegate-1', undefined],
      ['tool-result', 'delegate-1', undefined],
      ['text', 'g3', undefined],
    ]);
    // The carrier's tokens are the subagent's reply's.
    expect(events.filter((event) => event.kind === 'usage').map((event) => event.parentToolUseId)).toEqual(['delegate-1', 'delegate-1', undefined]);
  });

  it('the listing counts one prompt, as the log source shows one turn', () => {
    const head = createGeminiHead();
    applyGeminiDocument(head, documentOf(messages));
    expect([...head.prompts]).toEqual(['u1']);
    expect(head.firstPrompt).toBe('Ask a helper to count the files.');
  });

  it('a call whose objective only the main prompt holds, with no reply between, nests nothing', () => {
    const { events } = replay([user('u1', OBJECTIVE), gemini('g1', 'Asking the investigator.', { toolCalls: [DELEGATE] }), gemini('g2', '2 files.')]);
    expect(events.filter((event) => event.parentToolUseId !== undefined)).toEqual([]);
    expect(events.filter((event) => event.kind === 'prompt')).toHaveLength(1);
  });

  // 0.26.0 calls delegate_to_agent; 0.20.0 and 0.31.0 the codebase_investigator tool itself, with the same task and reminder.
  it.each(['0.20.0', '0.26.0', '0.31.0'])("the recording of %s: one turn, the subagent's four messages nested under the call", (version) => {
    const dir = join(recordedDir('gemini-log', version), 'subagent');
    const file = readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((name) => name.endsWith('.json')) ?? '';
    const { events } = replayLines(geminiLogSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    const call = events.find((event) => event.kind === 'tool-use');
    expect(call).toMatchObject({ name: 'Task', toolName: version === '0.26.0' ? 'delegate_to_agent' : 'codebase_investigator' });
    const nested = events.filter((event) => event.parentToolUseId !== undefined && event.kind !== 'usage');
    // The task, the investigator's reply, the CLI's last call to finish (quirk 17), the reply again.
    expect(nested.map((event) => event.kind)).toEqual(['prompt', 'text', 'notice', 'text']);
    expect(new Set(nested.map((event) => event.parentToolUseId))).toEqual(new Set([call?.kind === 'tool-use' ? call.id : '']));
    expect(aggregateRun(events).turns).toBe(1);
  });
});

describe('the search for subagent tasks in a hostile document', () => {
  it('reads a bounded multiple of the document: past it, a later call nests nothing', () => {
    // 2,000 calls whose task no message restates, each over 1,000 characters of prompt: looked for
    // back to the start each time, that is two billion characters; the budget is eight times the text.
    const decoys = Array.from({ length: 2000 }, (_, i) => [
      user(`d${i}`, `${'x'.repeat(1000)} ${i}`),
      gemini(`r${i}`, 'ok', { toolCalls: [{ ...DELEGATE, id: `call-${i}`, args: { objective: `objective ${i} that no task holds` } }] }),
    ]).flat();
    const tail = [user('u2', TASK), gemini('g1', '2 files.'), gemini('g2', '2 files.', { toolCalls: [DELEGATE] })];
    expect([...legacySubagentMessages(tail).keys()]).toEqual(['u2', 'g1', 'g2']);
    expect(legacySubagentMessages([...decoys, ...tail]).size).toBe(0);
  });
  // The map lives for the rest of the stream: bounded by bytes (docs/memory.md), not by the document's size.
  it('keeps message ids as compact keys, and nests nothing under a call id past 256 characters', () => {
    const long = (tag: string) => `${tag}${'q'.repeat(100_000)}`;
    const found = legacySubagentMessages([user(long('u'), TASK), gemini(long('g1'), '2 files.'), gemini(long('g2'), '2 files.', { toolCalls: [DELEGATE] })]);
    expect(found.size).toBe(3);
    expect(Math.max(...[...found.keys()].map((key) => key.length))).toBeLessThanOrEqual(64);
    const tail = [user('u2', TASK), gemini('g1', '2 files.'), gemini('g2', '2 files.', { toolCalls: [{ ...DELEGATE, id: long('call-') }] })];
    expect(legacySubagentMessages(tail).size).toBe(0);
  });
});
