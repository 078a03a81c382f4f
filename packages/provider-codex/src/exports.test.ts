import { describe, expect, it } from 'vitest';
import * as api from './index.js';

// The public API of @x/provider-codex, name by name. A name added to or removed from
// src/index.ts fails this test, so the API changes only on purpose: update the
// list, the README and a changeset together.
describe('@x/provider-codex exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'CODEX_TOOL_ALIASES',
      'VERSION',
      'codexLogSource',
      'codexSource',
      'createCodexLogSource',
      'createCodexSource',
      'detectCodex',
      'detectCodexLog',
      'fileUpdateChangeSchema',
      'legacyConfigSummarySchema',
      'legacyDurationSchema',
      'legacyMcpInvocationSchema',
      'legacyTokenUsageSchema',
      'todoItemSchema',
      'usageSchema',
    ]);
  });
});
