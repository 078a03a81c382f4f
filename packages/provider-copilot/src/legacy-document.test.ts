import { describe, expect, it } from 'vitest';
import { detectCopilotLog } from './log-detect.js';
import { replayLog } from './test-helpers.js';

// Written from docs/formats/copilot.md §5: Copilot CLI 0.0.340 keeps a session
// as one pretty-printed document in history-session-state/ (recorded:
// fixtures/copilot-log/recorded/0.0.340). The documents below follow the
// shapes that recording has, cut down to what each quirk needs.

const START = '2026-11-30T07:47:34.936Z';
const INJECTED = '\n\n<current_datetime>2026-11-30T07:47:35.389Z</current_datetime>\n\n<reminder>\nYou have the capability to call multiple tools.\n</reminder>';

/** A history document as the CLI writes it: `JSON.stringify(doc, null, 2)`, one line per array entry and field. */
const documentLines = (chatMessages: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ sessionId: 's-340', startTime: START, chatMessages, timeline: [], ...extra }, null, 2).split('\n');

const prompt = (text: string) => ({ role: 'user', content: `${text}${INJECTED}` });
const call = (id: string, name: string, args: unknown) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });
const kinds = (lines: string[]) => replayLog(lines).events.map((event) => event.kind);

describe('a 0.0.340 history document', () => {
  it('is one session: its start (id, start time, model), the prompt as typed, the answer, and its end', () => {
    const replay = replayLog(documentLines([prompt('What is 6 times 7?'), { role: 'assistant', content: 'It is **42**.' }], { selectedModel: 'gpt-5' }));
    expect(replay.events).toEqual([
      { kind: 'session', phase: 'start', sessionId: 's-340', model: 'gpt-5', timestamp: START },
      { kind: 'prompt', form: 'prompt', text: 'What is 6 times 7?', id: 's-340#0' },
      { kind: 'text', id: 's-340#1', text: 'It is **42**.' },
      { kind: 'session', phase: 'end', status: 'success', sessionId: 's-340', model: 'gpt-5', turns: 1 },
    ]);
    // Every line is one document's: none malformed, unknown or left unexplained.
    expect([replay.accounting.malformed, replay.accounting.unknown, replay.accounting.unexplained]).toEqual([0, 0, 0]);
  });

  it('shows a prompt without the date and reminders the CLI appended to it', () => {
    const events = replayLog(documentLines([prompt('Fix the typo.\n\nThen run it.'), { role: 'assistant', content: 'Done.' }])).events;
    expect(events.find((event) => event.kind === 'prompt')).toMatchObject({ text: 'Fix the typo.\n\nThen run it.' });
  });

  it('reads tool arguments from their JSON string and pairs each call with its tool message', () => {
    const events = replayLog(
      documentLines([
        prompt('Show greet.ts'),
        { role: 'assistant', content: null, tool_calls: [call('c1', 'str_replace_editor', { command: 'view', path: '/w/greet.ts' })] },
        { role: 'tool', tool_call_id: 'c1', content: '1.export function greet() {}' },
        { role: 'assistant', content: 'Here it is.' },
      ]),
    ).events;
    expect(events.find((event) => event.kind === 'tool-use')).toMatchObject({ id: 'c1', name: 'Read', input: { command: 'view', path: '/w/greet.ts' } });
    expect(events.find((event) => event.kind === 'tool-result')).toMatchObject({ id: 'c1', name: 'Read', status: 'success', output: '1.export function greet() {}' });
  });

  it('fails a shell call by the exit code its output ends with, though the document records no outcome', () => {
    const events = replayLog(
      documentLines([
        prompt('Run the tests.'),
        { role: 'assistant', content: null, tool_calls: [call('c1', 'bash', { command: 'exit 1', description: 'Run' })] },
        { role: 'tool', tool_call_id: 'c1', content: 'FAIL\n<exited with exit code 1>' },
        { role: 'assistant', content: 'They fail.' },
      ]),
    ).events;
    expect(events.find((event) => event.kind === 'tool-result')).toMatchObject({ status: 'error', details: { exitCode: 1 } });
  });

  it('ends incomplete when the conversation stops before the model answered', () => {
    expect(replayLog(documentLines([prompt('What is 6 times 7?')])).events.at(-1)).toEqual({ kind: 'session', phase: 'end', status: 'incomplete', sessionId: 's-340', turns: 1 });
  });

  it('counts each prompt as a turn', () => {
    const lines = documentLines([prompt('Remember 7.'), { role: 'assistant', content: 'OK.' }, prompt('What did I give you?'), { role: 'assistant', content: '7.' }]);
    expect(kinds(lines)).toEqual(['session', 'prompt', 'text', 'prompt', 'text', 'session']);
    expect(replayLog(lines).events.at(-1)).toMatchObject({ status: 'success', turns: 2 });
  });

  it('gives back the lines of a document cut off before it closed, each malformed', () => {
    const lines = documentLines([prompt('What is 6 times 7?'), { role: 'assistant', content: 'It is **42**.' }]).slice(0, -3);
    const replay = replayLog(lines);
    expect(replay.events).toEqual([]);
    expect(replay.accounting.malformed).toBe(lines.length);
  });

  it('calls a document that is no history document unknown, not a session', () => {
    const replay = replayLog(JSON.stringify({ theme: 'auto' }, null, 2).split('\n'));
    expect(replay.events).toEqual([]);
    expect(replay.accounting.unknown).toBe(1);
  });
});

describe('detecting a 0.0.340 history document', () => {
  const lines = documentLines([prompt('What is 6 times 7?'), { role: 'assistant', content: 'It is **42**.' }]);

  it('is certain of a whole document, and of its first lines alone', () => {
    expect(detectCopilotLog(lines).confidence).toBe(1);
    expect(detectCopilotLog(lines.slice(0, 4)).confidence).toBe(1);
  });

  it("leaves Gemini's document, which has projectHash where this one has chatMessages, alone", () => {
    const gemini = JSON.stringify({ sessionId: 's', projectHash: 'p', startTime: START, messages: [] }, null, 2).split('\n');
    expect(detectCopilotLog(gemini).confidence).toBe(0);
  });
});
