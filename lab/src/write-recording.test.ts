import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { labCacheNormaliser } from './normalise.js';
import { claude } from './agents/claude.js';
import { codex } from './agents/codex.js';
import { SCENARIOS } from './scenarios.js';
import { renormaliseRecordings, writeScenario } from './write-recording.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A fixtures folder holding `files` (path → content). */
function fixtures(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'x-lab-fixtures-'));
  roots.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe('renormaliseRecordings', () => {
  const normalise = labCacheNormaliser({ host: 'vm', user: 'alice', labCache: '/home/alice/.cache/x-lab' });
  const trace = 'at f (/home/alice/.cache/x-lab/gemini/0.61.0/node_modules/x.js:1:2)\n';

  it('rewrites the text files of every recording, and only those, once', () => {
    const database = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.from(trace)]);
    const notUtf8 = Buffer.concat([Buffer.from(trace), Buffer.from([0xff, 0xfe])]);
    const root = fixtures({
      'gemini/recorded/0.61.0/api-error-500.stderr.txt': trace,
      'gemini-log/recorded/0.61.0/api-error-500/.gemini/tmp/p/chats/session.json': `{"error":${JSON.stringify(trace)}}`,
      'opencode-log/recorded/1.18.33/plain/.local/share/opencode/opencode.db': database,
      'acp/recorded/qwen/0.24.4/odd.jsonl': notUtf8,
      'gemini/hand-written.jsonl': trace,
    });
    expect(renormaliseRecordings(normalise, root).sort()).toEqual([
      'gemini-log/recorded/0.61.0/api-error-500/.gemini/tmp/p/chats/session.json',
      'gemini/recorded/0.61.0/api-error-500.stderr.txt',
    ]);
    expect(readFileSync(join(root, 'gemini/recorded/0.61.0/api-error-500.stderr.txt'), 'utf8')).toBe('at f (/opt/x-lab/gemini/0.61.0/node_modules/x.js:1:2)\n');
    expect(readFileSync(join(root, 'opencode-log/recorded/1.18.33/plain/.local/share/opencode/opencode.db'))).toEqual(database);
    expect(readFileSync(join(root, 'acp/recorded/qwen/0.24.4/odd.jsonl'))).toEqual(notUtf8);
    expect(readFileSync(join(root, 'gemini/hand-written.jsonl'), 'utf8')).toBe(trace);
    expect(renormaliseRecordings(normalise, root)).toEqual([]);
  });

  it('leaves the user and host names to the recording: they are words a recording may hold for other reasons', () => {
    const root = fixtures({ 'codex/recorded/0.171.0/plain.jsonl': '{"text":"alice asked vm"}\n' });
    expect(renormaliseRecordings(normalise, root)).toEqual([]);
  });
});

describe('writeScenario in another output mode', () => {
  const scenario = SCENARIOS[0] as (typeof SCENARIOS)[number];
  const recording = (mode: string, home: string) => ({
    scenario,
    place: { version: '9.9.9', home, work: join(home, 'project'), serverUrl: 'http://127.0.0.1:1', mode },
    runs: [{ invocation: { args: [], env: {} }, stdout: `{"home":"${home}"}`, stderr: '', exitCode: 0, signal: null }],
    requests: [],
  });

  it('writes the stdout beside the stream as <scenario>~<mode> with the mode\'s extension, normalised, and no session log', () => {
    const root = fixtures({});
    const home = fixtures({ '.claude/projects/p/s.jsonl': '{}\n', '.codex/sessions/r.jsonl': '{}\n' });
    expect(writeScenario(claude, '9.9.9', recording('json-verbose', home), root)).toEqual({ logs: [] });
    expect(writeScenario(codex, '9.9.9', recording('experimental-json', home), root)).toEqual({ logs: [] });
    expect(readFileSync(join(root, 'claude/recorded/9.9.9', `${scenario.name}~json-verbose.json`), 'utf8')).toBe('{"home":"/home/lab"}');
    expect(readFileSync(join(root, 'codex/recorded/9.9.9', `${scenario.name}~experimental-json.jsonl`), 'utf8')).toBe('{"home":"/home/lab"}');
    expect(existsSync(join(root, 'claude-log'))).toBe(false);
  });
});
