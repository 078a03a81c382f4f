// The long test of issue #21: more than 512 MB of text (where a JavaScript
// string stops growing: `RangeError: Invalid string length`) streamed as
// deltas of one block, in every format that streams text, through every
// output mode of the built `xview`. Inputs are generated as they are piped,
// never stored. Minutes, not seconds, so it is skipped unless X_LONG_TESTS=1
// (after `pnpm build`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';

const LONG = process.env.X_LONG_TESTS === '1';
const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'dist', 'bin.cjs');
const TEXT_BYTES = 600 * 1000 * 1000;
const WORDS = `${'lorem ipsum dolor sit amet '.repeat(1200)}\n`;

/** A stream: the provider to name with `-p`, and its lines around `count` deltas of WORDS. */
interface LongStream {
  provider: string;
  head: string[];
  delta(n: number): string;
  tail: string[];
}

const STREAMS: Record<string, LongStream> = {
  'claude partial deltas': {
    provider: 'claude',
    head: [
      JSON.stringify({ type: 'system', subtype: 'init', session_id: 'long', model: 'claude-sonnet-4-5', cwd: '/repo', tools: [] }),
      JSON.stringify({ type: 'stream_event', event: { type: 'message_start', message: { id: 'msg_long', model: 'claude-sonnet-4-5' } } }),
      JSON.stringify({ type: 'stream_event', event: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } }),
    ],
    delta: () => JSON.stringify({ type: 'stream_event', event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: WORDS } } }),
    tail: [JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'done', session_id: 'long', num_turns: 1, duration_ms: 1 })],
  },
  'gemini deltas': {
    provider: 'gemini',
    head: [JSON.stringify({ type: 'init', timestamp: '2026-01-01T00:00:00.000Z', session_id: 'long', model: 'gemini-2.5-pro' })],
    delta: () => JSON.stringify({ type: 'message', timestamp: '2026-01-01T00:00:01.000Z', role: 'assistant', content: WORDS, delta: true }),
    tail: [JSON.stringify({ type: 'result', timestamp: '2026-01-01T00:00:02.000Z', status: 'success', stats: { total_tokens: 2 } })],
  },
  'codex legacy deltas': {
    provider: 'codex',
    head: [JSON.stringify({ id: '0', msg: { type: 'task_started' } })],
    delta: () => JSON.stringify({ id: '1', msg: { type: 'agent_message_delta', delta: WORDS } }),
    tail: [JSON.stringify({ id: '1', msg: { type: 'task_complete', last_agent_message: 'done' } })],
  },
  'opencode part deltas': {
    provider: 'opencode',
    head: [JSON.stringify({ type: 'message.part.updated', properties: { part: { id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1', type: 'text', text: '' } } })],
    delta: () => JSON.stringify({ type: 'message.part.delta', properties: { sessionID: 'ses_1', messageID: 'msg_1', partID: 'prt_1', field: 'text', delta: WORDS } }),
    tail: [],
  },
  'copilot deltas': {
    provider: 'copilot',
    head: [JSON.stringify({ type: 'session.start', data: { sessionId: 's', copilotVersion: '1.0.102', context: { cwd: '/repo' } }, id: 'e0', timestamp: '2026-01-01T00:00:00.000Z', parentId: null })],
    delta: (n) => JSON.stringify({ type: 'assistant.message_delta', data: { messageId: 'm1', deltaContent: WORDS }, id: `e${n + 1}`, timestamp: '2026-01-01T00:00:01.000Z', parentId: null }),
    tail: [JSON.stringify({ type: 'result', sessionId: 's', exitCode: 0, usage: { premiumRequests: 1 } })],
  },
  'openai-compatible content deltas': {
    provider: 'openai-compatible',
    head: [],
    delta: () => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: WORDS }, finish_reason: null }] })}\n`,
    tail: ['data: [DONE]'],
  },
  'plain text': {
    provider: 'text',
    head: [],
    delta: () => WORDS.slice(0, -1),
    tail: [],
  },
};

/** Distinct unknown line types, for `--summary`'s diagnostic reasons. */
function* unknownTypes(): Iterable<string> {
  const pad = 'u'.repeat(4000);
  for (let n = 0, sent = 0; sent < TEXT_BYTES; n++) {
    const line = `{"type":"unknown_${n}_${pad}"}\n`;
    sent += line.length;
    yield line;
  }
}

function* linesOf(stream: LongStream): Iterable<string> {
  for (const line of stream.head) yield `${line}\n`;
  const count = Math.ceil(TEXT_BYTES / WORDS.length);
  for (let n = 0; n < count; n++) yield `${stream.delta(n)}\n`;
  for (const line of stream.tail) yield `${line}\n`;
}

const MODES: Record<string, string[]> = {
  terminal: [],
  verbose: ['--verbose'],
  html: ['--html', join(tmpdir(), `x-long-${process.pid}.html`)],
  events: ['--events'],
  summary: ['--summary'],
};

/** Runs the built xview on generated lines; resolves with its exit code, output size and stderr. */
async function xview(args: string[], lines: Iterable<string>): Promise<{ code: number | null; outputBytes: number; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let outputBytes = 0;
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    outputBytes += chunk.length;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 2000) stderr += chunk.toString('utf8');
  });
  child.stdin.on('error', () => {});
  Readable.from(lines).pipe(child.stdin);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, outputBytes, stderr };
}

describe.skipIf(!LONG)('more than 512 MB of text through every output mode (X_LONG_TESTS=1)', () => {
  it('finds the built xview', () => {
    expect(existsSync(BIN), `${BIN} is missing: run pnpm build first`).toBe(true);
  });

  for (const [name, stream] of Object.entries(STREAMS)) {
    for (const [mode, args] of Object.entries(MODES)) {
      it(`${name}, ${mode}: no crash, the text goes through`, async () => {
        const run = await xview(['-p', stream.provider, ...args], linesOf(stream));
        // 0 success, 1 run failed, 5 incomplete: the run was rendered. 70 (internal error) or 134 (out of memory) are crashes.
        expect([0, 1, 5], run.stderr).toContain(run.code);
        if (mode === 'terminal' || mode === 'verbose' || mode === 'events') expect(run.outputBytes).toBeGreaterThan(TEXT_BYTES * 0.9);
        if (mode === 'summary') expect(run.outputBytes).toBeLessThan(8 * 1024 * 1024);
      }, 1_800_000);
    }
  }

  it('--summary on 600 MB of distinct unknown types stays bounded', async () => {
    const run = await xview(['-p', 'claude', '--summary'], unknownTypes());
    expect([0, 1, 5], run.stderr).toContain(run.code);
    expect(run.outputBytes).toBeLessThan(1024 * 1024);
  }, 1_800_000);
});
