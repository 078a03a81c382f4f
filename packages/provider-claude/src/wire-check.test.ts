import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { isAssistantLine, isStreamEventLine, isUserLine } from './wire-check.js';
import { claudeAssistantSchema, claudeStreamEventSchema, claudeUserSchema } from './wire-schema.js';

const checks = [
  ['assistant', isAssistantLine, claudeAssistantSchema],
  ['user', isUserLine, claudeUserSchema],
  ['stream_event', isStreamEventLine, claudeStreamEventSchema],
] as const;

const fixtureValues = listFixtures('claude').flatMap((fixture) =>
  readFixtureLines(fixture).flatMap((line) => {
    try {
      return [JSON.parse(line) as unknown];
    } catch {
      return [];
    }
  }),
);

// Values near the schemas' edges: every field absent, null, of its type or of another.
const scalar = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string({ maxLength: 3 }), fc.integer(), fc.double(), fc.boolean(), fc.constant([]), fc.constant({}));
const field = fc.oneof(scalar, fc.constantFrom('assistant', 'user', 'stream_event'), fc.constant(Infinity));
const inner = fc.oneof(scalar, fc.record({ id: field, model: field, content: field, usage: field, type: field, index: field, delta: field }, { requiredKeys: [] }));
const line = fc.record(
  { type: fc.constantFrom('assistant', 'user', 'stream_event', 'result', 1), message: inner, event: inner, parent_tool_use_id: field, session_id: field, error: field, isReplay: field, tool_use_result: field },
  { requiredKeys: ['type'] },
);

describe('wire checks', () => {
  it.each(checks)('%s: accepts a fixture line exactly when its schema does', (_type, check, schema) => {
    for (const value of fixtureValues) expect(check(value)).toBe(schema.safeParse(value).success);
  });

  it.each(checks)('%s: accepts any line exactly when its schema does (property)', (_type, check, schema) => {
    fc.assert(
      fc.property(line, (value) => {
        expect(check(value)).toBe(schema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });
});
