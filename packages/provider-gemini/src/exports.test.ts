import { describe, expect, it } from 'vitest';
import * as api from './index.js';
import { RECORDED_UP_TO } from './recorded-version.js';

describe('public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'GEMINI_TOOL_ALIASES',
      'VERSION',
      'createGeminiLogParser',
      'createGeminiLogSource',
      'createGeminiParser',
      'createGeminiSource',
      'detectGemini',
      'detectGeminiLog',
      'geminiLogSource',
      'geminiSessionStore',
      'geminiSource',
    ]);
  });

  it('describes the sources; neither names a tested CLI version, since neither format says one', () => {
    expect(api.geminiSource).toEqual(
      expect.objectContaining({ specificationVersion: 'v1', id: 'gemini', displayName: 'Gemini CLI', cadence: 'streaming', detect: api.detectGemini }),
    );
    expect(api.geminiLogSource).toEqual(
      expect.objectContaining({
        specificationVersion: 'v1',
        id: 'gemini-log',
        displayName: 'Gemini CLI session log',
        cadence: 'streaming',
        detect: api.detectGeminiLog,
      }),
    );
    expect(api.geminiSource.testedUpTo).toBe(RECORDED_UP_TO);
    expect(api.geminiLogSource.testedUpTo).toBe(RECORDED_UP_TO);
    expect(api.VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
