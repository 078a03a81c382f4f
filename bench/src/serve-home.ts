import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MB } from './report.js';
import { STREAM_DIR, writeStream } from './generate.js';
import { GENERATORS, type StreamGenerator } from './generators/index.js';
import { generateSearchHome } from './search-home.js';

/** Bumped when the home's layout changes, so a cached one is laid out again. */
const HOME_VERSION = 1;

/** The serve bench's home: where it is, and the large session opened by key. */
export interface ServeHome {
  /** The folder to pass as `home` (holds `.claude`, `.codex`, `.gemini`, `.copilot`). */
  home: string;
  /** Sessions laid out (the large one included). */
  sessions: number;
  /** Bytes of every log. */
  bytes: number;
  /** The large session: its id (the listing's key) and its log's size. */
  big: { id: string; path: string; bytes: number };
}

/** A fixed, valid-looking UUID for session `n`. */
function uuidOf(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `${hex.slice(4, 12)}-0000-4000-8000-${hex}`;
}

/** Day `n` days before 2026-03-02, as YYYY-MM-DD. */
function dayOf(n: number): string {
  return new Date(Date.UTC(2026, 2, 2) - n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Where each agent keeps a log of the shape the bench's generator writes, by
 * the stores' layouts: Claude's `projects/<project>/<id>.jsonl`, Codex's
 * `sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`, Gemini's
 * `tmp/<project>/chats/session-<time>-<id8>.jsonl`, Copilot's
 * `session-state/<id>/events.jsonl`.
 */
function layoutPath(home: string, agent: string, n: number): string {
  const id = uuidOf(n);
  const day = dayOf(Math.floor(n / 20));
  const project = `p${n % 40}`;
  switch (agent) {
    case 'claude':
      return join(home, '.claude', 'projects', `-work-${project}`, `${id}.jsonl`);
    case 'codex':
      return join(home, '.codex', 'sessions', ...day.split('-'), `rollout-${day}T10-00-00-${id}.jsonl`);
    case 'gemini':
      return join(home, '.gemini', 'tmp', project, 'chats', `session-${day}T10-00-${id.slice(0, 8)}.jsonl`);
    case 'copilot':
      return join(home, '.copilot', 'session-state', id, 'events.jsonl');
    default:
      throw new RangeError(`no layout for ${agent}`);
  }
}

/**
 * A home directory for `xview serve` from the search bench's home of `count`
 * generated logs (the five agents in turn, about `totalBytes` in all): each
 * log hard-linked (no copy) into its agent's store layout, and one Copilot
 * log of `bigBytes` (Copilot keeps on disk the event lines its
 * `--output-format json` prints, so this one is the real log shape). OpenCode
 * keeps sessions as a tree of JSON files or in SQLite, which its stream is
 * not: its share of the search home is left out, so about four fifths of
 * `count` are laid out. Cached like the search home.
 */
export function generateServeHome(count: number, totalBytes: number, bigBytes: number): ServeHome {
  const search = generateSearchHome(count, totalBytes);
  const dir = join(STREAM_DIR, `serve-home-${count}-${totalBytes}-${bigBytes}-v${HOME_VERSION}`);
  const infoFile = join(dir, 'serve-home.json');
  if (existsSync(infoFile)) return JSON.parse(readFileSync(infoFile, 'utf8')) as ServeHome;
  rmSync(dir, { recursive: true, force: true });
  const home = join(dir, 'home');
  let sessions = 0;
  let bytes = 0;
  search.sessions.forEach((session, n) => {
    if (session.agent === 'opencode') return;
    const path = layoutPath(home, session.agent, n);
    mkdirSync(join(path, '..'), { recursive: true });
    linkSync(session.path, path);
    sessions++;
    bytes += session.size;
  });
  mkdirSync(join(home, '.gemini'), { recursive: true });
  const projects = Object.fromEntries(Array.from({ length: 40 }, (_, k) => [`/work/p${k}`, `p${k}`]));
  writeFileSync(join(home, '.gemini', 'projects.json'), JSON.stringify({ projects }));
  const bigPath = layoutPath(home, 'copilot', count);
  mkdirSync(join(bigPath, '..'), { recursive: true });
  const bigWritten = writeStream(GENERATORS.find((g) => g.id === 'copilot') as StreamGenerator, bigBytes, bigPath, 424_242);
  const info: ServeHome = { home, sessions: sessions + 1, bytes: bytes + bigWritten, big: { id: uuidOf(count), path: bigPath, bytes: bigWritten } };
  writeFileSync(`${infoFile}.tmp`, JSON.stringify(info));
  renameSync(`${infoFile}.tmp`, infoFile);
  process.stderr.write(`serve home: ${info.sessions} sessions, ${(info.bytes / MB).toFixed(0)} MB\n`);
  return info;
}
