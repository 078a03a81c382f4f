import { createReadStream } from 'node:fs';
import { assertRegularFile } from './store-path.js';
import { exportOpenCodeDatabase, exportOpenCodeStorage } from './opencode-export.js';
import type { SessionInfo } from './types.js';

/**
 * The bytes of a session as its agent's log source reads them: a log file as
 * it is on disk (streamed, never loaded whole), and an OpenCode session from
 * its JSON tree or SQLite database as the `opencode export` document
 * `{info, messages: [{info, parts}]}` on one line.
 */
export async function openSession(session: Pick<SessionInfo, 'storage' | 'path' | 'id'>): Promise<AsyncIterable<Uint8Array>> {
  switch (session.storage) {
    case 'file':
      // A FIFO or device in a log's place would block the read forever.
      await assertRegularFile(session.path);
      return createReadStream(session.path);
    case 'opencode-storage':
      return once(`${JSON.stringify(await exportOpenCodeStorage(session.path))}\n`);
    case 'opencode-sqlite':
      return once(`${JSON.stringify(await exportOpenCodeDatabase(session.path, session.id))}\n`);
  }
}

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}
