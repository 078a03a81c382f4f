import { describe, expect, it } from 'vitest';
import * as api from './index.js';

// The public API of @x/serve, name by name: a name added to or removed from
// src/index.ts fails this test, so the API changes only on purpose.
describe('@x/serve exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual(['SERVE_CSP', 'STATIC_CSP', 'STATIC_SEARCH_MAX_BYTES', 'VERSION', 'startServer', 'staticListHtml', 'staticSearchHtml', 'writeStaticSessionPage']);
  });
});
