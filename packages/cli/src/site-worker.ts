import type { SessionInfo } from '@x/sessions';
import { writeSessionPage } from '@x/sessions';
import { sessionSourcesFrom } from './commands/session-common.js';
import { builtInRegistry } from './providers.js';
import { builtInStoreRegistry } from './session-stores.js';

/**
 * The module `xview site`'s worker threads import (built as its own entry,
 * `dist/site-worker.js`): each thread streams the pages it is handed into
 * their files with the built-in stores and sources.
 */
export function createRender(data: { redact: boolean; home: string; env: Record<string, string | undefined> }): (session: SessionInfo, file: string) => Promise<void> {
  const stores = builtInStoreRegistry();
  const sources = sessionSourcesFrom(builtInRegistry(), stores);
  return (session, file) => writeSessionPage(session, file, { stores, home: data.home, env: data.env, sources, redact: data.redact });
}
