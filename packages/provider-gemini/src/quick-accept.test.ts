import { quickAccept } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { expectQuickAgrees, wireObjectsOf } from '../../../tooling/quick-accept-property.js';
import { streamEventSchema } from './wire-schema.js';

// The parser checks each line's envelope through quickAccept (parser.ts): held
// here to the schema itself on every fixture line and hostile mutations of them.
describe('streamEventSchema through quickAccept', () => {
  it('agrees with zod on real lines and hostile mutations of them (fixed seed)', () => {
    const samples = wireObjectsOf('gemini');
    expect(samples.length).toBeGreaterThan(100);
    expect(expectQuickAgrees(streamEventSchema, quickAccept(streamEventSchema), samples)).toBeGreaterThan(samples.length / 4);
  });
});
