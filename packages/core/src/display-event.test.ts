import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  DISPLAY_EVENT_KINDS,
  displayEventSchema,
  type DisplayEvent,
  type DisplayEventKind,
  type ToolUseDisplayEvent,
  type toolUseEventSchema,
} from './display-event.js';

describe('DisplayEvent schema', () => {
  it('infers the exported types from the schemas, so they cannot drift', () => {
    expectTypeOf<DisplayEvent>().toEqualTypeOf<z.infer<typeof displayEventSchema>>();
    expectTypeOf<ToolUseDisplayEvent>().toEqualTypeOf<z.output<typeof toolUseEventSchema>>();
    expectTypeOf<(typeof DISPLAY_EVENT_KINDS)[number]>().toEqualTypeOf<DisplayEventKind>();
  });

  it('lists every kind of the union', () => {
    const kinds = displayEventSchema.options.map((option) => option.shape.kind.value);
    expect([...kinds].sort()).toEqual([...DISPLAY_EVENT_KINDS].sort());
  });

  it('accepts an event that crossed a JSON boundary', () => {
    const event: DisplayEvent = {
      kind: 'tool-use',
      id: 'toolu_1',
      name: 'Read',
      toolName: 'read_file',
      toolKind: 'read',
      arg: 'README.md',
      input: { path: 'README.md' },
    };
    expect(displayEventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it('rejects an event of a known kind with a missing field', () => {
    const result = displayEventSchema.safeParse({ kind: 'text', text: 'no id' });
    expect(result.success).toBe(false);
  });

  it('rejects a kind it does not define', () => {
    expect(displayEventSchema.safeParse({ kind: 'telepathy', text: 'x' }).success).toBe(false);
  });

  it('carries providerMetadata namespaced by provider, on any kind', () => {
    const end = { kind: 'session', phase: 'end', status: 'success', providerMetadata: { copilot: { premiumRequests: 3, codeChanges: { linesAdded: 2 } } } };
    expect(displayEventSchema.parse(end)).toEqual(end);
    expect(displayEventSchema.safeParse({ kind: 'text', id: 'm', text: 'x', providerMetadata: { copilot: 3 } }).success).toBe(false);
  });
});
