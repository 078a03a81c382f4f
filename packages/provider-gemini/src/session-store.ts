import { countTurns, defineSessionStore, type SessionListContext, type SessionRow, type SessionStore, type StoreFileSystem } from '@x/core';
import { isJsonObject, objectField, parseJson, readEach, readWholeText, scanHead, storeBaseName, storeParent, stringField } from '@x/core/provider-utils';
import { createLegacyHeadState, visitLegacyHeadLine } from './legacy-head.js';
import { applyGeminiDocument, applyGeminiRecord, createGeminiHead, type GeminiHead, geminiTitle, geminiTokens } from './session-head.js';

/** A JSONL recording up to this size is read whole, so its turns are exact; a longer one to its first prompt. */
const READ_WHOLE_BYTES = 256 * 1024;
/** A legacy single-document recording up to this size is parsed whole; a larger one is listed from its first lines. */
const WHOLE_DOCUMENT_LIMIT = 4 * 1024 * 1024;
/** The largest `projects.json` or `.project_root` read. */
const SMALL_FILE_LIMIT = 1024 * 1024;

interface ChatFile {
  path: string;
  project?: string;
}

function record(text: string): Record<string, unknown> | undefined {
  const value = parseJson(text)?.value;
  return isJsonObject(value) ? value : undefined;
}

/** Gemini CLI's `.gemini` folder, under `GEMINI_CLI_HOME` or the home. */
function geminiDir(home: string, env: Readonly<Record<string, string | undefined>>, fs: Pick<StoreFileSystem, 'join'>): string {
  return fs.join(env.GEMINI_CLI_HOME || home, '.gemini');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Maps each `tmp/<project-id>` folder to its project root: the slugs of
 * `projects.json` (0.29+), a folder's `.project_root` file, and the SHA-256
 * of every known root for the older hash-named folders.
 */
async function projectRoots(fs: StoreFileSystem, dir: string, tmpIds: readonly string[]): Promise<Map<string, string>> {
  const roots = new Map<string, string>();
  const registry = record((await readWholeText(fs, fs.join(dir, 'projects.json'), SMALL_FILE_LIMIT).catch(() => undefined)) ?? '');
  for (const [root, slug] of Object.entries(objectField(registry, 'projects') ?? {})) {
    if (typeof slug === 'string') roots.set(slug, root);
    roots.set(await sha256Hex(root), root);
  }
  for (const id of tmpIds) {
    if (roots.has(id)) continue;
    const root = (await readWholeText(fs, fs.join(dir, 'tmp', id, '.project_root'), SMALL_FILE_LIMIT).catch(() => undefined))?.trim();
    if (root) roots.set(id, root);
  }
  return roots;
}

/** The recordings of one project's `chats/` folder: `session-*.json[l]`, and with `subagents` the `.jsonl` files of its subfolders. */
async function chatFiles(fs: StoreFileSystem, chats: string, subagents: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.list(chats)) {
    if (entry.kind === 'file' && entry.name.startsWith('session-') && /\.jsonl?$/.test(entry.name)) found.push(fs.join(chats, entry.name));
    if (entry.kind !== 'directory' || !subagents) continue;
    for (const sub of await fs.list(fs.join(chats, entry.name))) if (sub.kind === 'file' && sub.name.endsWith('.jsonl')) found.push(fs.join(chats, entry.name, sub.name));
  }
  return found;
}

/** A resumed legacy `.json` is rewritten as a `.jsonl` beside it: list the session once. */
function dropResumedLegacy(found: ChatFile[]): ChatFile[] {
  const paths = new Set(found.map((f) => f.path));
  return found.filter((f) => !(f.path.endsWith('.json') && paths.has(`${f.path}l`)));
}

/** Reads a recording into the head, in either encoding; whether all of it was read. */
async function readRecording(fs: StoreFileSystem, path: string, size: number, head: GeminiHead): Promise<boolean> {
  if (path.endsWith('.jsonl')) {
    const small = size <= READ_WHOLE_BYTES;
    const scan = await scanHead(fs, path, (text) => {
      const line = record(text);
      if (line) applyGeminiRecord(head, line);
      return small || head.firstPrompt === undefined;
    });
    return scan.complete;
  }
  if (size > WHOLE_DOCUMENT_LIMIT) {
    // Too large to parse for a row: its id, start and first prompt from its first lines (legacy-head.ts).
    const state = createLegacyHeadState();
    await scanHead(fs, path, (line) => visitLegacyHeadLine(state, head, line));
    return false;
  }
  const document = record((await readWholeText(fs, path, WHOLE_DOCUMENT_LIMIT)) ?? '');
  if (document === undefined) return false;
  applyGeminiDocument(head, document);
  return true;
}

/** The listing row of one chat recording. */
async function readChat(fs: StoreFileSystem, file: ChatFile): Promise<SessionRow | undefined> {
  const info = await fs.stat(file.path);
  if (info === undefined) return undefined;
  const head = createGeminiHead();
  const complete = await readRecording(fs, file.path, info.size, head);
  const id = stringField(head.meta, 'sessionId') || storeBaseName(file.path).replace(/\.jsonl?$/, '');
  const row: SessionRow = { agent: 'gemini', id, storage: 'file', path: file.path, updatedAt: new Date(info.mtimeMs).toISOString(), size: info.size };
  const startedAt = stringField(head.meta, 'startTime');
  if (startedAt) row.startedAt = startedAt;
  const title = geminiTitle(head);
  if (title) row.title = title;
  if (complete) {
    row.turns = countTurns(head.prompts.size, head.shown);
    const tokens = geminiTokens(head);
    if (tokens > 0) row.tokens = tokens;
  }
  if (stringField(head.meta, 'kind') === 'subagent') row.parentId = storeBaseName(storeParent(file.path));
  if (file.project) row.project = file.project;
  return row;
}

/** Gemini recordings: `tmp/<project-id>/chats/session-*.json[l]`, and subagent recordings when asked. */
async function listChats(context: SessionListContext): Promise<SessionRow[]> {
  const { fs } = context;
  const dir = geminiDir(context.home, context.env, fs);
  const tmp = fs.join(dir, 'tmp');
  const ids = (await fs.list(tmp)).filter((e) => e.kind === 'directory').map((e) => e.name);
  const roots = await projectRoots(fs, dir, ids);
  const found: ChatFile[] = [];
  for (const id of ids) {
    const project = roots.get(id);
    const paths = await chatFiles(fs, fs.join(tmp, id, 'chats'), context.subagents);
    // One at a time, not spread as arguments: a folder of 125,000 recordings overflowed the stack and failed the store.
    for (const path of paths) found.push(project === undefined ? { path } : { path, project });
  }
  return readEach(dropResumedLegacy(found), (file) => readChat(fs, file));
}

/**
 * Gemini CLI's chat recordings under `~/.gemini` (or `GEMINI_CLI_HOME/.gemini`),
 * read by the log source's rule for user records (user-record.ts), read back
 * as bytes for `gemini-log`.
 */
export const geminiSessionStore: SessionStore = defineSessionStore({
  specificationVersion: 'v1',
  id: 'gemini',
  displayName: 'Gemini CLI',
  logSource: 'gemini-log',
  envVariables: ['GEMINI_CLI_HOME'],
  roots: ({ home, env, fs }) => [geminiDir(home, env, fs)],
  list: listChats,
  open: async (session, { fs }) => ({ kind: 'bytes', bytes: await fs.stream(session.path) }),
});
