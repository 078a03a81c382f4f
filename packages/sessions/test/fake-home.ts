import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Writes small session logs in each agent's documented on-disk shape (see the
 * package README's "Where the logs are"), under a temporary home directory.
 * The lines follow the fields the agents' own types name; they are made up,
 * not captures.
 */

export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), 'x-sessions-'));
}

export function put(path: string, text: string, mtime?: Date): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (mtime) utimesSync(path, mtime, mtime);
  return path;
}

const jsonl = (lines: readonly unknown[]) => `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;

export interface FakeSession {
  id: string;
  cwd: string;
  prompt: string;
  /** ISO start time. */
  at: string;
}

export function claudeLines(s: FakeSession, extra: readonly unknown[] = []): unknown[] {
  const envelope = { sessionId: s.id, cwd: s.cwd, gitBranch: 'main', version: '2.1.3', userType: 'external', isSidechain: false };
  return [
    { type: 'file-history-snapshot', messageId: 'u1', snapshot: { messageId: 'u1', trackedFileBackups: {}, timestamp: s.at }, isSnapshotUpdate: false },
    { ...envelope, type: 'user', uuid: 'u1', parentUuid: null, timestamp: s.at, message: { role: 'user', content: s.prompt } },
    {
      ...envelope,
      type: 'assistant',
      uuid: 'a1',
      parentUuid: 'u1',
      timestamp: s.at,
      requestId: 'req_1',
      message: { id: 'msg_1', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'Done.' }], usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 100 } },
    },
    ...extra,
  ];
}

export function writeClaude(root: string, s: FakeSession, extra: readonly unknown[] = []): string {
  const key = s.cwd.replace(/[^A-Za-z0-9]/g, '-');
  return put(join(root, 'projects', key, `${s.id}.jsonl`), jsonl(claudeLines(s, extra)));
}

export function writeCodex(codexHome: string, s: FakeSession, filler = ''): string {
  const day = s.at.slice(0, 10).split('-');
  const lines = [
    { timestamp: s.at, type: 'session_meta', payload: { id: s.id, timestamp: s.at, cwd: s.cwd, originator: 'codex_cli_rs', cli_version: '0.66.0', source: 'cli', instructions: filler, git: { branch: 'dev' } } },
    { timestamp: s.at, type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>x</environment_context>' }] } },
    { timestamp: s.at, type: 'event_msg', payload: { type: 'user_message', message: s.prompt, images: [] } },
    { timestamp: s.at, type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }] } },
    { timestamp: s.at, type: 'event_msg', payload: { type: 'token_count', info: { total_token_usage: { input_tokens: 900, output_tokens: 100, total_tokens: 1000 } } } },
  ];
  const name = `rollout-${s.at.slice(0, 19).replace(/:/g, '-')}-${s.id}.jsonl`;
  return put(join(codexHome, 'sessions', day[0] ?? '', day[1] ?? '', day[2] ?? '', name), jsonl(lines));
}

export function writeGemini(geminiHome: string, slug: string, s: FakeSession): string {
  put(join(geminiHome, '.gemini', 'projects.json'), JSON.stringify({ projects: { [s.cwd]: slug } }));
  const lines = [
    { sessionId: s.id, projectHash: slug, startTime: s.at, lastUpdated: s.at, kind: 'main' },
    { id: 'm1', timestamp: s.at, type: 'user', content: [{ text: s.prompt }] },
    { id: 'm2', timestamp: s.at, type: 'gemini', content: 'Done.', tokens: { input: 50, output: 7, cached: 0, thoughts: 0, tool: 0, total: 57 }, model: 'gemini-2.5-pro' },
    { $set: { lastUpdated: s.at } },
  ];
  return put(join(geminiHome, '.gemini', 'tmp', slug, 'chats', `session-${s.at.slice(0, 16).replace(':', '-')}-${s.id.slice(0, 8)}.jsonl`), jsonl(lines));
}

export function writeCopilot(copilotHome: string, s: FakeSession): string {
  const lines = [
    { type: 'session.start', id: 'e1', parentId: null, timestamp: s.at, data: { sessionId: s.id, version: 1, producer: 'copilot-agent', copilotVersion: '1.0.60', startTime: s.at, context: { cwd: s.cwd, branch: 'feature' } } },
    { type: 'user.message', id: 'e2', parentId: 'e1', timestamp: s.at, data: { content: s.prompt, attachments: [] } },
    { type: 'assistant.message', id: 'e3', parentId: 'e2', timestamp: s.at, data: { messageId: 'm1', content: 'Done.', toolRequests: [] } },
    { type: 'session.shutdown', id: 'e4', parentId: 'e3', timestamp: s.at, data: { modelMetrics: { 'claude-sonnet-4.6': { requests: { count: 1, cost: 0.25 }, usage: { inputTokens: 300, outputTokens: 20 } } } } },
  ];
  return put(join(copilotHome, 'session-state', s.id, 'events.jsonl'), jsonl(lines));
}

/** OpenCode ≤1.1's JSON tree: a session, a user message and an assistant message, each with a text part. */
export function writeOpenCodeStorage(dataDir: string, s: FakeSession): string {
  const storage = join(dataDir, 'storage');
  const created = Date.parse(s.at);
  const session = { id: s.id, projectID: 'global', directory: s.cwd, title: s.prompt, version: '1.1.13', time: { created, updated: created + 5000 } };
  const path = put(join(storage, 'session', 'global', `${s.id}.json`), JSON.stringify(session));
  const user = { id: 'msg_0001', sessionID: s.id, role: 'user', time: { created } };
  const assistant = { id: 'msg_0002', sessionID: s.id, role: 'assistant', parentID: 'msg_0001', cost: 0.01, tokens: { input: 40, output: 2, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: created + 1000 } };
  put(join(storage, 'message', s.id, 'msg_0001.json'), JSON.stringify(user));
  put(join(storage, 'message', s.id, 'msg_0002.json'), JSON.stringify(assistant));
  put(join(storage, 'part', 'msg_0001', 'prt_0001.json'), JSON.stringify({ id: 'prt_0001', sessionID: s.id, messageID: 'msg_0001', type: 'text', text: s.prompt }));
  put(join(storage, 'part', 'msg_0002', 'prt_0002.json'), JSON.stringify({ id: 'prt_0002', sessionID: s.id, messageID: 'msg_0002', type: 'text', text: 'Done.' }));
  return path;
}
