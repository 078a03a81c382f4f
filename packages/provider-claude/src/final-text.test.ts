import { createBoundedText, type BoundedText } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { createClaudeState, noteText } from './state.js';

/** A bounded text that counts the characters handed out by reading `text`: each read of a string built by appending flattens (copies) it. */
function countingText(): { text: BoundedText; read: () => number } {
  const inner = createBoundedText(10_000_000);
  let read = 0;
  const text: BoundedText = {
    append: (more) => inner.append(more),
    reset: () => inner.reset(),
    get text() {
      read += inner.text.length;
      return inner.text;
    },
    get dropped() {
      return inner.dropped;
    },
  };
  return { text, read: () => read };
}

describe('final text of a message of many blocks', () => {
  it('joins 2,000 distinct text blocks of one message id without reading back what it kept (linear work)', () => {
    const state = createClaudeState();
    const counting = countingText();
    Object.assign(state.finalText, { messageId: 'msg_1', text: counting.text });
    for (let i = 0; i < 2000; i++) noteText(state, { kind: 'text', id: `msg_1:${i}`, text: 'x'.repeat(99) + (i % 10) }, 'msg_1');
    // Before, every block read the whole text kept so far to see whether it ended with a newline: 2,000 * 1,999 / 2 * 100 characters.
    expect(counting.read()).toBe(0);
    const kept = counting.text.text;
    expect(kept.length).toBe(2000 * 100 + 1999);
    expect(kept.slice(0, 202)).toBe(`${'x'.repeat(99)}0\n${'x'.repeat(99)}1\n`);
  });

  it('starts a block on a new line only when the text so far does not end with one', () => {
    const state = createClaudeState();
    noteText(state, { kind: 'text', id: 'm:0', text: 'a\n' }, 'm');
    noteText(state, { kind: 'text', id: 'm:1', text: 'b' }, 'm');
    noteText(state, { kind: 'text', id: 'm:1', text: 'c' }, 'm');
    noteText(state, { kind: 'text', id: 'm:2', text: 'd' }, 'm');
    expect(state.finalText.text.text).toBe('a\nbc\nd');
  });
});
