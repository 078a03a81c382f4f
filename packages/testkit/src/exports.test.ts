import { describe, expect, it } from 'vitest';
import * as api from './index.js';

// The public API of @x/testkit, name by name. A name added to or removed from
// src/index.ts fails this test, so the API changes only on purpose: update the
// list, the README and a changeset together.
describe('@x/testkit exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'CONTROL_CHARACTER',
      'HOSTILE_STRINGS',
      'RENDERER_GLYPHS',
      'VERSION',
      'builtinSamples',
      'describeRendererConformance',
      'describeSourceConformance',
      'findEventProblems',
      'mutateLine',
      'sampleEvents',
    ]);
  });
});
