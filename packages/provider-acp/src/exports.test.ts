import { describe, expect, it } from 'vitest';
import * as api from './index.js';

describe('public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'ACP_PROTOCOL_VERSION',
      'ACP_TOOL_ALIASES',
      'VERSION',
      'acpSource',
      'createAcpParser',
      'createAcpSource',
      'detectAcp',
    ]);
  });

  it('describes the source: ACP v1 is the protocol version its schema follows', () => {
    expect(api.acpSource).toEqual(
      expect.objectContaining({
        specificationVersion: 'v1',
        id: 'acp',
        displayName: 'Agent Client Protocol (ACP)',
        cadence: 'streaming',
        detect: api.detectAcp,
      }),
    );
    expect(api.acpSource.testedUpTo).toBe('1');
    expect(api.VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
