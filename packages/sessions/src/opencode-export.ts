import { basename, dirname } from 'node:path';
import { DEFAULT_MAX_DOCUMENT_CHARS, DEFAULT_MAX_LINE_BYTES } from '@x/core';
import { listDir, parseRecord } from './file-peek.js';
import { sessionFromRow } from './list-opencode.js';
import { openSqlite } from './sqlite.js';
import { isStoreId, readStoreFile, storePath } from './store-path.js';

/** The document `opencode export <sessionID>` prints: the session and its messages with their parts. */
export interface OpenCodeExport {
  info: Record<string, unknown>;
  messages: { info: Record<string, unknown>; parts: Record<string, unknown>[] }[];
}

/** The JSON objects of a folder's files, ordered by file name (OpenCode's ids sort by creation time). */
async function readObjects(storage: string, dir: string): Promise<Record<string, unknown>[]> {
  const names = (await listDir(dir))
    .filter((e) => e.isFile && e.name.endsWith('.json'))
    .map((e) => e.name)
    .sort();
  const objects = await Promise.all(names.map(async (name) => parseRecord(await readStoreFile(storage, storePath(dir, name)))));
  return objects.filter((o): o is Record<string, unknown> => o !== undefined);
}

/**
 * Builds the export document of a session in OpenCode ≤1.1's JSON tree from
 * its info file (`storage/session/<project>/<id>.json`), its message files
 * and their part files.
 */
export async function exportOpenCodeStorage(sessionFile: string): Promise<OpenCodeExport> {
  const storage = dirname(dirname(dirname(sessionFile)));
  const info = parseRecord(await readStoreFile(storage, sessionFile));
  if (!info) throw new SyntaxError(`${sessionFile} is not an OpenCode session file (no JSON object).`);
  const id = typeof info.id === 'string' ? info.id : basename(sessionFile, '.json');
  // Ids come from the store's own files: each must be a plain path segment, so none leads out of `storage`.
  const messages = (await readObjects(storage, storePath(storage, 'message', id))).filter((message) => isStoreId(message.id));
  return {
    info,
    messages: await Promise.all(
      messages.map(async (message) => ({ info: message, parts: await readObjects(storage, storePath(storage, 'part', String(message.id))) })),
    ),
  };
}

function withIds(row: Record<string, unknown>, ids: Record<string, unknown>): Record<string, unknown> {
  return { ...(parseRecord(String(row.data)) ?? {}), ...ids };
}

/**
 * Builds the export document of one session in OpenCode 1.2+'s SQLite
 * database: the `session` row, and the `message` and `part` rows whose
 * `data` column holds each object without its ids.
 */
export async function exportOpenCodeDatabase(dbPath: string, sessionId: string): Promise<OpenCodeExport> {
  const db = await openSqlite(dbPath);
  try {
    const row = db.all('SELECT * FROM session WHERE id = ?', [sessionId])[0];
    if (!row) throw new RangeError(`no session ${sessionId} in ${dbPath}.`);
    const parts = new Map<string, Record<string, unknown>[]>();
    for (const part of db.all('SELECT * FROM part WHERE session_id = ? ORDER BY id', [sessionId])) {
      const messageId = String(part.message_id);
      const list = parts.get(messageId) ?? [];
      list.push(withIds(part, { id: part.id, messageID: messageId, sessionID: sessionId }));
      parts.set(messageId, list);
    }
    const messages = db.all('SELECT * FROM message WHERE session_id = ? ORDER BY time_created, id', [sessionId]).map((message) => ({
      info: withIds(message, { id: message.id, sessionID: sessionId }),
      parts: parts.get(String(message.id)) ?? [],
    }));
    return { info: sessionFromRow(row), messages };
  } finally {
    db.close();
  }
}

/** What the pipeline reads an export within: each line, and the document the log source's reader gathers. */
export interface ExportBounds {
  maxLineBytes: number;
  maxDocumentChars: number;
}

const READER_BOUNDS: ExportBounds = { maxLineBytes: DEFAULT_MAX_LINE_BYTES, maxDocumentChars: DEFAULT_MAX_DOCUMENT_CHARS };

/** The UTF-8 size of the longest line of `text`; only lines long enough to matter are measured. */
function longestLineBytes(text: string, limit: number): number {
  let longest = 0;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    // A line's UTF-8 size is at most three bytes a character.
    if ((end - start) * 3 > limit) longest = Math.max(longest, Buffer.byteLength(text.slice(start, end)));
    start = end + 1;
  }
  return longest;
}

/**
 * The export document as `opencode export` prints it: pretty-printed with two
 * spaces, which the OpenCode log source reads as one document over many lines
 * (bounded by the pipeline's document limit), not as one line that would pass
 * the line limit and be skipped, leaving the session's page empty. A document
 * past either bound is refused with a `RangeError` that says so: a session
 * is never rendered as nothing without a word.
 */
export function exportText(doc: OpenCodeExport, bounds: ExportBounds = READER_BOUNDS): string {
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  const id = String(doc.info.id ?? '');
  if (text.length > bounds.maxDocumentChars) {
    throw new RangeError(
      `OpenCode session ${id} exports to ${text.length} characters of JSON, more than the ${bounds.maxDocumentChars} a session document may hold; not rendered.`,
    );
  }
  const longest = longestLineBytes(text, bounds.maxLineBytes);
  if (longest > bounds.maxLineBytes) {
    throw new RangeError(
      `OpenCode session ${id} holds a value of ${longest} bytes on one line, more than the line limit of ${bounds.maxLineBytes} bytes; not rendered.`,
    );
  }
  return text;
}
