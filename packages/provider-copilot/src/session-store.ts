import { countTurns, defineSessionStore, type SessionListContext, type SessionRow, type SessionStore, type StoreFileSystem } from '@x/core';
import { compareVersions, isJsonObject, ownField, parseJson, readEach, readTailLines, readWholeText, scanHead, storeBaseName, storeParent, toOneLine } from '@x/core/provider-utils';
import { addShutdown, type CopilotHead, readYamlScalars, TITLE_MAX_CHARS, visitCopilotEvent } from './session-head.js';

/** A log up to this size is read whole, so its turns are exact; a longer one to its first prompt, and its tail for the shutdown totals. */
const READ_WHOLE_BYTES = 256 * 1024;
/** The largest workspace.yaml read: it holds a few scalars. */
const WORKSPACE_LIMIT_BYTES = 1024 * 1024;

function record(text: string): Record<string, unknown> | undefined {
  const value = parseJson(text)?.value;
  return isJsonObject(value) ? value : undefined;
}

/** Copilot CLI's home, moved by `COPILOT_HOME`. */
function copilotHome(home: string, env: Readonly<Record<string, string | undefined>>, fs: Pick<StoreFileSystem, 'join'>): string {
  return env.COPILOT_HOME || fs.join(home, '.copilot');
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

/** Copilot logs: `session-state/<id>/events.jsonl`, and early builds' `session-state/<id>.jsonl`. */
async function listLogs(context: SessionListContext): Promise<SessionRow[]> {
  const { fs } = context;
  const state = fs.join(copilotHome(context.home, context.env, fs), 'session-state');
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
 * GitHub Copilot CLI's session logs under `~/.copilot` or `COPILOT_HOME`,
 * read by the log source's own prompt rule (session-head.ts), read back as
 * bytes for `copilot-log`.
 */
export const copilotSessionStore: SessionStore = defineSessionStore({
  specificationVersion: 'v1',
  id: 'copilot',
  displayName: 'GitHub Copilot CLI',
  logSource: 'copilot-log',
  envVariables: ['COPILOT_HOME'],
  roots: ({ home, env, fs }) => [copilotHome(home, env, fs)],
  list: listLogs,
  open: async (session, { fs }) => ({ kind: 'bytes', bytes: await fs.stream(session.path) }),
});
