import { quickAccept } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { expectQuickAgrees, wireObjectsOf } from '../../../tooling/quick-accept-property.js';
import { copilotLineSchema, otherEventLineSchema } from './wire-schema.js';

// The parser checks each line's envelope through quickAccept (parser.ts): held
// here to the schema itself on every fixture line and hostile mutations of them.
describe('copilotLineSchema and otherEventLineSchema through quickAccept', () => {
  it('agrees with zod on real lines and hostile mutations of them (fixed seed)', () => {
    const samples = wireObjectsOf('copilot');
    expect(samples.length).toBeGreaterThan(100);
    expect(expectQuickAgrees(copilotLineSchema, quickAccept(copilotLineSchema), samples)).toBeGreaterThan(samples.length / 4);
    expect(expectQuickAgrees(otherEventLineSchema, quickAccept(otherEventLineSchema), samples)).toBeGreaterThan(samples.length / 2);
  });
});
