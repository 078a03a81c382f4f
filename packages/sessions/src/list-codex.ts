import { stat } from 'node:fs/promises';
import { countTurns } from '@x/core';
import { basename, join } from 'node:path';
import { asNumber, asString, field, listDir, oneLine, parseRecord, readTailLines, scanHead } from './file-peek.js';
import type { SessionInfo } from './types.js';

interface CodexHead {
  id?: string;
  startedAt?: string;
  cwd?: string;
  gitBranch?: string;
  firstPrompt?: string;
  prompts: number;
  /** The turn id of the last prompt counted: 0.17x writes a prompt twice in one turn. */
  promptTurn?: string;
  /** Whether a response item was seen: a log with no prompt but some output is one turn. */
  shown: boolean;
  tokens?: number;
}

/*
 * A prompt as the Codex provider's log source reads one (provider-codex
 * log-events.ts `userMessage`, `itemCompleted`, `prompt`), so that a row
 * counts the turns `xview show` counts (docs/turns.md): a `user_message`
 * event, or the `UserMessage` copy of `item_completed` that 0.171 writes
 * instead, not blank, once per `turn_id`.
 */
function visitPrompt(head: CodexHead, text: string, turnId: string | undefined): void {
  if (text.trim() === '' || (turnId !== undefined && turnId === head.promptTurn)) return;
  head.promptTurn = turnId;
  head.prompts += 1;
  head.firstPrompt ??= oneLine(text);
}

function promptOf(payload: unknown, type: unknown): string | undefined {
  if (type === 'user_message') {
    const images = Array.isArray(field(payload, 'images')) ? (field(payload, 'images') as unknown[]).length : 0;
    return [asString(field(payload, 'message')) ?? '', ...Array.from({ length: images }, () => '[image]')].filter((part) => part !== '').join('\n');
  }
  const item = field(payload, 'item');
  if (type !== 'item_completed' || field(item, 'type') !== 'UserMessage') return undefined;
  const content = field(item, 'content');
  return Array.isArray(content) ? content.map((part) => asString(field(part, 'text')) ?? '').join('') : '';
}

function visitLine(head: CodexHead, line: Record<string, unknown>): void {
  const payload = line.payload;
  const type = field(payload, 'type');
  const prompt = line.type === 'event_msg' ? promptOf(payload, type) : undefined;
  if (line.type === 'session_meta') {
    // A forked or resumed file holds more than one meta line; the first is this file's.
    if (head.id !== undefined) return;
    head.id = asString(field(payload, 'id'));
    head.startedAt = asString(field(payload, 'timestamp')) ?? asString(line.timestamp);
    head.cwd = asString(field(payload, 'cwd'));
    head.gitBranch = asString(field(payload, 'git', 'branch'));
  } else if (line.type === 'response_item') {
    head.shown = true;
  } else if (prompt !== undefined) {
    visitPrompt(head, prompt, asString(field(payload, 'turn_id')));
  } else if (line.type === 'event_msg' && type === 'token_count') {
    head.tokens = asNumber(field(payload, 'info', 'total_token_usage', 'total_tokens')) ?? head.tokens;
  }
}

/** Reads the listing fields of one Codex rollout: line 1, the first prompt, and the last token count in the tail. */
export async function readCodexSession(path: string): Promise<SessionInfo | undefined> {
  const info = await stat(path);
  const head: CodexHead = { prompts: 0, shown: false };
  const small = info.size <= 256 * 1024;
  const scan = await scanHead(path, (text) => {
    const line = parseRecord(text);
    if (line) visitLine(head, line);
    return small || head.firstPrompt === undefined;
  });
  if (!scan.complete) {
    for (const text of await readTailLines(path, info.size)) {
      const line = parseRecord(text);
      if (line && field(line, 'payload', 'type') === 'token_count') visitLine(head, line);
    }
  }
  // rollout-<date>-<uuid>.jsonl: the uuid is the last five dash-separated groups.
  const fromName = basename(path, '.jsonl').split('-').slice(-5).join('-');
  const session: SessionInfo = {
    agent: 'codex',
    id: head.id ?? fromName,
    storage: 'file',
    path,
    updatedAt: info.mtime.toISOString(),
    size: info.size,
  };
  if (head.startedAt) session.startedAt = head.startedAt;
  if (head.cwd) session.project = head.cwd;
  if (head.gitBranch) session.gitBranch = head.gitBranch;
  if (head.firstPrompt) session.title = head.firstPrompt;
  if (scan.complete) session.turns = countTurns(head.prompts, head.shown);
  if (head.tokens !== undefined) session.tokens = head.tokens;
  return session;
}

async function rolloutsUnder(dir: string, depth: number, found: string[]): Promise<void> {
  for (const entry of await listDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory && depth > 0) await rolloutsUnder(path, depth - 1, found);
    else if (entry.isFile && entry.name.startsWith('rollout-') && entry.name.endsWith('.jsonl')) found.push(path);
  }
}

/** Codex rollouts: `sessions/YYYY/MM/DD/rollout-*.jsonl` and `archived_sessions/`. */
export async function listCodexFiles(codexHome: string): Promise<string[]> {
  const found: string[] = [];
  await rolloutsUnder(join(codexHome, 'sessions'), 3, found);
  await rolloutsUnder(join(codexHome, 'archived_sessions'), 3, found);
  return found;
}
