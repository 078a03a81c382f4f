import { countTurns, defineSessionStore, type SessionListContext, type SessionRow, type SessionStore, type StoreFileSystem } from '@x/core';
import { isJsonObject, parseJson, readEach, readTailLines, scanHead, storeBaseName } from '@x/core/provider-utils';
import { type ClaudeHead, createClaudeHead, titleOf, visitClaudeLine } from './session-head.js';

/** A transcript up to this size is read whole, so its turns and tokens are exact; a longer one only to its first prompt. */
const READ_WHOLE_BYTES = 256 * 1024;

interface TranscriptFile {
  path: string;
  /** The session a file under `<id>/subagents/` belongs to. */
  parentId?: string;
}

function record(text: string): Record<string, unknown> | undefined {
  const value = parseJson(text)?.value;
  return isJsonObject(value) ? value : undefined;
}

/** Claude Code's `projects/` folder, moved by `CLAUDE_CONFIG_DIR`. */
function projectsRoot(home: string, env: Readonly<Record<string, string | undefined>>, fs: Pick<StoreFileSystem, 'join'>): string {
  return fs.join(env.CLAUDE_CONFIG_DIR || fs.join(home, '.claude'), 'projects');
}

/** The transcripts of one project folder: `<id>.jsonl`, and with `subagents` the `agent-*.jsonl` files and `<id>/subagents/*.jsonl`. */
async function projectFiles(fs: StoreFileSystem, dir: string, subagents: boolean): Promise<TranscriptFile[]> {
  const found: TranscriptFile[] = [];
  for (const entry of await fs.list(dir)) {
    const isAgentFile = entry.name.startsWith('agent-');
    if (entry.kind === 'file' && entry.name.endsWith('.jsonl') && (!isAgentFile || subagents)) found.push({ path: fs.join(dir, entry.name) });
    if (entry.kind !== 'directory' || !subagents) continue;
    for (const sub of await fs.list(fs.join(dir, entry.name, 'subagents'))) {
      if (sub.kind === 'file' && sub.name.endsWith('.jsonl')) found.push({ path: fs.join(dir, entry.name, 'subagents', sub.name), parentId: entry.name });
    }
  }
  return found;
}

/**
 * The id a transcript is listed under. Claude Code names a transcript after
 * the session that writes it, `<sessionId>.jsonl`; a session resumed into a
 * new file (Claude Code 1.0.x, anthropics/claude-code#4926) starts that file
 * with the earlier session's lines, so the name, not the first `sessionId`,
 * says whose file it is, as the log source reports. A subagent file
 * (`agent-*.jsonl`) is named after its agent: its lines say its session.
 */
function sessionIdOf(path: string, head: ClaudeHead, parentId: string | undefined): string {
  const name = storeBaseName(path, '.jsonl');
  if (parentId === undefined && !name.startsWith('agent-')) return name;
  return head.id ?? name;
}

/** A title set late in a transcript too long to read whole: the last one in its tail wins. */
async function readTailTitle(fs: StoreFileSystem, head: ClaudeHead, path: string, size: number): Promise<void> {
  for (const text of await readTailLines(fs, path, size)) {
    const line = record(text);
    const type = line?.type;
    const title = line !== undefined && (type === 'custom-title' || type === 'ai-title') ? titleOf(line) : undefined;
    if (title !== undefined) head.title = title;
  }
}

/** The row fields the head gives; turns and tokens only when the whole file was read. */
function addHeadFields(row: SessionRow, head: ClaudeHead, complete: boolean): void {
  if (head.startedAt) row.startedAt = head.startedAt;
  if (head.cwd) row.project = head.cwd;
  if (head.gitBranch) row.gitBranch = head.gitBranch;
  const title = head.title ?? head.firstPrompt ?? head.sidechainPrompt;
  // A long file whose head holds titles only (readTranscript leaves out a whole file of them) opens to no session: it names none.
  if (title && head.shown) row.title = title;
  if (!complete) return;
  row.turns = countTurns(head.prompts, head.shown);
  const tokens = [...head.usage.values()].reduce((a, b) => a + b, 0);
  if (tokens > 0) row.tokens = tokens;
}

/** The listing row of one transcript: its head, and its tail for a later title. */
async function readTranscript(fs: StoreFileSystem, file: TranscriptFile): Promise<SessionRow | undefined> {
  const info = await fs.stat(file.path);
  if (info === undefined) return undefined;
  const head = createClaudeHead();
  const name = storeBaseName(file.path, '.jsonl');
  // A subagent's own file is titled by its sidechain's prompt; a session's file by its own, which may follow a subagent's chain.
  const subagentFile = file.parentId !== undefined || name.startsWith('agent-');
  const scan = await scanHead(fs, file.path, (text) => {
    const line = record(text);
    if (line) visitClaudeLine(head, line);
    // Past the first prompt a listing needs nothing more, unless it is counting the whole (small) file.
    const titled = head.firstPrompt !== undefined || (subagentFile && head.sidechainPrompt !== undefined);
    return !titled || info.size <= READ_WHOLE_BYTES;
  });
  if (!scan.complete) await readTailTitle(fs, head, file.path, info.size);
  // A file of title lines only is no session: a resumed 1.0.128 or 2.0.12 writes the earlier conversation's
  // `summary` there, under an id no run reports, while the conversation goes on in the earlier file (claude-log.md quirk 15).
  if (scan.complete && !head.shown && head.title !== undefined) return undefined;
  const row: SessionRow = {
    agent: 'claude',
    id: sessionIdOf(file.path, head, file.parentId),
    storage: 'file',
    path: file.path,
    updatedAt: new Date(info.mtimeMs).toISOString(),
    size: info.size,
  };
  addHeadFields(row, head, scan.complete);
  // An older `agent-*.jsonl` beside the main transcripts names no parent folder; its own lines say whose sidechain it is.
  // A file named after the session its lines name is that session's own, though it may start with a subagent's chain (0.2.114).
  const parent = file.parentId ?? (head.sidechain && head.id !== name ? head.id : undefined);
  if (parent) row.parentId = parent;
  return row;
}

async function listTranscripts(context: SessionListContext): Promise<SessionRow[]> {
  const { fs } = context;
  const projects = projectsRoot(context.home, context.env, fs);
  const files: TranscriptFile[] = [];
  for (const project of await fs.list(projects)) {
    // One at a time, not spread as arguments: a folder of 125,000 transcripts overflowed the stack and failed the store.
    if (project.kind === 'directory') for (const file of await projectFiles(fs, fs.join(projects, project.name), context.subagents)) files.push(file);
  }
  return readEach(files, (file) => readTranscript(fs, file));
}

/**
 * Claude Code's transcripts: `projects/<project>/<id>.jsonl` under
 * `~/.claude` or `CLAUDE_CONFIG_DIR`, with subagents' transcripts beside
 * them. Rows read by the log source's own rules (session-head.ts), read back
 * as bytes for `claude-log`.
 */
export const claudeSessionStore: SessionStore = defineSessionStore({
  specificationVersion: 'v1',
  id: 'claude',
  displayName: 'Claude Code',
  logSource: 'claude-log',
  envVariables: ['CLAUDE_CONFIG_DIR'],
  roots: ({ home, env, fs }) => [projectsRoot(home, env, fs)],
  list: listTranscripts,
  open: async (session, { fs }) => ({ kind: 'bytes', bytes: await fs.stream(session.path) }),
});
