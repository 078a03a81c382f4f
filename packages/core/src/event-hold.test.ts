import { describe, expect, it } from 'vitest';
import type { DisplayEvent } from './display-event.js';
import { createEventHold } from './event-hold.js';

const text = (id: string, body: string): DisplayEvent => ({ kind: 'text', id, text: body });

describe('createEventHold', () => {
  it('gives back what it held, in order, and is empty afterwards', () => {
    const hold = createEventHold({ maxEvents: 10, maxChars: 10_000 });
    expect(hold.add([text('a', 'one')])).toBe(false);
    expect(hold.add([text('b', 'two'), text('c', 'three')])).toBe(false);
    expect(hold.size).toBe(3);
    expect(hold.take()).toEqual([text('a', 'one'), text('b', 'two'), text('c', 'three')]);
    expect(hold.size).toBe(0);
    expect(hold.take()).toEqual([]);
  });

  it('says it is past its limits once it holds more events than allowed', () => {
    const hold = createEventHold({ maxEvents: 2, maxChars: 10_000 });
    expect(hold.add([text('a', ''), text('b', '')])).toBe(false);
    expect(hold.add([text('c', '')])).toBe(true);
  });

  it('counts the characters of the held events as JSON, and starts again after take', () => {
    const event = text('a', 'x'.repeat(100));
    const size = JSON.stringify(event).length;
    const hold = createEventHold({ maxEvents: 100, maxChars: size * 2 });
    expect(hold.add([event, event])).toBe(false);
    expect(hold.add([text('b', '')])).toBe(true);
    hold.take();
    expect(hold.add([event, event])).toBe(false);
  });
});
