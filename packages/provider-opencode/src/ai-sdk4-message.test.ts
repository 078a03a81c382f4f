// OpenCode 0.1's messages, one file each with their parts inline in the AI SDK 4 form
// (docs/formats/opencode.md section 4), as 0.1.174 wrote them in the capture lab
// (fixtures/opencode-log/recorded/0.1.174/read-edit-run/), turned into the export form by hand.
import { describe, expect, it } from 'vitest';
import { fromAiSdk4Message } from './ai-sdk4-message.js';

const SESSION = 'ses_dd3ec3783ffeQftOJ0SeYwi93x';
const tokens = { input: 1805, output: 35, reasoning: 0, cache: { write: 0, read: 0 } };
const read = { toolCallId: 'call_lab_2_0', toolName: 'read', args: { filePath: '/p/src/greet.ts' } };

const assistant = (parts: object[], tool: object, extra: object = {}) => ({
  id: 'msg_a',
  role: 'assistant',
  parts,
  metadata: {
    assistant: { system: ['You are opencode'], path: { cwd: '/p', root: '/p' }, cost: 0, tokens, modelID: 'lab-model', providerID: 'lab' },
    time: { created: 100, completed: 200 },
    sessionID: SESSION,
    tool,
    ...extra,
  },
});
const info = {
  id: 'msg_a',
  role: 'assistant',
  sessionID: SESSION,
  time: { created: 100, completed: 200 },
  path: { cwd: '/p', root: '/p' },
  cost: 0,
  tokens,
  modelID: 'lab-model',
  providerID: 'lab',
};
const base = (index: number) => ({ id: `msg_a-${index}`, messageID: 'msg_a', sessionID: SESSION });

describe('an OpenCode 0.1 message (AI SDK 4 form)', () => {
  it('becomes the message without its system prompt, its parts in order with ids of their own, a result a completed tool part', () => {
    const message = assistant(
      [
        { type: 'step-start' },
        { type: 'text', text: 'I will read the file first.' },
        { type: 'tool-invocation', toolInvocation: { ...read, state: 'result', result: '<file>\n00001| export' } },
      ],
      { call_lab_2_0: { preview: 'export', title: 'src/greet.ts', time: { start: 140, end: 147 } } },
    );
    expect(fromAiSdk4Message(message)).toEqual({
      info,
      parts: [
        { type: 'step-start', ...base(0) },
        { type: 'text', text: 'I will read the file first.', ...base(1) },
        {
          ...base(2),
          type: 'tool',
          tool: 'read',
          callID: 'call_lab_2_0',
          state: {
            status: 'completed',
            input: read.args,
            output: '<file>\n00001| export',
            title: 'src/greet.ts',
            metadata: { preview: 'export' },
            time: { start: 140, end: 147 },
          },
        },
      ],
    });
  });

  it('makes a call its metadata marks `error: true` a failed tool part, and one without a result a running one', () => {
    const failed = assistant([{ type: 'tool-invocation', toolInvocation: { ...read, state: 'result', result: 'Error: no such file' } }], {
      call_lab_2_0: { error: true, message: 'Error: no such file', title: 'Error: no such file', time: { start: 140, end: 141 } },
    });
    expect(fromAiSdk4Message(failed)?.parts).toEqual([
      {
        ...base(0),
        type: 'tool',
        tool: 'read',
        callID: 'call_lab_2_0',
        state: { status: 'error', input: read.args, error: 'Error: no such file', time: { start: 140, end: 141 } },
      },
    ]);
    const running = assistant([{ type: 'tool-invocation', toolInvocation: { ...read, state: 'call' } }], {});
    expect(fromAiSdk4Message(running)?.parts).toEqual([
      { ...base(0), type: 'tool', tool: 'read', callID: 'call_lab_2_0', state: { status: 'running', input: read.args } },
    ]);
  });

  it('keeps the error of the message, and leaves a message of a later version (no inline parts) to its part files', () => {
    const error = { name: 'UnknownError', data: { message: 'AI_APICallError: prompt is too long' } };
    expect(fromAiSdk4Message(assistant([], {}, { error }))?.info).toEqual({ ...info, error });
    expect(fromAiSdk4Message({ id: 'msg_b', role: 'assistant', sessionID: SESSION, time: { created: 1 } })).toBeUndefined();
    expect(fromAiSdk4Message('not an object')).toBeUndefined();
  });
});
