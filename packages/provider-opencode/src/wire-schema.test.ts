import { unframeSseLine } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { busEventSchema, globalEventSchema, RUN_JSON_TYPES, runJsonLineSchema } from './wire-schema.js';

const BUS_TYPES: ReadonlySet<string> = new Set(busEventSchema.options.map((option) => option.shape.type.value));

describe('wire schemas', () => {
  it('know the run --format json types', () => {
    expect([...RUN_JSON_TYPES].sort()).toEqual(['done', 'error', 'reasoning', 'step_finish', 'step_start', 'text', 'tool_use']);
  });

  // The *-unknown-and-malformed fixtures break the types on purpose.
  for (const fixture of listFixtures('opencode').filter((f) => !f.scenario.endsWith('unknown-and-malformed'))) {
    it(`accept every line of ${fixture.scenario}`, () => {
      for (const line of readFixtureLines(fixture)) {
        const framed = unframeSseLine(line);
        if (framed.kind !== 'data' || framed.text.trim() === '') continue;
        const value = JSON.parse(framed.text) as { type?: string };
        if (value.type === undefined) globalEventSchema.parse(value);
        else if (RUN_JSON_TYPES.has(value.type)) runJsonLineSchema.parse(value);
        else if (BUS_TYPES.has(value.type)) busEventSchema.parse(value);
      }
    });
  }
});
