import type { SessionContent } from '@x/core';
import { storeContext } from './list-sessions.js';
import { toStoreRegistry } from './store-registry.js';
import type { SessionInfo, SessionLookup } from './types.js';

/**
 * The bytes of a session as its agent's log source reads them, from the
 * agent's store: a log file as it is on disk (streamed, never loaded whole,
 * only inside the store's folders and only a regular file), or the document
 * the store builds (OpenCode's export). Throws a `RangeError` when no store
 * is registered for the session's agent.
 */
export async function openSession(session: Pick<SessionInfo, 'agent' | 'storage' | 'path' | 'id'>, lookup: SessionLookup): Promise<AsyncIterable<Uint8Array>> {
  const store = toStoreRegistry(lookup.stores).get(session.agent);
  if (store === undefined) throw new RangeError(`no session store reads ${session.agent} sessions; register one.`);
  return contentBytes(await store.open(session, storeContext(store, lookup)));
}

function contentBytes(content: SessionContent): AsyncIterable<Uint8Array> {
  return content.kind === 'bytes' ? content.bytes : once(content.text);
}

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}
