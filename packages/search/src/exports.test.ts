import { describe, expect, it } from 'vitest';
import * as api from './index.js';

// The public API of @x/search, name by name: a name added to or removed from
// src/index.ts fails this test, so the API changes only on purpose.
describe('@x/search exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual(['SNIPPET_LENGTH', 'VERSION', 'createFactsState', 'finishFacts', 'openSearchIndex', 'tapFacts']);
  });
});
