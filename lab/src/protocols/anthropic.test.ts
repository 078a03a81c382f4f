import { describe, expect, it } from 'vitest';
import { anthropicMessages } from './anthropic.js';

const write = { role: 'assistant', content: [{ type: 'tool_use', id: 'call_lab_1_0', name: 'Write', input: { file_path: 'NOTES.md' } }] };
const written = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_lab_1_0', content: 'File created' }] };
const glob = { role: 'assistant', content: [{ type: 'tool_use', id: 'call_lab_2_0', name: 'Glob', input: { pattern: '**/*.ts' } }] };

describe('anthropicMessages.read', () => {
  it('counts an answer the request repeats once (Claude Code 1.0.60 sends its first answer and result twice)', () => {
    const prompt = { role: 'user', content: 'Add a NOTES.md and find where greet is defined.' };
    expect(anthropicMessages.read({ messages: [prompt, write, written, write, written] }, '/v1/messages').priorAnswers).toBe(1);
    expect(anthropicMessages.read({ messages: [prompt, write, written, write, written, glob, written] }, '/v1/messages').priorAnswers).toBe(2);
    // The copy differs in its cache marks, not in what the model answered.
    const marked = { role: 'assistant', content: [{ ...write.content[0], cache_control: { type: 'ephemeral' } }] };
    expect(anthropicMessages.read({ messages: [prompt, write, written, marked, written] }, '/v1/messages').priorAnswers).toBe(1);
  });
});
