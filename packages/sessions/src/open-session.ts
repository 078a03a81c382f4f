import { createReadStream } from 'node:fs';
import { assertRegularFile } from './store-path.js';
import { exportOpenCodeDatabase, exportOpenCodeStorage, exportText } from './opencode-export.js';
import type { SessionInfo } from './types.js';

/**
 * The bytes of a session as its agent's log source reads them: a log file as
 * it is on disk (streamed, never loaded whole), and an OpenCode session from
 * its JSON tree or SQLite database as the document `opencode export` prints,
 * `{info, messages: [{info, parts}]}` pretty-printed (see `exportText`: one
 * past the pipeline's bounds is refused with a `RangeError`).
 */
export async function openSession(session: Pick<SessionInfo, 'storage' | 'path' | 'id'>): Promise<AsyncIterable<Uint8Array>> {
  switch (session.storage) {
    case 'file':
      // A FIFO or device in a log's place would block the read forever.
      await assertRegularFile(session.path);
      return createReadStream(session.path);
    case 'opencode-storage':
      return once(exportText(await exportOpenCodeStorage(session.path)));
    case 'opencode-sqlite':
      return once(exportText(await exportOpenCodeDatabase(session.path, session.id)));
  }
}

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}
