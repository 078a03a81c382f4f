import { stat } from 'node:fs/promises';
import { countTurns } from '@x/core';
import { basename, dirname, join } from 'node:path';
import { asNumber, asRecord, asString, field, listDir, oneLine, parseRecord, readTailLines, scanHead } from './file-peek.js';
import { readStoreFile } from './store-path.js';
import type { SessionInfo } from './types.js';

/** The top-level `key: value` scalars of a small YAML file (Copilot's workspace.yaml); nested keys are skipped. */
export function readYamlScalars(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_][\w-]*):\s*(.*?)\s*$/.exec(line);
    if (!match || match[2] === undefined || match[2] === '' || match[1] === undefined) continue;
    let value = match[2];
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1);
    out[match[1]] = value;
  }
  return out;
}

interface CopilotHead {
  id?: string;
  startedAt?: string;
  cwd?: string;
  gitBranch?: string;
  firstPrompt?: string;
  prompts: number;
  /** Whether an event past the session start was seen: a log with no prompt but some output is one turn. */
  shown: boolean;
  tokens?: number;
  costUsd?: number;
}

/** Sums the per-model usage and cost of a `session.shutdown` event. */
function addShutdown(head: CopilotHead, data: unknown): void {
  let tokens = 0;
  let cost = 0;
  for (const metrics of Object.values(asRecord(field(data, 'modelMetrics')) ?? {})) {
    const usage = asRecord(field(metrics, 'usage')) ?? {};
    tokens += ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'].reduce((sum, key) => sum + (asNumber(usage[key]) ?? 0), 0);
    cost += asNumber(field(metrics, 'requests', 'cost')) ?? 0;
  }
  if (tokens > 0) head.tokens = tokens;
  if (cost > 0) head.costUsd = cost;
}

function visitEvent(head: CopilotHead, event: Record<string, unknown>): void {
  const data = event.data;
  if (event.type === 'session.start') {
    head.id ??= asString(field(data, 'sessionId'));
    head.startedAt ??= asString(field(data, 'startTime')) ?? asString(event.timestamp);
    head.cwd ??= asString(field(data, 'context', 'cwd'));
    head.gitBranch ??= asString(field(data, 'context', 'branch'));
  } else if (event.type === 'user.message' && typeof field(data, 'content') === 'string') {
    // As the Copilot provider's log source: a user.message with content is a prompt (provider-copilot log-events.ts).
    head.prompts += 1;
    head.firstPrompt ??= oneLine(asString(field(data, 'content')));
  } else if (event.type === 'session.shutdown') {
    addShutdown(head, data);
  } else if (typeof event.type === 'string' && /^(assistant|tool|subagent)\./.test(event.type)) {
    head.shown = true;
  }
}

async function workspace(dir: string): Promise<Record<string, string>> {
  try {
    return readYamlScalars(await readStoreFile(dir, join(dir, 'workspace.yaml'), 1024 * 1024));
  } catch {
    return {};
  }
}

/** Reads the listing fields of one Copilot session: workspace.yaml, the first events, and the shutdown totals in the tail. */
export async function readCopilotSession(path: string): Promise<SessionInfo | undefined> {
  const info = await stat(path);
  const head: CopilotHead = { prompts: 0, shown: false };
  const small = info.size <= 256 * 1024;
  const scan = await scanHead(path, (text) => {
    const event = parseRecord(text);
    if (event) visitEvent(head, event);
    return small || head.firstPrompt === undefined;
  });
  if (!scan.complete) {
    for (const text of await readTailLines(path, info.size)) {
      const event = parseRecord(text);
      if (event?.type === 'session.shutdown') addShutdown(head, event.data);
    }
  }
  const nested = basename(path) === 'events.jsonl';
  const ws = nested ? await workspace(dirname(path)) : {};
  const session: SessionInfo = {
    agent: 'copilot',
    id: ws.id ?? head.id ?? (nested ? basename(dirname(path)) : basename(path, '.jsonl')),
    storage: 'file',
    path,
    updatedAt: info.mtime.toISOString(),
    size: info.size,
  };
  const startedAt = head.startedAt ?? ws.created_at;
  if (startedAt) session.startedAt = startedAt;
  const cwd = ws.cwd ?? head.cwd;
  if (cwd) session.project = cwd;
  const branch = ws.branch ?? head.gitBranch;
  if (branch) session.gitBranch = branch;
  const title = oneLine(ws.summary) ?? head.firstPrompt;
  if (title) session.title = title;
  if (scan.complete) session.turns = countTurns(head.prompts, head.shown);
  if (head.tokens !== undefined) session.tokens = head.tokens;
  if (head.costUsd !== undefined) session.costUsd = head.costUsd;
  return session;
}

/** Copilot logs: `session-state/<id>/events.jsonl`, and early builds' `session-state/<id>.jsonl`. */
export async function listCopilotFiles(copilotHome: string): Promise<string[]> {
  const state = join(copilotHome, 'session-state');
  const found: string[] = [];
  for (const entry of await listDir(state)) {
    if (entry.isFile && entry.name.endsWith('.jsonl')) found.push(join(state, entry.name));
    if (entry.isDirectory) {
      const events = join(state, entry.name, 'events.jsonl');
      if ((await listDir(join(state, entry.name))).some((e) => e.isFile && e.name === 'events.jsonl')) found.push(events);
    }
  }
  return found;
}
