import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPLAY_EVENT_KINDS, type DisplayEvent } from './display-event.js';
import { parseDisplayEvent } from './display-event-wire.js';

const TOOL_USE: DisplayEvent = { kind: 'tool-use', id: 't1', name: 'Read', toolName: 'read_file', toolKind: 'read', arg: 'a.ts', input: { path: 'a.ts' } };

describe('parseDisplayEvent', () => {
  it('returns a valid event of a known kind, as it crossed a JSON boundary', () => {
    expect(parseDisplayEvent(JSON.parse(JSON.stringify(TOOL_USE)))).toEqual({ ok: true, event: TOOL_USE });
  });

  it('lets an event of a kind this build does not know through as unknown', () => {
    expect(parseDisplayEvent({ kind: 'checkpoint', id: 'c1', label: 'saved' })).toEqual({ ok: true, unknown: { kind: 'checkpoint' } });
    expect(parseDisplayEvent({ kind: 'tool-progress' })).toEqual({ ok: true, unknown: { kind: 'tool-progress' } });
  });

  it('rejects a malformed event of a known kind, saying where in one line', () => {
    expect(parseDisplayEvent({ kind: 'text', text: 'no id' })).toEqual({
      ok: false,
      error: 'malformed "text" event at id: Invalid input: expected string, received undefined',
    });
    const result = parseDisplayEvent({ kind: 'tool-use', id: 7 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^malformed "tool-use" event at id: .* \(and 5 more\)$/);
  });

  it('rejects what is no event: no kind, a kind that is no identifier, not an object', () => {
    for (const value of [null, 'text', 42, [{ kind: 'text' }], {}, { kind: 3 }, { kind: '' }, { kind: 'Text' }, { kind: 'a b' }, { kind: 'x'.repeat(65) }]) {
      expect(parseDisplayEvent(value)).toEqual({ ok: false, error: 'not an event: no "kind" that is a lowercase identifier' });
    }
  });

  it('treats inherited names as unknown kinds, not as known ones', () => {
    expect(parseDisplayEvent({ kind: 'constructor' })).toEqual({ ok: true, unknown: { kind: 'constructor' } });
  });

  it('keeps only the fields a known kind has, so a newer writer\'s extra field does not reach an older reader', () => {
    expect(parseDisplayEvent({ kind: 'text', id: 'm', text: 'hi', mood: 'cheerful' })).toEqual({ ok: true, event: { kind: 'text', id: 'm', text: 'hi' } });
  });

  it('never throws, and answers ok exactly for a known event or an unknown kind', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ kind: fc.oneof(fc.constantFrom(...DISPLAY_EVENT_KINDS), fc.string()) }, { requiredKeys: [] })), (value) => {
        const result = parseDisplayEvent(value);
        if (result.ok) expect(result.event !== undefined || result.unknown !== undefined).toBe(true);
        else expect(result.error).toMatch(/^(not an event|malformed ")/);
      }),
    );
  });
});
