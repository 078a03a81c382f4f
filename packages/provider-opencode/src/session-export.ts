import { DEFAULT_MAX_DOCUMENT_CHARS, DEFAULT_MAX_LINE_BYTES, type StoreDatabase, type StoreFileSystem } from '@x/core';
import { storeBaseName, storeParent } from '@x/core/provider-utils';
import { fromAiSdk4Message } from './ai-sdk4-message.js';
import { jsonObjectOf, sessionFromRow } from './session-rows.js';
import type { OpenCodeExport } from './storage-export.js';
import type { StorageTree } from './storage-trees.js';

/** The largest stored object read (a message or part file): far past any real one, bounded so a crafted file costs little. */
export const STORE_OBJECT_LIMIT = 16 * 1024 * 1024;
/** The longest id used as one path segment. */
const SEGMENT_MAX = 200;

/** Whether an id from the store's own data is safe as one path segment: no separator, no `..`, no NUL, bounded. */
export function isPlainSegment(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value !== '.' && value !== '..' && value.length <= SEGMENT_MAX && !/[/\\\0]/.test(value);
}

/**
 * The bytes a session's files may still hold, all read against one bound:
 * each file is bounded alone, and 40 of 15 MiB took 1.1 GB to list and made
 * a document too long for a string to show.
 */
export interface ReadBudget {
  left: number;
  /** The session's refusal when its files hold more. */
  readonly refusal: string;
}

/** A session whose files hold more than its {@link ReadBudget}: nothing more of it is read. */
export class PastReadBudget extends RangeError {}

/** Takes `size` bytes from `budget`, or throws its refusal when they are not left (before they are read). */
function spend(budget: ReadBudget | undefined, size: number): void {
  if (budget === undefined) return;
  budget.left -= size;
  if (budget.left < 0) throw new PastReadBudget(budget.refusal);
}

/** A stored object, or `undefined` when it is missing, too large or no JSON object; its bytes taken from `budget` before they are read. */
export async function readObject(fs: StoreFileSystem, path: string, budget?: ReadBudget): Promise<Record<string, unknown> | undefined> {
  const info = await fs.stat(path);
  if (info === undefined || info.size > STORE_OBJECT_LIMIT) return undefined;
  spend(budget, info.size);
  const file = await fs.open(path);
  try {
    return jsonObjectOf(new TextDecoder('utf-8').decode(await file.read(0, info.size)));
  } finally {
    await file.close();
  }
}

/** How many stored objects are read at once: a session's message files were all opened together, past the system's limit. */
const PARALLEL_OBJECTS = 32;

/** The cursor the readers of one {@link readEveryObject} call share. */
interface ObjectCursor {
  next: number;
}

/**
 * The stored objects at `paths`, in their order, read {@link PARALLEL_OBJECTS} at a time (`undefined` for one missing,
 * too large or no object). A read that fails fails the whole: a session is never counted or shown without a message.
 */
export async function readEveryObject(fs: StoreFileSystem, paths: readonly string[], budget?: ReadBudget): Promise<(Record<string, unknown> | undefined)[]> {
  const objects: (Record<string, unknown> | undefined)[] = new Array(paths.length);
  const cursor: ObjectCursor = { next: 0 };
  const reader = async () => {
    while (cursor.next < paths.length) {
      const index = cursor.next++;
      objects[index] = await readObject(fs, paths[index] as string, budget);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_OBJECTS, paths.length) }, reader));
  return objects;
}

/** The JSON objects of a folder's files, ordered by file name (OpenCode's ids sort by creation time). */
async function readObjects(fs: StoreFileSystem, dir: string, budget: ReadBudget): Promise<Record<string, unknown>[]> {
  const names = (await fs.list(dir))
    .filter((e) => e.kind === 'file' && e.name.endsWith('.json'))
    .map((e) => e.name)
    .sort();
  const objects = await readEveryObject(fs, names.map((name) => fs.join(dir, name)), budget);
  return objects.filter((o): o is Record<string, unknown> => o !== undefined);
}

/** `task` over each item, one after the other, the results in order. */
async function sequentially<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await task(item));
  return results;
}

/**
 * Builds the export document of a session in one of OpenCode's JSON trees
 * (1.0 and 1.1's `storage/`, 0.x's `project/<project>/storage/session/`) from
 * its info file, its message files and their part files.
 */
export async function exportFromStorage(fs: StoreFileSystem, sessionFile: string, tree: StorageTree): Promise<OpenCodeExport> {
  const info = await readObject(fs, sessionFile);
  if (!info) throw new SyntaxError(`${sessionFile} is not an OpenCode session file (no JSON object).`);
  const id = typeof info.id === 'string' ? info.id : storeBaseName(sessionFile, '.json');
  if (!isPlainSegment(id)) throw new RangeError(`refusing an OpenCode session id that is not a plain id: ${JSON.stringify(String(id).slice(0, 80))}`);
  const storage = storeParent(storeParent(storeParent(sessionFile)));
  const max = DEFAULT_MAX_DOCUMENT_CHARS;
  const budget: ReadBudget = { left: max, refusal: `OpenCode session ${id}'s files in ${storage} hold more than the ${max} bytes a session document may hold; not rendered.` };
  // Ids come from the store's own files: each must be a plain path segment, so none leads out of the tree.
  const messages = (await readObjects(fs, tree.messageDir(fs, sessionFile, id), budget)).filter((message) => isPlainSegment(message.id));
  return {
    info,
    // One message's parts at a time: each folder's files are read a few at once, never all the session's together.
    // 0.1 keeps a message's parts inline, in the AI SDK 4 form; every later version as files of their own.
    messages: await sequentially(
      messages,
      async (message) => fromAiSdk4Message(message) ?? { info: message, parts: await readObjects(fs, tree.partDir(fs, sessionFile, id, String(message.id)), budget) },
    ),
  };
}

function withIds(row: Record<string, unknown>, ids: Record<string, unknown>): Record<string, unknown> {
  return { ...(jsonObjectOf(String(row.data)) ?? {}), ...ids };
}

/** The JSON a session's rows hold, summed by SQLite: `data` as stored, which the export writes again with indentation. */
const STORED_CHARS =
  'SELECT (SELECT COALESCE(SUM(LENGTH(data)), 0) FROM message WHERE session_id = ?) + (SELECT COALESCE(SUM(LENGTH(data)), 0) FROM part WHERE session_id = ?) AS chars';

/**
 * Refuses, as {@link exportText} would, a session whose rows hold more JSON than a document may, before any row is
 * read: its parts are sorted and copied out of SQLite first, and a part of 450 MB ran sql.js out of memory (`xview show`
 * exited 70, an internal error) where the session should have been refused in one line.
 */
function refuseLargerThanADocument(db: StoreDatabase, dbPath: string, sessionId: string): void {
  const stored = Number(db.all(STORED_CHARS, [sessionId, sessionId])[0]?.chars ?? 0);
  const max = DEFAULT_MAX_DOCUMENT_CHARS;
  if (stored > max) throw new RangeError(`OpenCode session ${sessionId} holds ${stored} characters of JSON in ${dbPath}, more than the ${max} a session document may hold; not rendered.`);
}

/**
 * Builds the export document of one session in OpenCode 1.2+'s SQLite
 * database: the `session` row, and the `message` and `part` rows whose
 * `data` column holds each object without its ids.
 */
export async function exportFromDatabase(fs: StoreFileSystem, dbPath: string, sessionId: string): Promise<OpenCodeExport> {
  if (fs.openDatabase === undefined) throw new RangeError(`${dbPath} is an SQLite database, which this application cannot open.`);
  const db = await fs.openDatabase(dbPath);
  try {
    const row = db.all('SELECT * FROM session WHERE id = ?', [sessionId])[0];
    if (!row) throw new RangeError(`no session ${sessionId} in ${dbPath}.`);
    refuseLargerThanADocument(db, dbPath, sessionId);
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
    return { info: sessionFromRow(row), messages } as OpenCodeExport;
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
  const encoder = new TextEncoder();
  let longest = 0;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    // A line's UTF-8 size is at most three bytes a character.
    if ((end - start) * 3 > limit) longest = Math.max(longest, encoder.encode(text.slice(start, end)).length);
    start = end + 1;
  }
  return longest;
}

/**
 * The export document as `opencode export` prints it: pretty-printed with two
 * spaces, which the log source reads as one document over many lines
 * (bounded by the pipeline's document limit), not as one line that would pass
 * the line limit and be skipped, leaving the session's page empty. A document
 * past either bound is refused with a `RangeError` that says so: a session
 * is never rendered as nothing without a word.
 */
export function exportText(doc: OpenCodeExport, bounds: ExportBounds = READER_BOUNDS): string {
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  const id = String(doc.info.id ?? '');
  if (text.length > bounds.maxDocumentChars) {
    throw new RangeError(`OpenCode session ${id} exports to ${text.length} characters of JSON, more than the ${bounds.maxDocumentChars} a session document may hold; not rendered.`);
  }
  const longest = longestLineBytes(text, bounds.maxLineBytes);
  if (longest > bounds.maxLineBytes) {
    throw new RangeError(`OpenCode session ${id} holds a value of ${longest} bytes on one line, more than the line limit of ${bounds.maxLineBytes} bytes; not rendered.`);
  }
  return text;
}
