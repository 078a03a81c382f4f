// Generates 1,000 sessions across the five agents under a temporary home and
// times listSessions over them (the bar: under one second). Run with
// `pnpm bench` in this package (it builds dist first).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { claudeSessionStore } from '@x/provider-claude';
import { codexSessionStore } from '@x/provider-codex';
import { copilotSessionStore } from '@x/provider-copilot';
import { geminiSessionStore } from '@x/provider-gemini';
import { openCodeSessionStore } from '@x/provider-opencode';
import { listSessions } from '../dist/index.js';

const stores = [claudeSessionStore, codexSessionStore, geminiSessionStore, openCodeSessionStore, copilotSessionStore];

const PER_AGENT = 200;
const TURNS = 30;
const filler = 'lorem ipsum dolor sit amet '.repeat(40);

const put = (path, text) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
};
const jsonl = (lines) => `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
const at = (n) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
const uuid = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function claude(home, n) {
  const env = { sessionId: uuid(n), cwd: `/work/p${n % 20}`, gitBranch: 'main', version: '2.1.3' };
  const lines = [{ type: 'summary', summary: `Session ${n}`, leafUuid: 'x' }];
  for (let t = 0; t < TURNS; t += 1) {
    lines.push({ ...env, type: 'user', uuid: `u${t}`, timestamp: at(n), message: { role: 'user', content: `prompt ${t} ${filler}` } });
    lines.push({ ...env, type: 'assistant', uuid: `a${t}`, timestamp: at(n), message: { id: `m${t}`, role: 'assistant', content: [{ type: 'text', text: filler }], usage: { input_tokens: 10, output_tokens: 5 } } });
  }
  put(join(home, '.claude', 'projects', `-work-p${n % 20}`, `${uuid(n)}.jsonl`), jsonl(lines));
}

function codex(home, n) {
  const lines = [{ timestamp: at(n), type: 'session_meta', payload: { id: uuid(n), timestamp: at(n), cwd: `/work/p${n % 20}`, base_instructions: { text: filler.repeat(20) }, git: { branch: 'main' } } }];
  for (let t = 0; t < TURNS; t += 1) {
    lines.push({ timestamp: at(n), type: 'event_msg', payload: { type: 'user_message', message: `prompt ${t}` } });
    lines.push({ timestamp: at(n), type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: filler }] } });
    lines.push({ timestamp: at(n), type: 'event_msg', payload: { type: 'token_count', info: { total_token_usage: { total_tokens: 1000 * (t + 1) } } } });
  }
  put(join(home, '.codex', 'sessions', '2026', '01', '01', `rollout-2026-01-01T00-00-00-${uuid(n)}.jsonl`), jsonl(lines));
}

function gemini(home, n) {
  const lines = [{ sessionId: uuid(n), projectHash: `p${n % 20}`, startTime: at(n), lastUpdated: at(n), kind: 'main' }];
  for (let t = 0; t < TURNS; t += 1) {
    lines.push({ id: `u${t}`, timestamp: at(n), type: 'user', content: [{ text: `prompt ${t}` }] });
    lines.push({ id: `g${t}`, timestamp: at(n), type: 'gemini', content: filler, tokens: { total: 100 } });
  }
  put(join(home, '.gemini', 'tmp', `p${n % 20}`, 'chats', `session-2026-01-01T00-00-${uuid(n).slice(0, 8)}${n}.jsonl`), jsonl(lines));
}

function copilot(home, n) {
  const lines = [{ type: 'session.start', id: 'e0', timestamp: at(n), data: { sessionId: uuid(n), startTime: at(n), context: { cwd: `/work/p${n % 20}`, branch: 'main' } } }];
  for (let t = 0; t < TURNS; t += 1) {
    lines.push({ type: 'user.message', id: `u${t}`, timestamp: at(n), data: { content: `prompt ${t}` } });
    lines.push({ type: 'assistant.message', id: `a${t}`, timestamp: at(n), data: { messageId: `m${t}`, content: filler } });
  }
  put(join(home, '.copilot', 'session-state', uuid(n), 'events.jsonl'), jsonl(lines));
}

function openCodeStorage(home, n) {
  const storage = join(home, '.local', 'share', 'opencode', 'storage');
  const id = `ses_${n}`;
  put(join(storage, 'session', 'global', `${id}.json`), JSON.stringify({ id, directory: `/work/p${n % 20}`, title: `Session ${n}`, time: { created: Date.parse(at(n)), updated: Date.parse(at(n)) } }));
  for (let t = 0; t < 4; t += 1) put(join(storage, 'message', id, `msg_${t}.json`), JSON.stringify({ id: `msg_${t}`, role: t % 2 ? 'assistant' : 'user', tokens: { input: 1, output: 1 } }));
}

async function openCodeDb(home, from, count) {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run('CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT, parent_id TEXT, directory TEXT, title TEXT, version TEXT, time_created INTEGER, time_updated INTEGER);');
  db.run('CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER, time_updated INTEGER, data TEXT);');
  db.run('CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT, session_id TEXT, time_created INTEGER, time_updated INTEGER, data TEXT);');
  for (let n = from; n < from + count; n += 1) {
    const t = Date.parse(at(n));
    db.run('INSERT INTO session VALUES (?, ?, NULL, ?, ?, ?, ?, ?)', [`ses_db${n}`, 'global', `/work/p${n % 20}`, `Session ${n}`, '1.2.4', t, t]);
    for (let m = 0; m < 4; m += 1) db.run('INSERT INTO message VALUES (?, ?, ?, ?, ?)', [`msg_${n}_${m}`, `ses_db${n}`, t, t, JSON.stringify({ role: m % 2 ? 'assistant' : 'user', tokens: { input: 1, output: 1 } })]);
  }
  put(join(home, '.local', 'share', 'opencode', 'opencode.db'), db.export());
  db.close();
}

const home = mkdtempSync(join(tmpdir(), 'x-sessions-bench-'));
try {
  for (let n = 0; n < PER_AGENT; n += 1) {
    claude(home, n);
    codex(home, PER_AGENT + n);
    gemini(home, 2 * PER_AGENT + n);
    copilot(home, 3 * PER_AGENT + n);
    if (n < PER_AGENT / 2) openCodeStorage(home, 4 * PER_AGENT + n);
  }
  await openCodeDb(home, 4 * PER_AGENT + PER_AGENT / 2, PER_AGENT / 2);
  await listSessions({ stores, home, env: {} }); // warm-up: module loading, sql.js's WebAssembly compile
  const runs = [];
  let count = 0;
  for (let i = 0; i < 5; i += 1) {
    const start = performance.now();
    count = (await listSessions({ stores, home, env: {} })).length;
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  console.log(`listSessions: ${count} sessions, median ${runs[2].toFixed(0)} ms, best ${runs[0].toFixed(0)} ms, worst ${runs[4].toFixed(0)} ms (5 runs after a warm-up)`);
  if (count !== 5 * PER_AGENT) throw new Error(`expected ${5 * PER_AGENT} sessions, listed ${count}`);
  if (runs[2] >= 1000) {
    console.error('listSessions took a second or more for 1,000 sessions');
    process.exitCode = 1;
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}
