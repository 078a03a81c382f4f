import { storeContext } from './list-sessions.js';
import { assertRegularFile, insideRoot } from './store-path.js';
import { toStoreRegistry } from './store-registry.js';
import type { SessionInfo, SessionLookup } from './types.js';

/**
 * Whether a session's log is a regular file whose real path lies under one of
 * its store's folders: what an application checks before it follows a log by
 * path (`followFile`) rather than through the store. A symlink in a store
 * pointing elsewhere, a FIFO or device in a log's place, or an agent with no
 * registered store answers `false`; nothing is read.
 */
export async function insideSessionStore(session: Pick<SessionInfo, 'agent' | 'path'>, lookup: SessionLookup): Promise<boolean> {
  const store = toStoreRegistry(lookup.stores).get(session.agent);
  if (store === undefined) return false;
  const { home, env, fs } = storeContext(store, lookup);
  const roots = store.roots({ home, env, fs });
  const inside = await Promise.all(roots.map((root) => insideRoot(root, session.path).catch(() => false)));
  if (!inside.includes(true)) return false;
  try {
    await assertRegularFile(session.path);
    return true;
  } catch {
    return false;
  }
}
