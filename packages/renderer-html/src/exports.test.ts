import { describe, expect, it } from 'vitest';
import * as api from './index.js';

// The public API of @x/renderer-html, name by name. A name added to or removed from
// src/index.ts fails this test, so the API changes only on purpose: update the
// list, the README and a changeset together.
describe('@x/renderer-html exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'CONTENT_SECURITY_POLICY',
      'TRANSCRIPT_CSS',
      'TRANSCRIPT_CSS_HASH',
      'VERSION',
      'createDomRenderer',
      'createHtmlFragmentRenderer',
      'createHtmlRenderer',
      'escapeHtml',
      'isSafeHref',
      'languageForPath',
      'markInvisible',
      'renderHtmlDocument',
      'renderMarkdown',
    ]);
  });
});
