import { countTurns, defineSessionStore, type SessionListContext, type SessionRow, type SessionStore, type StoreFileSystem } from '@x/core';
import { isJsonObject, oneLargeReadAtATime, ownField, parseJson, readEach, readTailLines, scanHead, scanStreamHead, storeBaseName } from '@x/core/provider-utils';
import { COMPRESSED_ROLLOUT, decompressRollout, isRolloutName, UnreadableRollout } from './compressed-rollout.js';
import { type CodexHead, visitCodexLine } from './session-head.js';

/** A rollout up to this size is read whole, so its turns are exact; a longer one to its first prompt, and its tail for the last token count. */
const READ_WHOLE_BYTES = 256 * 1024;

function record(text: string): Record<string, unknown> | undefined {
  const value = parseJson(text)?.value;
  return isJsonObject(value) ? value : undefined;
}

/** Codex's home, moved by `CODEX_HOME`. */
function codexHome(home: string, env: Readonly<Record<string, string | undefined>>, fs: Pick<StoreFileSystem, 'join'>): string {
  return env.CODEX_HOME || fs.join(home, '.codex');
}

/** Whether `name` is a compressed rollout whose plain copy lies beside it (`plain`: the folder's `.jsonl` names). */
function hasPlainCopy(name: string, plain: ReadonlySet<string>): boolean {
  return name.endsWith(COMPRESSED_ROLLOUT) && plain.has(name.slice(0, -'.zst'.length));
}

async function rolloutsUnder(fs: StoreFileSystem, dir: string, depth: number, found: string[]): Promise<void> {
  const entries = await fs.list(dir);
  const plain = new Set(entries.filter((entry) => entry.kind === 'file' && entry.name.endsWith('.jsonl')).map((entry) => entry.name));
  for (const entry of entries) {
    const path = fs.join(dir, entry.name);
    if (entry.kind === 'directory' && depth > 0) await rolloutsUnder(fs, path, depth - 1, found);
    // A compressed rollout beside its plain copy (Codex writes one back before it appends) is the same session: Codex reads the plain one.
    else if (entry.kind === 'file' && isRolloutName(entry.name) && !hasPlainCopy(entry.name, plain)) found.push(path);
  }
}

function rowOf(path: string, head: CodexHead, size: number, mtimeMs: number, complete: boolean): SessionRow {
  // rollout-<date>-<uuid>.jsonl(.zst): the uuid is the last five dash-separated groups.
  const fromName = storeBaseName(path, path.endsWith(COMPRESSED_ROLLOUT) ? COMPRESSED_ROLLOUT : '.jsonl').split('-').slice(-5).join('-');
  const row: SessionRow = { agent: 'codex', id: head.id ?? fromName, storage: 'file', path, updatedAt: new Date(mtimeMs).toISOString(), size };
  if (head.startedAt) row.startedAt = head.startedAt;
  if (head.cwd) row.project = head.cwd;
  if (head.gitBranch) row.gitBranch = head.gitBranch;
  if (head.firstPrompt) row.title = head.firstPrompt;
  if (complete) row.turns = countTurns(head.prompts, head.shown);
  if (head.tokens !== undefined) row.tokens = head.tokens;
  return row;
}

/** Where a listing says what it left out (SessionListContext's `warn`). */
type Warn = SessionListContext['warn'];

/** The listing row of one rollout: line 1, the first prompt, and the last token count in the tail. */
async function readRollout(fs: StoreFileSystem, path: string, warn: Warn): Promise<SessionRow | undefined> {
  const info = await fs.stat(path);
  if (info === undefined) return undefined;
  if (path.endsWith(COMPRESSED_ROLLOUT)) return readCompressedRollout(fs, path, info, warn);
  const head: CodexHead = { prompts: 0, shown: false };
  const small = info.size <= READ_WHOLE_BYTES;
  const scan = await scanHead(fs, path, (text) => {
    const line = record(text);
    if (line) visitCodexLine(head, line);
    return small || head.firstPrompt === undefined;
  });
  if (!scan.complete) {
    for (const text of await readTailLines(fs, path, info.size)) {
      const line = record(text);
      if (line && ownField(ownField(line, 'payload'), 'type') === 'token_count') visitCodexLine(head, line);
    }
  }
  return rowOf(path, head, info.size, info.mtimeMs, scan.complete);
}

/**
 * The listing row of a compressed rollout, read as it is decompressed: whole
 * when it comes to at most {@link READ_WHOLE_BYTES}, else to its first prompt
 * (a compressed file has no tail to read without decompressing all of it, so
 * a larger one's tokens are left out).
 */
async function readCompressedRollout(fs: StoreFileSystem, path: string, info: { size: number; mtimeMs: number }, warn: Warn): Promise<SessionRow | undefined> {
  const head: CodexHead = { prompts: 0, shown: false };
  const visit = (text: string, read: number) => {
    const line = record(text);
    if (line) visitCodexLine(head, line);
    return read <= READ_WHOLE_BYTES || head.firstPrompt === undefined;
  };
  // One at a time in the process, as scanHead reads a long line on: each holds a window of up to 8 MiB and a line of up to 16 MiB.
  const scan = await oneLargeReadAtATime(async () => scanStreamHead(decompressRollout(await fs.stream(path), path), visit)).catch((error: unknown) => {
    // Bytes planted under a rollout's name, or a stream that asks too much: said, not silently left out.
    if (!(error instanceof UnreadableRollout)) throw error;
    warn?.(`Codex's session in ${path} is not listed: ${error.unread}`);
    return undefined;
  });
  if (scan === undefined) return undefined;
  // Token counts before the first prompt are no session total: only a whole read gives one.
  if (!scan.complete) delete head.tokens;
  return rowOf(path, head, info.size, info.mtimeMs, scan.complete);
}

async function listRollouts(context: SessionListContext): Promise<SessionRow[]> {
  const { fs } = context;
  const root = codexHome(context.home, context.env, fs);
  const found: string[] = [];
  await rolloutsUnder(fs, fs.join(root, 'sessions'), 3, found);
  await rolloutsUnder(fs, fs.join(root, 'archived_sessions'), 3, found);
  return readEach(found, (path) => readRollout(fs, path, context.warn));
}

/**
 * Codex's rollouts: `sessions/YYYY/MM/DD/rollout-*.jsonl` and
 * `archived_sessions/` under `~/.codex` or `CODEX_HOME`, plain or compressed
 * (`.jsonl.zst`, compressed-rollout.ts), read by the log
 * source's own prompt rule (session-head.ts), read back as bytes for `codex-log`.
 */
export const codexSessionStore: SessionStore = defineSessionStore({
  specificationVersion: 'v1',
  id: 'codex',
  displayName: 'Codex',
  logSource: 'codex-log',
  envVariables: ['CODEX_HOME'],
  roots: ({ home, env, fs }) => [codexHome(home, env, fs)],
  list: listRollouts,
  open: async (session, { fs }) => {
    const bytes = await fs.stream(session.path);
    return { kind: 'bytes', bytes: session.path.endsWith(COMPRESSED_ROLLOUT) ? decompressRollout(bytes, session.path) : bytes };
  },
});
