import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Random } from '../random.js';
import type { StreamGenerator, WireWriter } from './types.js';

/*
 * Streams shaped like the real CLIs: the recordings the capture lab made of
 * each CLI's stdout (fixtures/<agent>/recorded/<version>/*.jsonl, the newest
 * version), scaled up. The synthetic generators write what a run might look
 * like; these keep exactly the line types, line sizes, block mix, tool outputs
 * and deltas the CLIs printed, so that a cost that only real lines have shows.
 *
 * The session start (and end, where the format has one) is written once, from
 * read-edit-run.jsonl. Every round is then the middle of one recorded scenario
 * picked at random (every scenario equally often, so the line types keep the
 * recordings' proportions), rewritten so that it is a new turn and not a copy:
 * - every id is new (a fresh UUID for a UUID, the recorded id with the round
 *   number for the rest), the same id mapped the same way within the round, so
 *   that a tool result still finds its call and a delta its message;
 * - every session id is the stream's one session, and timestamps move on a
 *   minute a round;
 * - the letters of every text (message text, thinking, tool output, deltas)
 *   go through a substitution drawn for the round: the text differs from round
 *   to round but keeps its length, its lines and its punctuation, and deltas
 *   still add up to the message they stream (the substitution commutes with
 *   concatenation). Tool inputs are left alone: their partial JSON must still
 *   add up to the input it streams.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
/** The repository's fixtures: bench/dist/ when built, bench/src/generators/ in tests. */
const FIXTURES = [join(HERE, '..', '..', 'fixtures'), join(HERE, '..', '..', '..', 'fixtures')].find((dir) => {
  try {
    return readdirSync(dir).includes('claude');
  } catch {
    return false;
  }
});

/** Keys whose string value is an id: rewritten consistently within a round. */
const ID_KEY = /^(?:id|uuid)$|_id$|Id$/;
/** Keys holding the session's id: every round shares the stream's one session. */
const SESSION_KEYS = new Set(['session_id', 'sessionId', 'thread_id']);
/** Id-like keys whose value is not an id (Copilot's language of a file). */
const NOT_IDS = new Set(['languageId']);
/** Keys whose string value is prose, code or tool output, varied from round to round. */
const TEXT_KEYS = new Set([
  'text',
  'thinking',
  'content',
  'stdout',
  'stderr',
  'output',
  'aggregated_output',
  'deltaContent',
  'detailedContent',
  'reasoningText',
]);
/** Tool inputs, whose streamed partial JSON must still add up to them: no text under them is varied. */
const INPUT_KEYS = new Set(['input', 'arguments', 'parameters']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A recorded line: its parsed JSON, or the raw text when it is not JSON (kept as it is). */
type Line = { json: Json } | { raw: string };

/** What a round rewrites with: its number, its id map, its letter substitution. */
interface Round {
  n: number;
  session: string;
  ids: Map<string, string>;
  lower: string;
  upper: string;
  random: Random;
}

/** One agent's recordings, and how its stream starts and ends. */
export interface RecordedShape {
  id: string;
  provider: string;
  agent: string;
  description: string;
  /** A line of the session start: written once, from the first recording, and left out of every round. */
  isStart(line: { [key: string]: Json }): boolean;
  /** A line of the session end: likewise. */
  isEnd(line: { [key: string]: Json }): boolean;
}

interface Recording {
  version: string;
  start: Line[];
  end: Line[];
  /** Each scenario's lines between its start and its end. */
  middles: Line[][];
}

const parseLine = (text: string): Line => {
  try {
    return { json: JSON.parse(text) as Json };
  } catch {
    return { raw: text };
  }
};

const isObject = (value: Json): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Newest first, by numeric parts: 2.1.332 before 2.0.77. */
const byVersion = (a: string, b: string) => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pb[i] ?? 0) - (pa[i] ?? 0);
  return 0;
};

/** Reads the newest recordings of an agent, read-edit-run first (its start and end are the stream's). */
export function readRecording(shape: RecordedShape): Recording {
  if (FIXTURES === undefined) throw new Error('the repository fixtures/ folder was not found beside the bench');
  const root = join(FIXTURES, shape.agent, 'recorded');
  const version = readdirSync(root).sort(byVersion)[0];
  if (version === undefined) throw new Error(`no recording in ${root}`);
  const files = readdirSync(join(root, version))
    .filter((name) => name.endsWith('.jsonl'))
    .sort((a, b) => (a === 'read-edit-run.jsonl' ? -1 : b === 'read-edit-run.jsonl' ? 1 : a.localeCompare(b)));
  const recording: Recording = { version, start: [], end: [], middles: [] };
  files.forEach((name, index) => {
    const lines = readFileSync(join(root, version, name), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(parseLine);
    const middle: Line[] = [];
    for (const line of lines) {
      const start = 'json' in line && isObject(line.json) && shape.isStart(line.json);
      const end = 'json' in line && isObject(line.json) && shape.isEnd(line.json);
      if (start || end) {
        if (index === 0) (start ? recording.start : recording.end).push(line);
      } else middle.push(line);
    }
    if (middle.length > 0) recording.middles.push(middle);
  });
  return recording;
}

/** A random permutation of `letters`, as a string indexed by the letter's place in the alphabet. */
function shuffled(letters: string, random: Random): string {
  const out = letters.split('');
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j] as string, out[i] as string];
  }
  return out.join('');
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();

/** `text` with its ASCII letters substituted: same length, same lines, same punctuation. */
function varyText(text: string, round: Round): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 97 && code <= 122) out += round.lower[code - 97];
    else if (code >= 65 && code <= 90) out += round.upper[code - 65];
    else out += text[i];
  }
  return out;
}

function newId(id: string, round: Round): string {
  let fresh = round.ids.get(id);
  if (fresh === undefined) {
    fresh = UUID.test(id) ? round.random.uuid() : `${id}_${round.n.toString(36)}`;
    round.ids.set(id, fresh);
  }
  return fresh;
}

/** A round's times come a minute after the round before's: timestamps rise through the stream, as in a long session. */
function laterTimestamp(value: string, round: Round): string {
  const time = Date.parse(value);
  return Number.isNaN(time) || !value.endsWith('Z') ? value : new Date(time + round.n * 60_000).toISOString();
}

function rewriteString(key: string | undefined, value: string, round: Round, inInput: boolean): string {
  if (key === undefined) return value;
  if (key === 'timestamp') return laterTimestamp(value, round);
  if (SESSION_KEYS.has(key)) return round.session;
  if (ID_KEY.test(key) && !NOT_IDS.has(key)) return newId(value, round);
  if (!inInput && TEXT_KEYS.has(key)) return varyText(value, round);
  return value;
}

/** A copy of `value` with its ids, session ids and texts rewritten for `round`. */
function rewrite(value: Json, round: Round, key: string | undefined, inInput: boolean): Json {
  if (typeof value === 'string') return rewriteString(key, value, round, inInput);
  if (Array.isArray(value)) return value.map((item) => rewrite(item, round, key, inInput));
  if (!isObject(value)) return value;
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) out[k] = rewrite(v, round, k, inInput || INPUT_KEYS.has(k));
  return out;
}

const lineText = (line: Line, round: Round) => ('json' in line ? JSON.stringify(rewrite(line.json, round, undefined, false)) : line.raw);

/** The session id of the stream: the one the first recording's start names. */
function sessionOf(recording: Recording): string {
  for (const line of recording.start) {
    if (!('json' in line)) continue;
    const found = JSON.stringify(line.json).match(/"(?:session_id|sessionId|thread_id)":"([^"]+)"/);
    if (found?.[1] !== undefined) return found[1];
  }
  return '';
}

function recordedWriter(shape: RecordedShape, random: Random): WireWriter {
  const recording = readRecording(shape);
  const session = sessionOf(recording);
  // The start and end keep their recorded text: round 0, whose ids get the suffix 0, which no later round uses.
  const fixed = (n: number): Round => ({ n, session, ids: new Map(), lower: LOWER, upper: UPPER, random });
  return {
    start: () => recording.start.map((line) => lineText(line, fixed(0))),
    round(n) {
      const middle = recording.middles[random.int(0, recording.middles.length - 1)] as Line[];
      const round: Round = { n: n + 1, session, ids: new Map(), lower: shuffled(LOWER, random), upper: shuffled(UPPER, random), random };
      return middle.map((line) => lineText(line, round));
    },
    end: () => recording.end.map((line) => lineText(line, fixed(0))),
  };
}

const type = (line: { [key: string]: Json }) => line.type;
/** What Copilot CLI prints before the first prompt of a session (every recording opens with these three). */
const COPILOT_START = new Set(['session.skills_loaded', 'session.mcp_servers_loaded', 'session.tools_updated']);

/** The real shapes, one per agent whose CLI the capture lab recorded. */
export const RECORDED_SHAPES: readonly RecordedShape[] = [
  {
    id: 'claude-recorded',
    provider: 'claude',
    agent: 'claude',
    description:
      'Claude Code stream-json as recorded (fixtures/claude/recorded/, newest version), every scenario repeated with new ids and varied text, the partial-message deltas of its `--include-partial-messages` scenario included',
    isStart: (line) => type(line) === 'system' && line.subtype === 'init',
    isEnd: (line) => type(line) === 'result',
  },
  {
    id: 'codex-recorded',
    provider: 'codex',
    agent: 'codex',
    description: 'Codex exec --json as recorded (fixtures/codex/recorded/, newest version), each scenario a turn of one thread',
    isStart: (line) => type(line) === 'thread.started',
    isEnd: () => false,
  },
  {
    id: 'gemini-recorded',
    provider: 'gemini',
    agent: 'gemini',
    description: 'Gemini CLI stream-json as recorded (fixtures/gemini/recorded/, newest version), each scenario a turn of one session',
    isStart: (line) => type(line) === 'init',
    isEnd: (line) => type(line) === 'result',
  },
  {
    id: 'copilot-recorded',
    provider: 'copilot',
    agent: 'copilot',
    description: 'Copilot CLI JSON output as recorded (fixtures/copilot/recorded/, newest version), each scenario a turn of one session',
    isStart: (line) => COPILOT_START.has(String(type(line))),
    isEnd: (line) => type(line) === 'result',
  },
];

/** The real-shaped streams, in the order tables list them. */
export const RECORDED_GENERATORS: readonly StreamGenerator[] = RECORDED_SHAPES.map((shape) => ({
  id: shape.id,
  provider: shape.provider,
  description: shape.description,
  create: (content) => recordedWriter(shape, content.random),
}));
