import { describe, expect, it } from 'vitest';
import * as api from './index.js';

describe('public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'VERSION',
      'createGeminiLogSource',
      'createGeminiSource',
      'detectGemini',
      'detectGeminiLog',
      'geminiErrorEventSchema',
      'geminiInitEventSchema',
      'geminiJsonOutputSchema',
      'geminiLogSource',
      'geminiMessageEventSchema',
      'geminiResultEventSchema',
      'geminiSource',
      'geminiToolAliases',
      'geminiToolResultEventSchema',
      'geminiToolUseEventSchema',
    ]);
  });

  it('describes the source', () => {
    expect(api.geminiSource).toMatchObject({ specificationVersion: 'v1', id: 'gemini', displayName: 'Gemini CLI', cadence: 'streaming' });
    expect(api.VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
