import { describe, expect, it } from 'vitest';
import * as api from './index.js';

// The public API of @x/renderer-terminal, name by name. A name added to or removed from
// src/index.ts fails this test, so the API changes only on purpose: update the
// list, the README and a changeset together.
describe('@x/renderer-terminal exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'VERSION',
      'createTerminalRenderer',
      'neutralizeForTerminal',
      'sanitizeLine',
      'sanitizeText',
      'shouldUseColor',
      'toolGlyph',
      'toolMarker',
    ]);
  });
});
