import type { DisplayEvent, LineContext } from '@x/core';
import { describe, expect, it } from 'vitest';
import { onChatChunk } from './chat-events.js';
import { onResponsesEvent } from './responses-events.js';
import { createOpenAICompatibleState, MAX_ARGUMENT_CHARS, MAX_PENDING_CALLS, MAX_REMEMBERED_KEYS, type OpenAICompatibleState } from './state.js';

// Issue #17: every per-stream map and list stays bounded however long the
// stream. Each case feeds the handlers far more than a bound and looks at
// the state itself.

const context: LineContext = { lineNumber: 1, ignore() {}, malformed() {}, unknown() {} };

function chunk(choices: unknown[], id = 'chatcmpl-1'): Record<string, unknown> {
  return { id, object: 'chat.completion.chunk', model: 'm', choices, usage: null };
}

function feedChat(state: OpenAICompatibleState, values: Record<string, unknown>[]): DisplayEvent[] {
  return values.flatMap((value) => onChatChunk(state, value, context));
}

describe('bounded per-stream state', () => {
  it('keeps at most MAX_PENDING_CALLS calls of one streamed response pending, announcing the oldest', () => {
    const state = createOpenAICompatibleState();
    const calls = 4 * MAX_PENDING_CALLS;
    const events = feedChat(
      state,
      Array.from({ length: calls }, (_, index) =>
        chunk([{ index: 0, delta: { tool_calls: [{ index, id: `call_${index}`, function: { name: 'read_file', arguments: '{"path":"a"}' } }] } }]),
      ),
    );
    expect(state.chat?.calls).toHaveLength(MAX_PENDING_CALLS);
    expect(events.filter((event) => event.kind === 'tool-use')).toHaveLength(calls - MAX_PENDING_CALLS);
  });

  it('keeps at most MAX_ARGUMENT_CHARS of one call arguments', () => {
    const state = createOpenAICompatibleState();
    const piece = 'x'.repeat(64 * 1024);
    feedChat(state, [chunk([{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', function: { name: 'bash', arguments: '{"command":"' } }] } }])]);
    feedChat(
      state,
      Array.from({ length: 40 }, () => chunk([{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: piece } }] } }])),
    );
    expect(state.chat?.calls[0]?.args.length).toBe(MAX_ARGUMENT_CHARS);
  });

  it('remembers at most MAX_REMEMBERED_KEYS hidden choices of one response', () => {
    const state = createOpenAICompatibleState();
    feedChat(
      state,
      Array.from({ length: 1000 }, (_, index) => chunk([{ index, delta: { content: 'x' } }])),
    );
    const hidden = state.chat?.hiddenChoices;
    // The newest are remembered, the oldest forgotten.
    expect([hidden?.has(999), hidden?.has(1000 - MAX_REMEMBERED_KEYS), hidden?.has(1000 - MAX_REMEMBERED_KEYS - 1)]).toEqual([true, true, false]);
  });

  it('forgets each response when it ends, over a long stream of responses', () => {
    const state = createOpenAICompatibleState();
    for (let response = 0; response < 2000; response += 1) {
      const id = `resp_${response}`;
      const events = [
        { type: 'response.created', sequence_number: 0, response: { id, object: 'response', status: 'in_progress', output: [] } },
        { type: 'response.output_text.delta', sequence_number: 1, item_id: 'msg', output_index: 0, content_index: 0, delta: 'Hello' },
        {
          type: 'response.output_item.added',
          sequence_number: 2,
          output_index: 1,
          item: { type: 'function_call', id: 'fc', call_id: `call_${response}`, name: 'f', arguments: '' },
        },
        { type: 'response.output_item.added', sequence_number: 3, output_index: 2, item: { type: 'computer_call', id: 'cu' } },
        { type: 'response.completed', sequence_number: 4, response: { id, object: 'response', status: 'completed', output: [] } },
      ];
      for (const event of events) onResponsesEvent(state, event, event.type, context);
    }
    expect(state.turn).toBeUndefined();
    expect(state.texts.streamedLength('resp_1999:msg:0')).toBe(0);
    expect(state.lifecycle.open).toBe(false);
  });

  it('keeps at most MAX_PENDING_CALLS calls and MAX_REMEMBERED_KEYS reported items of one Responses stream', () => {
    const state = createOpenAICompatibleState();
    const created = { type: 'response.created', sequence_number: 0, response: { id: 'resp_1', object: 'response', status: 'in_progress', output: [] } };
    onResponsesEvent(state, created, created.type, context);
    for (let index = 0; index < 1000; index += 1) {
      const call = {
        type: 'response.output_item.added',
        output_index: index,
        item: { type: 'function_call', id: `fc_${index}`, call_id: `c_${index}`, name: 'f' },
      };
      onResponsesEvent(state, call, call.type, context);
      const other = { type: 'response.output_item.added', output_index: 1000 + index, item: { type: 'computer_call', id: `cu_${index}` } };
      onResponsesEvent(state, other, other.type, context);
    }
    expect(state.turn?.calls.size).toBe(MAX_PENDING_CALLS);
    expect([state.turn?.reported.has('cu_999'), state.turn?.reported.has(`cu_${999 - MAX_REMEMBERED_KEYS}`)]).toEqual([true, false]);
  });
});
