import { describe, expect, it } from 'vitest';
import * as api from './index.js';
import { RECORDED_UP_TO } from './recorded-version.js';

// The public API of @x/provider-codex, name by name. A name added to or removed from
// src/index.ts fails this test, so the API changes only on purpose: update the
// list, the README and a changeset together.
describe('@x/provider-codex exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'CODEX_TOOL_ALIASES',
      'VERSION',
      'codexLogSource',
      'codexSessionStore',
      'codexSource',
      'createCodexLogParser',
      'createCodexLogSource',
      'createCodexParser',
      'createCodexSource',
      'detectCodex',
      'detectCodexLog',
    ]);
  });

  it('describes both sources; only the session log names a tested CLI version, since only rollouts say one', () => {
    expect(api.codexSource).toEqual(
      expect.objectContaining({ specificationVersion: 'v1', id: 'codex', displayName: 'OpenAI Codex CLI', cadence: 'streaming', detect: api.detectCodex }),
    );
    expect(api.codexSource.testedUpTo).toBeUndefined();
    expect(api.codexLogSource).toEqual(
      expect.objectContaining({
        specificationVersion: 'v1',
        id: 'codex-log',
        displayName: 'Codex session log',
        cadence: 'streaming',
        detect: api.detectCodexLog,
        testedUpTo: RECORDED_UP_TO,
      }),
    );
  });
});
