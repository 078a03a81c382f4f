import type { SessionInfo } from '@x/sessions';
import { writeSessionPage } from '@x/sessions';
import { sessionSourcesFrom } from './commands/session-common.js';
import { builtInRegistry } from './providers.js';

/**
 * The module `xview site`'s worker threads import (built as its own entry,
 * `dist/site-worker.js`): each thread streams the pages it is handed into
 * their files with the built-in sources.
 */
export function createRender(data: { redact: boolean }): (session: SessionInfo, file: string) => Promise<void> {
  const sources = sessionSourcesFrom(builtInRegistry());
  return (session, file) => writeSessionPage(session, file, { sources, redact: data.redact });
}
