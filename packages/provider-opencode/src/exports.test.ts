import { describe, expect, it } from 'vitest';
import * as api from './index.js';

// The public API of @x/provider-opencode, name by name. A name added to or removed from
// src/index.ts fails this test, so the API changes only on purpose: update the
// list, the README and a changeset together.
describe('@x/provider-opencode exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'OPENCODE_TOOL_ALIASES',
      'VERSION',
      'createOpenCodeLogParser',
      'createOpenCodeLogSource',
      'createOpenCodeParser',
      'createOpenCodeSource',
      'detectOpenCode',
      'detectOpenCodeLog',
      'openCodeLogSource',
      'openCodeSessionStore',
      'openCodeSource',
      'storageToExport',
    ]);
  });
});
