import { describe, expect, it } from 'vitest';
import * as api from './index.js';

// The public API of @x/provider-copilot, name by name. A name added to or removed from
// src/index.ts fails this test, so the API changes only on purpose: update the
// list, the README and a changeset together.
describe('@x/provider-copilot exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'COPILOT_TOOL_ALIASES',
      'VERSION',
      'copilotLogSource',
      'copilotSessionStore',
      'copilotSource',
      'createCopilotLogParser',
      'createCopilotLogSource',
      'createCopilotParser',
      'createCopilotSource',
      'detectCopilot',
      'detectCopilotLog',
    ]);
  });

  it('declares the newest Copilot CLI version its fixtures were written against, for the drift alarm', () => {
    expect([api.copilotSource.testedUpTo, api.copilotLogSource.testedUpTo]).toEqual(['1.0.102', '1.0.102']);
    expect([api.copilotSource.detect, api.copilotLogSource.detect]).toEqual([api.detectCopilot, api.detectCopilotLog]);
  });
});
