import { countTurns, defineSessionStore, type SessionListContext, type SessionRow, type SessionStore, type StoreFileSystem } from '@x/core';
import { compareVersions, createIndentedHead, isJsonObject, ownField, parseJson, readEach, readIndentedHeadLine, readTailLines, readWholeText, scanHead, storeBaseName, storeParent, toOneLine } from '@x/core/provider-utils';
import { isLegacyDocument, typedPrompt } from './legacy-document.js';
import { addShutdown, type CopilotHead, readYamlScalars, TITLE_MAX_CHARS, visitCopilotEvent } from './session-head.js';

/** A log up to this size is read whole, so its turns are exact; a longer one to its first prompt, and its tail for the shutdown totals. */
const READ_WHOLE_BYTES = 256 * 1024;
/** The largest workspace.yaml read: it holds a few scalars. */
const WORKSPACE_LIMIT_BYTES = 1024 * 1024;
/** The largest history document (0.0.340) read whole for its row; a larger one is listed from its first lines. */
const HISTORY_DOCUMENT_LIMIT_BYTES = 4 * 1024 * 1024;
/** A history document's file name: `session_<sessionId>_<epoch ms>.json`. */
const HISTORY_NAME = /^session_(.+)_(\d+)\.json$/;

function record(text: string): Record<string, unknown> | undefined {
  const value = parseJson(text)?.value;
  return isJsonObject(value) ? value : undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

/** Copilot CLI's home, moved by `COPILOT_HOME`. */
function copilotHome(home: string, env: Env, fs: Pick<StoreFileSystem, 'join'>): string {
  return env.COPILOT_HOME || fs.join(home, '.copilot');
}

/**
 * Where Copilot CLI kept its state up to 0.0.423 when `XDG_STATE_HOME` was
 * set: `$XDG_STATE_HOME/.copilot` (docs/formats/copilot.md section 5). 1.0.7
 * moves it to `~/.copilot` and leaves symlinks behind, but a user who never
 * ran a later version still has the sessions there. A relative value is no
 * folder (the XDG rule), and a folder that is the home already adds nothing.
 */
function xdgStateHome(home: string, env: Env, fs: Pick<StoreFileSystem, 'join'>): string | undefined {
  const state = env.XDG_STATE_HOME;
  if (state === undefined || !state.startsWith('/')) return undefined;
  const folder = fs.join(state, '.copilot');
  return folder === copilotHome(home, env, fs) ? undefined : folder;
}

/** The folders the sessions may be in: the home, then the older XDG one. */
function copilotHomes(home: string, env: Env, fs: Pick<StoreFileSystem, 'join'>): string[] {
  const xdg = xdgStateHome(home, env, fs);
  return xdg === undefined ? [copilotHome(home, env, fs)] : [copilotHome(home, env, fs), xdg];
}

async function workspace(fs: StoreFileSystem, dir: string): Promise<Record<string, string>> {
  const text = await readWholeText(fs, fs.join(dir, 'workspace.yaml'), WORKSPACE_LIMIT_BYTES).catch(() => undefined);
  return text === undefined ? {} : readYamlScalars(text);
}

async function readHead(fs: StoreFileSystem, path: string, size: number): Promise<{ head: CopilotHead; complete: boolean }> {
  const head: CopilotHead = { prompts: 0, shown: false };
  const small = size <= READ_WHOLE_BYTES;
  const scan = await scanHead(fs, path, (text) => {
    const event = record(text);
    if (event) visitCopilotEvent(head, event);
    return small || head.firstPrompt === undefined;
  });
  if (!scan.complete) {
    for (const text of await readTailLines(fs, path, size)) {
      const event = record(text);
      if (event !== undefined && event.type === 'session.shutdown') addShutdown(head, ownField(event, 'data'));
    }
  }
  return { head, complete: scan.complete };
}

/**
 * The first recorded version whose workspace.yaml `summary`, resumed, stays
 * the session's first prompt (1.0.7 to 1.0.40 do; later ones write none).
 * 0.0.423 rewrites it with each new prompt (recorded: resumed, `summary:
 * What number did I give you?`); the versions between 0.0.423 and 1.0.7 are
 * untried.
 */
const SUMMARY_KEPT_SINCE = '1.0.7';

/** workspace.yaml's `summary` as the title, but not where the session's version makes it the latest prompt: the log source titles a session by its first. */
function summaryTitle(ws: Record<string, string>, head: CopilotHead): string | undefined {
  const version = head.copilotVersion;
  if (!ws.summary || (version !== undefined && (compareVersions(version, SUMMARY_KEPT_SINCE) ?? 0) < 0)) return undefined;
  return toOneLine(ws.summary, TITLE_MAX_CHARS);
}

/** The listing row of one Copilot session: workspace.yaml, the first events, and the shutdown totals in the tail. */
async function readSession(fs: StoreFileSystem, path: string): Promise<SessionRow | undefined> {
  const info = await fs.stat(path);
  if (info === undefined) return undefined;
  const { head, complete } = await readHead(fs, path, info.size);
  const nested = storeBaseName(path) === 'events.jsonl';
  const ws = nested ? await workspace(fs, storeParent(path)) : {};
  const id = ws.id ?? head.id ?? (nested ? storeBaseName(storeParent(path)) : storeBaseName(path, '.jsonl'));
  const row: SessionRow = { agent: 'copilot', id, storage: 'file', path, updatedAt: new Date(info.mtimeMs).toISOString(), size: info.size };
  const startedAt = head.startedAt ?? ws.created_at;
  if (startedAt) row.startedAt = startedAt;
  const cwd = ws.cwd ?? head.cwd;
  if (cwd) row.project = cwd;
  const branch = ws.branch ?? head.gitBranch;
  if (branch) row.gitBranch = branch;
  const title = summaryTitle(ws, head) || head.firstPrompt;
  if (title) row.title = title;
  if (complete) row.turns = countTurns(head.prompts, head.shown);
  if (head.tokens !== undefined) row.tokens = head.tokens;
  if (head.costUsd !== undefined) row.costUsd = head.costUsd;
  return row;
}

/** Copilot logs under `home`: `session-state/<id>/events.jsonl`, and `session-state/<id>.jsonl` of 0.0.343 to 0.0.376 (recorded: 0.0.376). */
async function listLogs(fs: StoreFileSystem, home: string): Promise<SessionRow[]> {
  const state = fs.join(home, 'session-state');
  const found: string[] = [];
  for (const entry of await fs.list(state)) {
    if (entry.kind === 'file' && entry.name.endsWith('.jsonl')) found.push(fs.join(state, entry.name));
    if (entry.kind !== 'directory') continue;
    const inside = await fs.list(fs.join(state, entry.name));
    if (inside.some((e) => e.kind === 'file' && e.name === 'events.jsonl')) found.push(fs.join(state, entry.name, 'events.jsonl'));
  }
  return readEach(found, (path) => readSession(fs, path));
}

/**
 * The row of a history document too large to parse whole: its start time and
 * first prompt from its first lines (the CLI indents it as
 * `JSON.stringify(…, null, 2)`, which core's indented-document reader reads
 * message by message); its prompts are not counted.
 */
async function readHistoryHead(fs: StoreFileSystem, path: string, row: SessionRow): Promise<SessionRow> {
  const head = createIndentedHead('chatMessages');
  let title: string | undefined;
  await scanHead(fs, path, (line) => {
    const message = readIndentedHeadLine(head, line)?.value;
    if (ownField(message, 'role') === 'user') title = typedPrompt(ownField(message, 'content')) || undefined;
    return title === undefined;
  });
  const startTime = ownField(head.fields, 'startTime');
  if (typeof startTime === 'string' && !Number.isNaN(Date.parse(startTime))) row.startedAt = new Date(startTime).toISOString();
  if (title !== undefined) row.title = toOneLine(title, TITLE_MAX_CHARS);
  return row;
}

/** The row of a history document: its id and start time from its name, then from the document, with its first prompt and prompt count. */
async function readHistory(fs: StoreFileSystem, path: string): Promise<SessionRow | undefined> {
  const info = await fs.stat(path);
  const name = HISTORY_NAME.exec(storeBaseName(path));
  if (info === undefined || name === null) return undefined;
  const row: SessionRow = { agent: 'copilot', id: name[1] ?? '', storage: 'file', path, updatedAt: new Date(info.mtimeMs).toISOString(), size: info.size };
  row.startedAt = new Date(Number(name[2])).toISOString();
  // A file the store's file system refuses to open (a symlink out of the store) throws: it is left out, as a log would be.
  if (info.size > HISTORY_DOCUMENT_LIMIT_BYTES) return readHistoryHead(fs, path, row);
  const doc = record((await readWholeText(fs, path, HISTORY_DOCUMENT_LIMIT_BYTES)) ?? '');
  if (!isLegacyDocument(doc)) return row;
  const startTime = ownField(doc, 'startTime');
  if (typeof startTime === 'string' && !Number.isNaN(Date.parse(startTime))) row.startedAt = new Date(startTime).toISOString();
  const prompts = (ownField(doc, 'chatMessages') as unknown[]).filter((message) => ownField(message, 'role') === 'user').map((message) => typedPrompt(ownField(message, 'content')));
  const title = prompts.find((prompt) => prompt !== undefined && prompt !== '');
  if (title !== undefined) row.title = toOneLine(title, TITLE_MAX_CHARS);
  row.turns = prompts.filter((prompt) => prompt !== undefined).length;
  return row;
}

/** Copilot CLI 0.0.340's sessions under `home`: one document each in `history-session-state/` (no working folder is recorded). */
async function listHistory(fs: StoreFileSystem, home: string): Promise<SessionRow[]> {
  const dir = fs.join(home, 'history-session-state');
  const found = (await fs.list(dir)).filter((entry) => entry.kind === 'file' && HISTORY_NAME.test(entry.name)).map((entry) => fs.join(dir, entry.name));
  return readEach(found, (path) => readHistory(fs, path));
}

/** What tells a session seen twice apart: the XDG folder that 1.0.7 left as a symlink to the home lists the same files again. */
function sameFile(row: SessionRow): string {
  return JSON.stringify([row.id, row.size, row.updatedAt]);
}

async function listHome(fs: StoreFileSystem, home: string): Promise<SessionRow[]> {
  return [...(await listLogs(fs, home)), ...(await listHistory(fs, home))];
}

/** The home's sessions, then the XDG folder's that are not the home's files reached again through a migrated folder's symlink. */
async function listAll(context: SessionListContext): Promise<SessionRow[]> {
  const { fs } = context;
  const rows = await listHome(fs, copilotHome(context.home, context.env, fs));
  const xdg = xdgStateHome(context.home, context.env, fs);
  if (xdg === undefined) return rows;
  const seen = new Set(rows.map(sameFile));
  return [...rows, ...(await listHome(fs, xdg)).filter((row) => !seen.has(sameFile(row)))];
}

/**
 * GitHub Copilot CLI's session logs under `~/.copilot` or `COPILOT_HOME`, and
 * under `$XDG_STATE_HOME/.copilot`, where versions up to 0.0.423 kept them,
 * read by the log source's own prompt rule (session-head.ts), read back as
 * bytes for `copilot-log`.
 */
export const copilotSessionStore: SessionStore = defineSessionStore({
  specificationVersion: 'v1',
  id: 'copilot',
  displayName: 'GitHub Copilot CLI',
  logSource: 'copilot-log',
  envVariables: ['COPILOT_HOME', 'XDG_STATE_HOME'],
  roots: ({ home, env, fs }) => copilotHomes(home, env, fs),
  list: listAll,
  open: async (session, { fs }) => ({ kind: 'bytes', bytes: await fs.stream(session.path) }),
});
