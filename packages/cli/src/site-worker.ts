import type { SessionInfo } from '@x/sessions';
import { renderSessionHtml } from '@x/sessions';
import { sessionSourcesFrom } from './commands/session-common.js';
import { builtInRegistry } from './providers.js';

/**
 * The module `xview site`'s worker threads import (built as its own entry,
 * `dist/site-worker.js`): each thread renders the pages it is handed with the
 * built-in sources.
 */
export function createRender(data: { redact: boolean }): (session: SessionInfo) => Promise<string> {
  const sources = sessionSourcesFrom(builtInRegistry());
  return (session) => renderSessionHtml(session, { sources, redact: data.redact });
}
