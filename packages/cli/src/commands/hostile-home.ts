// A home directory whose agents' logs are hostile in every field a session
// command can print: ids, titles, working directories, timestamps, text and
// tool names carry escape sequences, C1 controls, bidi, zero-width and tag
// characters. Used by session-output.test.ts; not a test itself.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempHome, writeClaude, writeCodex, writeCopilot } from '../../../sessions/test/fake-home.js';
import type { CliStream } from '../run-cli.js';

export const HOSTILE = [
  '\x1b[2J\x1b[H',
  '\x1b]52;c;cm0gLXJmIH4=\x07',
  '\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\',
  '\x9b2J',
  '\x9d0;title\x9c',
  'invoice.\u202efdp.exe',
  '\u2066a\u2067b\u2069',
  'r\u200bm -\u200drf \u200c/',
  '\ufeffbom \u2060wj',
  'line\u2028sep',
  '\x85next',
  'tag\u{e0041}\u{e0042}',
  'safe\rEVIL',
];
export const ALL = HOSTILE.join(' | ');

/** A character a terminal would act on: every control but TAB and LF, C1, bidi, zero-width, separators. */
const RAW = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** The first raw character in a text, with what surrounds it, for a readable failure. */
export function firstRaw(text: string): string | undefined {
  const at = text.search(RAW);
  return at < 0 ? undefined : JSON.stringify(text.slice(Math.max(0, at - 30), at + 10));
}

export const SECRET = 'sk-proj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU_aQ-kzw1Lx';
/** A hostile id that is still a file name: no slash, no NUL. */
export const CLAUDE_ID = `c1a0de00-\x1b[31m\x9b2J\u202e-id`;

/** Writes the hostile home; returns it and the Claude log's path. */
export function hostileHome(): { home: string; claudeLog: string } {
  const home = tempHome();
  const at = `\x1b[2J\x9b1m\u202e2026-03-02T10:00`;
  const extra = [
    { sessionId: CLAUDE_ID, cwd: `/w/${ALL}`, type: 'assistant', uuid: 'a2', parentUuid: 'a1', timestamp: at, message: { id: 'msg_2', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: `Bash${ALL}`, input: { command: ALL } }] } },
    { sessionId: CLAUDE_ID, cwd: `/w/${ALL}`, type: 'user', uuid: 'u2', parentUuid: 'a2', timestamp: at, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: ALL, is_error: true }] } },
    { sessionId: CLAUDE_ID, cwd: `/w/${ALL}`, type: 'assistant', uuid: 'a3', parentUuid: 'u2', timestamp: at, message: { id: 'msg_3', role: 'assistant', content: [{ type: 'text', text: `${ALL} OPENAI_API_KEY=${SECRET}` }] } },
    { type: `x-unknown-${ALL}` },
  ];
  const claudeLog = writeClaude(join(home, '.claude'), { id: CLAUDE_ID, cwd: `/w/${ALL}`, prompt: `${ALL} OPENAI_API_KEY=${SECRET}`, at }, extra);
  // A line that is no JSON: shown as "could not be shown", quoted by --strict.
  appendFileSync(claudeLog, `not json ${ALL}\n`);
  writeCodex(join(home, '.codex'), { id: `c0dec0de-${ALL.replace(/\//g, '')}`, cwd: `/w/${SECRET}/${ALL}`, prompt: ALL, at: '2026-03-01T10:00:00.000Z' });
  writeCopilot(join(home, '.copilot'), { id: `c0be1107-\x9d0;t\x9c\u2067`, cwd: `/w/${ALL}`, prompt: ALL, at: '2026-03-03T10:00:00.000Z' });
  return { home, claudeLog };
}

/** Captures a stream's text; `failWith` makes every write fail as a closed pipe does. */
export class Capture implements CliStream {
  text = '';
  isTTY = false;
  private onError: ((error: Error) => void) | undefined;
  constructor(private readonly failWith?: string) {}
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const code = this.failWith;
    if (code !== undefined) setImmediate(() => this.onError?.(Object.assign(new Error(`write ${code}`), { code })));
    return true;
  }
  once(): this {
    return this;
  }
  on(_event: 'error', listener: (error: Error) => void): this {
    this.onError = listener;
    return this;
  }
}
