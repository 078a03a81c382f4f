import { stat } from 'node:fs/promises';
import { countTurns } from '@x/core';
import { basename, join } from 'node:path';
import { asNumber, asRecord, asString, field, listDir, oneLine, parseRecord, readTailLines, scanHead } from './file-peek.js';
import type { SessionInfo } from './types.js';

/** What the head of a Claude transcript tells a listing. */
interface ClaudeHead {
  id?: string;
  startedAt?: string;
  cwd?: string;
  gitBranch?: string;
  title?: string;
  firstPrompt?: string;
  /** The first message is a sidechain's (`isSidechain`): a subagent transcript that carries its parent's session id. */
  sidechain?: boolean;
  prompts: number;
  /** Whether a user or assistant line was seen: a log with no prompt but some output is one turn. */
  shown: boolean;
  /** Usage counted once per assistant message id. */
  usage: Map<string, number>;
}

/*
 * The same rule as the Claude provider's log source (provider-claude
 * user-prompt.ts `userTextOf`/`userTextEvent`, log-user.ts, log-threads.ts),
 * so that a row counts the turns `xview show` counts (docs/turns.md): a typed
 * prompt is a `user` line, not CLI-injected (`isMeta`) nor a
 * compaction summary, whose content is text or images with no tool result,
 * and which is not a slash command, its output or an interruption.
 */
const COMMAND_NAME = /<command-name>[\s\S]*?<\/command-name>/;
const LOCAL_OUTPUT = /^\s*<local-command-(stdout|stderr)>[\s\S]*?<\/local-command-\1>\s*$/;
const INTERRUPT = /^\[Request interrupted by user[^\]]*\]$/;

/** The text of a user line's content as the provider reads it: `undefined` for tool results and content with no text or image. */
function userText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const parts: string[] = [];
  for (const block of content) {
    const type = field(block, 'type');
    if (type === 'tool_result') return undefined;
    if (type === 'text') parts.push(asString(field(block, 'text')) ?? '');
    else if (type === 'image') parts.push('[image]');
  }
  return parts.length === 0 ? undefined : parts.join('\n');
}

/** The text of a typed prompt, or `undefined` for anything else a `user` line holds. */
function promptText(line: Record<string, unknown>): string | undefined {
  if (line.isMeta === true || line.isCompactSummary === true) return undefined;
  const text = userText(field(line, 'message', 'content'))?.trim();
  if (!text || LOCAL_OUTPUT.test(text) || INTERRUPT.test(text) || COMMAND_NAME.test(text)) return undefined;
  return text;
}

function titleOf(line: Record<string, unknown>): string | undefined {
  switch (line.type) {
    case 'custom-title':
      return asString(line.customTitle) ?? asString(line.title);
    case 'ai-title':
      return asString(line.aiTitle);
    case 'summary':
      return asString(line.summary);
    default:
      return undefined;
  }
}

function usageTotal(usage: unknown): number {
  const u = asRecord(usage) ?? {};
  return ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens'].reduce((sum, key) => sum + (asNumber(u[key]) ?? 0), 0);
}

function visitLine(head: ClaudeHead, line: Record<string, unknown>): void {
  const title = titleOf(line);
  if (title !== undefined) head.title ??= title;
  if (line.type !== 'user' && line.type !== 'assistant') return;
  head.sidechain ??= line.isSidechain === true;
  head.id ??= asString(line.sessionId);
  head.startedAt ??= asString(line.timestamp);
  head.cwd ??= asString(line.cwd);
  head.gitBranch ??= asString(line.gitBranch);
  head.shown = true;
  if (line.type === 'user') {
    const prompt = promptText(line);
    // A subagent's prompt (a sidechain line) titles its own file but is the input of a call, no turn.
    if (prompt !== undefined && line.isSidechain !== true) head.prompts += 1;
    if (prompt !== undefined) head.firstPrompt ??= oneLine(prompt);
  } else {
    const key = asString(field(line, 'message', 'id')) ?? asString(line.requestId) ?? asString(line.uuid) ?? '';
    head.usage.set(key, usageTotal(field(line, 'message', 'usage')));
  }
}

/**
 * The id a transcript is listed under. Claude Code names a transcript after
 * the session that writes it, `<sessionId>.jsonl`; a session resumed into a
 * new file (Claude Code 1.0.x, anthropics/claude-code#4926) starts that file
 * with the earlier session's lines, `sessionId` and all, so the name, not the
 * first `sessionId`, says whose file it is. The log source reports the same
 * id: the last `sessionId` of the file. A subagent file (`agent-*.jsonl`) is
 * named after its agent, not a session: its lines say which session it is.
 */
function claudeSessionId(path: string, head: ClaudeHead, parentId: string | undefined): string {
  const name = basename(path, '.jsonl');
  if (parentId === undefined && !name.startsWith('agent-')) return name;
  return head.id ?? name;
}

/** Reads the listing fields of one Claude transcript: its head, and its tail for a later title. */
export async function readClaudeSession(path: string, parentId?: string): Promise<SessionInfo | undefined> {
  const info = await stat(path);
  const head: ClaudeHead = { prompts: 0, shown: false, usage: new Map() };
  const scan = await scanHead(path, (text) => {
    const line = parseRecord(text);
    if (line) visitLine(head, line);
    // Past the first prompt a listing needs nothing more, unless it is counting the whole (small) file.
    return head.firstPrompt === undefined || info.size <= 256 * 1024;
  });
  if (!scan.complete) await readTailTitle(head, path, info.size);
  const session: SessionInfo = {
    agent: 'claude',
    id: claudeSessionId(path, head, parentId),
    storage: 'file',
    path,
    updatedAt: info.mtime.toISOString(),
    size: info.size,
  };
  addHeadFields(session, head, scan.complete);
  // An older `agent-*.jsonl` beside the main transcripts names no parent folder; its own lines say whose sidechain it is.
  const parent = parentId ?? (head.sidechain ? head.id : undefined);
  if (parent) session.parentId = parent;
  return session;
}

/** A title set late in a transcript too long to read whole: the last one in its tail wins. */
async function readTailTitle(head: ClaudeHead, path: string, size: number): Promise<void> {
  for (const text of await readTailLines(path, size)) {
    const line = parseRecord(text);
    const title = line && (line.type === 'custom-title' || line.type === 'ai-title') ? titleOf(line) : undefined;
    if (title !== undefined) head.title = title;
  }
}

/** The listing fields the head gives; turns and tokens only when the whole file was read. */
function addHeadFields(session: SessionInfo, head: ClaudeHead, complete: boolean): void {
  if (head.startedAt) session.startedAt = head.startedAt;
  if (head.cwd) session.project = head.cwd;
  if (head.gitBranch) session.gitBranch = head.gitBranch;
  const title = head.title ?? head.firstPrompt;
  if (title) session.title = title;
  if (!complete) return;
  session.turns = countTurns(head.prompts, head.shown);
  const tokens = [...head.usage.values()].reduce((a, b) => a + b, 0);
  if (tokens > 0) session.tokens = tokens;
}

/** Claude transcripts under `projects/`: `<key>/<id>.jsonl`, and subagent files when asked. */
export async function listClaudeFiles(projects: string, subagents: boolean): Promise<{ path: string; parentId?: string }[]> {
  const found: { path: string; parentId?: string }[] = [];
  for (const project of await listDir(projects)) {
    if (!project.isDirectory) continue;
    found.push(...(await listProjectFiles(join(projects, project.name), subagents)));
  }
  return found;
}

/** The transcripts of one project folder: `<id>.jsonl`, and with `subagents` the `agent-*.jsonl` files and `<id>/subagents/*.jsonl`. */
async function listProjectFiles(dir: string, subagents: boolean): Promise<{ path: string; parentId?: string }[]> {
  const found: { path: string; parentId?: string }[] = [];
  for (const entry of await listDir(dir)) {
    const isAgentFile = entry.name.startsWith('agent-');
    if (entry.isFile && entry.name.endsWith('.jsonl') && (!isAgentFile || subagents)) found.push({ path: join(dir, entry.name) });
    if (!entry.isDirectory || !subagents) continue;
    for (const sub of await listDir(join(dir, entry.name, 'subagents'))) {
      if (sub.isFile && sub.name.endsWith('.jsonl')) found.push({ path: join(dir, entry.name, 'subagents', sub.name), parentId: entry.name });
    }
  }
  return found;
}
