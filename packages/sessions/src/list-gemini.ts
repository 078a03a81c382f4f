import { createHash } from 'node:crypto';
import { countTurns } from '@x/core';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { asNumber, asRecord, asString, field, listDir, oneLine, parseRecord, scanHead } from './file-peek.js';
import { readRegularFile, readStoreFile, storePath } from './store-path.js';
import type { SessionInfo } from './types.js';

/** A legacy single-document recording up to this size is parsed whole; a larger one is listed from its file name. */
const WHOLE_DOCUMENT_LIMIT = 4 * 1024 * 1024;

/**
 * Maps each `tmp/<project-id>` folder to its project root: the slugs of
 * `projects.json` (0.29+), a folder's `.project_root` file, and the SHA-256
 * of every known root for the older hash-named folders.
 */
export async function geminiProjectRoots(geminiDir: string, tmpIds: readonly string[]): Promise<Map<string, string>> {
  const roots = new Map<string, string>();
  try {
    const registry = asRecord(field(JSON.parse(await readStoreFile(geminiDir, join(geminiDir, 'projects.json'))), 'projects')) ?? {};
    for (const [root, slug] of Object.entries(registry)) {
      if (typeof slug === 'string') roots.set(slug, root);
      roots.set(createHash('sha256').update(root).digest('hex'), root);
    }
  } catch {
    // No registry (before 0.29, or a fresh install): fall back to .project_root files.
  }
  for (const id of tmpIds) {
    if (roots.has(id)) continue;
    try {
      const root = (await readStoreFile(geminiDir, storePath(join(geminiDir, 'tmp'), id, '.project_root'), 64 * 1024)).trim();
      if (root !== '') roots.set(id, root);
    } catch {
      // Not recorded: the listing shows no project for this folder.
    }
  }
  return roots;
}

/** A message's text as the Gemini provider reads it (provider-gemini log-messages.ts `partsText`). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts = Array.isArray(content) ? content : [content];
  return parts.map((part) => (typeof part === 'string' ? part : (asString(field(part, 'text')) ?? ''))).join('');
}

/**
 * The context Gemini CLI 0.61 records as the first user message of a chat
 * (date, system, folders; recorded: fixtures/gemini-log/recorded/0.61.0/):
 * no prompt of the person's, and not shown, as the provider's log source does.
 */
const SESSION_CONTEXT = '<session_context>';

/** A `user` record's typed text, `undefined` for the injected context; empty text is no prompt. */
function promptText(message: Record<string, unknown>): string | undefined {
  const text = contentText(message.displayContent ?? message.content).trimEnd();
  return text === '' || text.startsWith(SESSION_CONTEXT) ? undefined : text;
}

interface GeminiState {
  meta: Record<string, unknown>;
  /** Message ids in first-seen order with their latest copy; rewinds cut the list. */
  messages: Map<string, Record<string, unknown>>;
  /**
   * The ids of the prompts seen anywhere in the file, the first one's text
   * kept: the provider shows a message as the file goes, so a prompt a later
   * rewind or checkpoint drops (0.61 drops one whose request failed,
   * recorded: fixtures/gemini-log/recorded/0.61.0/api-error-400) was shown
   * and is counted.
   */
  prompts: Set<string>;
  firstPrompt: string | undefined;
  /** Whether a message the provider shows (any but the injected context) was seen. */
  shown: boolean;
}

/** Counts a message record as the provider would show it (docs/turns.md). */
function seeMessage(state: GeminiState, id: string, record: Record<string, unknown>): void {
  const isContext = record.type === 'user' && contentText(record.displayContent ?? record.content).startsWith(SESSION_CONTEXT);
  if (!isContext) state.shown = true;
  const prompt = record.type === 'user' ? promptText(record) : undefined;
  if (prompt === undefined) return;
  state.prompts.add(id);
  state.firstPrompt ??= prompt;
}

function applyRecord(state: GeminiState, record: Record<string, unknown>): void {
  const set = asRecord(record.$set);
  if (set) {
    const { messages, ...meta } = set;
    Object.assign(state.meta, meta);
    if (Array.isArray(messages)) {
      state.messages.clear();
      for (const m of messages) applyRecord(state, asRecord(m) ?? {});
    }
  } else if (typeof record.$rewindTo === 'string') {
    const ids = [...state.messages.keys()];
    const at = ids.indexOf(record.$rewindTo);
    for (const id of at === -1 ? ids : ids.slice(at)) state.messages.delete(id);
  } else if (typeof record.id === 'string' && typeof record.type === 'string') {
    state.messages.set(record.id, record);
    seeMessage(state, record.id, record);
  } else if (typeof record.sessionId === 'string') {
    Object.assign(state.meta, record);
  }
}

function summarise(state: GeminiState, path: string, complete: boolean, size: number, mtime: Date): SessionInfo {
  const messages = [...state.messages.values()];
  const tokens = messages.reduce((sum, m) => sum + (asNumber(field(m, 'tokens', 'total')) ?? 0), 0);
  const session: SessionInfo = {
    agent: 'gemini',
    id: asString(state.meta.sessionId) ?? basename(path).replace(/\.jsonl?$/, ''),
    storage: 'file',
    path,
    updatedAt: mtime.toISOString(),
    size,
  };
  const startedAt = asString(state.meta.startTime);
  if (startedAt) session.startedAt = startedAt;
  const title = oneLine(asString(state.meta.summary)) ?? oneLine(state.firstPrompt);
  if (title) session.title = title;
  if (complete) {
    session.turns = countTurns(state.prompts.size, state.shown);
    if (tokens > 0) session.tokens = tokens;
  }
  return session;
}

/** Reads the listing fields of one Gemini chat recording, in either encoding. */
export async function readGeminiSession(path: string, project: string | undefined): Promise<SessionInfo | undefined> {
  const info = await stat(path);
  const state: GeminiState = { meta: {}, messages: new Map(), prompts: new Set(), firstPrompt: undefined, shown: false };
  let complete = false;
  if (path.endsWith('.jsonl')) {
    const small = info.size <= 256 * 1024;
    const scan = await scanHead(path, (text) => {
      const record = parseRecord(text);
      if (record) applyRecord(state, record);
      return small || state.firstPrompt === undefined;
    });
    complete = scan.complete;
  } else if (info.size <= WHOLE_DOCUMENT_LIMIT) {
    const document = asRecord(JSON.parse(await readRegularFile(path, WHOLE_DOCUMENT_LIMIT)));
    if (document) {
      const { messages, ...meta } = document;
      state.meta = meta;
      if (Array.isArray(messages)) for (const m of messages) applyRecord(state, asRecord(m) ?? {});
      complete = true;
    }
  }
  const session = summarise(state, path, complete, info.size, info.mtime);
  const kind = asString(state.meta.kind);
  if (kind === 'subagent') session.parentId = basename(join(path, '..'));
  if (project) session.project = project;
  return session;
}

/** Gemini recordings: `tmp/<project-id>/chats/session-*.json[l]`, and subagent recordings when asked. */
export async function listGeminiFiles(geminiDir: string, subagents: boolean): Promise<{ path: string; project?: string }[]> {
  const tmp = join(geminiDir, 'tmp');
  const ids = (await listDir(tmp)).filter((e) => e.isDirectory).map((e) => e.name);
  const roots = await geminiProjectRoots(geminiDir, ids);
  const found: { path: string; project?: string }[] = [];
  for (const id of ids) {
    const project = roots.get(id);
    const paths = await listChatFiles(join(tmp, id, 'chats'), subagents);
    found.push(...paths.map((path) => (project === undefined ? { path } : { path, project })));
  }
  return dropResumedLegacy(found);
}

/** The recordings of one project's `chats/` folder: `session-*.json[l]`, and with `subagents` the `.jsonl` files of its subfolders. */
async function listChatFiles(chats: string, subagents: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await listDir(chats)) {
    if (entry.isFile && entry.name.startsWith('session-') && /\.jsonl?$/.test(entry.name)) found.push(join(chats, entry.name));
    if (!entry.isDirectory || !subagents) continue;
    for (const sub of await listDir(join(chats, entry.name))) if (sub.isFile && sub.name.endsWith('.jsonl')) found.push(join(chats, entry.name, sub.name));
  }
  return found;
}

/** A resumed legacy `.json` is rewritten as a `.jsonl` beside it: list the session once. */
function dropResumedLegacy(found: { path: string; project?: string }[]): { path: string; project?: string }[] {
  const paths = new Set(found.map((f) => f.path));
  return found.filter((f) => !(f.path.endsWith('.json') && paths.has(`${f.path}l`)));
}
