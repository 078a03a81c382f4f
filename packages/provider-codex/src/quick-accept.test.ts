import { quickAccept } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { expectQuickAgrees, wireObjectsOf } from '../../../tooling/quick-accept-property.js';
import { threadEventSchema, usageSchema } from './wire-schema.js';

// The parser checks each line's envelope through quickAccept (parser.ts): held
// here to the schema itself on every fixture line and hostile mutations of them.
describe('threadEventSchema through quickAccept', () => {
  it('agrees with zod on real lines and hostile mutations of them (fixed seed)', () => {
    const samples = wireObjectsOf('codex');
    expect(samples.length).toBeGreaterThan(100);
    expect(expectQuickAgrees(threadEventSchema, quickAccept(threadEventSchema), samples)).toBeGreaterThan(samples.length / 4);
  });
});

// turn.completed's usage goes through quickAccept too (thread-events.ts).
describe('usageSchema through quickAccept', () => {
  it('agrees with zod on every recorded usage and hostile mutations of them (fixed seed)', () => {
    const samples = wireObjectsOf('codex').flatMap((line) =>
      typeof line.usage === 'object' && line.usage !== null ? [line.usage as Record<string, unknown>] : [],
    );
    expect(samples.length).toBeGreaterThan(20);
    expect(expectQuickAgrees(usageSchema, quickAccept(usageSchema), samples)).toBeGreaterThan(samples.length / 4);
  });
});
