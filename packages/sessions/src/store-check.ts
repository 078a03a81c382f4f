import { followConfined, type FollowOptions } from './follow.js';
import { storeContext } from './list-sessions.js';
import { openRealFile, realRoot } from './store-path.js';
import { toStoreRegistry } from './store-registry.js';
import type { SessionInfo, SessionLookup } from './types.js';

/** The real paths of the folders the agent's store reads (`undefined` for one that does not exist); `undefined` when no store is registered for it. */
async function storeRealRoots(agent: string, lookup: SessionLookup): Promise<(string | undefined)[] | undefined> {
  const store = toStoreRegistry(lookup.stores).get(agent);
  if (store === undefined) return undefined;
  const { home, env, fs } = storeContext(store, lookup);
  return Promise.all(store.roots({ home, env, fs }).map(realRoot));
}

/**
 * Whether a session's log is a regular file whose real path lies under one of
 * its store's folders: what an application checks before it follows a log by
 * path rather than through the store. A symlink in a store pointing
 * elsewhere, a FIFO or device in a log's place, or an agent with no
 * registered store answers `false`; nothing is read. The answer holds for the
 * moment it was given: follow with {@link followSession}, which checks the
 * file it opens again.
 */
export async function insideSessionStore(session: Pick<SessionInfo, 'agent' | 'path'>, lookup: SessionLookup): Promise<boolean> {
  const roots = await storeRealRoots(session.agent, lookup);
  if (roots === undefined) return false;
  try {
    await (await openRealFile(session.path, roots)).file.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * Follows a session's log as `followFile` does, held to its store's folders:
 * the file opened, at the start and after each rotation, must be a regular
 * file whose real path lies under one of them. That is checked on the file
 * the open got, so a symlink swapped into the log's place after a check
 * ({@link insideSessionStore}) is refused with a `RangeError` (or, after a
 * rotation, ends the follow with a notice), never read.
 *
 * @example
 * ```ts
 * for await (const chunk of followSession(session, { home, env, stores }, { signal })) process.stdout.write(chunk);
 * ```
 */
export async function* followSession(
  session: Pick<SessionInfo, 'agent' | 'path'>,
  lookup: SessionLookup,
  options: FollowOptions = {},
): AsyncGenerator<Uint8Array> {
  const roots = await storeRealRoots(session.agent, lookup);
  if (roots === undefined) throw new RangeError(`no session store is registered for ${session.agent}; ${session.path} is not followed.`);
  yield* followConfined(session.path, options, roots);
}
