import { describe, expect, it } from 'vitest';
import * as api from './index.js';

// The public API of @x/sessions, name by name. A name added to or removed from
// src/index.ts fails this test, so the API changes only on purpose: update the
// list, the README and a changeset together.
describe('@x/sessions exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'PAGE_FACTS_MAX_PROMPTS',
      'PAGE_FACTS_MAX_PROMPT_CHARS',
      'PageWriteError',
      'REDACT_HELD_MAX_CHARS',
      'VERSION',
      'createRedactingStream',
      'createSessionStoreRegistry',
      'findSession',
      'followFile',
      'followSession',
      'insideSessionStore',
      'listSessions',
      'makeFolders',
      'nodeStoreFileSystem',
      'openRegularFile',
      'openSession',
      'pagePath',
      'readRegularFile',
      'redactSecrets',
      'redactValue',
      'redactingRenderer',
      'renderSessionHtml',
      'sessionEvents',
      'sessionSignature',
      'sessionSource',
      'sessionTitle',
      'storeContext',
      'writeFileAtomic',
      'writePageFile',
      'writeSessionHtml',
      'writeSessionPage',
      'writeSite',
    ]);
  });
});
