// --redact through every channel that shows a session or a stream: `xview
// show` (--events, --html, terminal), `xview site`, and `xview` itself
// (terminal, --events, --html), run in-process over the secret corpus of
// @x/sessions.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome, writeClaude } from '../../sessions/test/fake-home.js';
import { NEAR_MISSES, SECRETS, SECRET_VALUES } from '../../sessions/test/secret-corpus.js';
import { ExitCode } from './exit-codes.js';
import { runCli } from './run-cli.js';
import { Capture } from '../test/capture.js';

async function run(argv: string[], home: string, input = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new Capture();
  const stderr = new Capture();
  async function* stdin(): AsyncGenerator<Uint8Array> {
    if (input !== '') yield Buffer.from(input);
  }
  const code = await runCli(argv, { stdin: stdin(), stdout, stderr, env: {}, home } as Parameters<typeof runCli>[1]);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** What a person reads: HTML entities and JSON string escapes undone, so that an escaped secret still counts as shown. */
function readable(output: string): string {
  const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
  return output
    .replace(/&(?:lt|gt|amp|quot|#39|#x27);/g, (e) => entities[e] ?? e)
    .replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\\(["\\/])/g, '$1')
    .replace(/\\n/g, '\n');
}

const SESSION = { id: '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', cwd: '/work/app', prompt: 'Show me the config', at: '2026-03-02T10:00:00.000Z' };
const envelope = { sessionId: SESSION.id, cwd: SESSION.cwd, gitBranch: 'main', version: '2.1.3', userType: 'external', isSidechain: false, timestamp: SESSION.at };
const usage = { input_tokens: 10, output_tokens: 5 };
const fence = (lines: readonly string[]) => `\`\`\`text\n${lines.join('\n')}\n\`\`\``;

/**
 * A Claude Code session log (the line shapes of fake-home.ts's claudeLines)
 * whose answer holds every secret and near-miss of the corpus in a code
 * block, whose tool calls take the JSON values with secrets as input, and
 * whose tool result prints the secrets again.
 */
function sessionHome(): { home: string; path: string } {
  const home = tempHome();
  const calls = SECRET_VALUES.map((v, i) => ({ type: 'tool_use', id: `toolu_${i}`, name: 'WebFetch', input: { url: 'https://api.example.com/v1', ...(v.value as object) } }));
  const results = calls.map((call) => ({ type: 'tool_result', tool_use_id: call.id, content: fence(SECRETS.map((s) => s.text)) }));
  const path = writeClaude(join(home, '.claude'), SESSION, [
    { ...envelope, type: 'assistant', uuid: 'a2', parentUuid: 'a1', requestId: 'req_2', message: { id: 'msg_2', role: 'assistant', model: 'claude-sonnet-4-5', content: calls, usage } },
    { ...envelope, type: 'user', uuid: 'u2', parentUuid: 'a2', message: { role: 'user', content: results } },
    {
      ...envelope,
      type: 'assistant',
      uuid: 'a3',
      parentUuid: 'u2',
      requestId: 'req_3',
      message: { id: 'msg_3', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: `${fence(SECRETS.map((s) => s.text))}\n\n${fence(NEAR_MISSES)}` }], usage },
    },
  ]);
  return { home, path };
}

function expectRedacted(output: string, { toolInput }: { toolInput: boolean }): void {
  const shown = readable(output);
  for (const { secret, kind } of SECRETS) {
    expect([kind, secret, shown.includes(secret)]).toEqual([kind, secret, false]);
    expect([kind, shown.includes(`[REDACTED:${kind}]`)]).toEqual([kind, true]);
  }
  for (const near of NEAR_MISSES) for (const line of near.split('\n')) expect([line, shown.includes(line)]).toEqual([line, true]);
  if (!toolInput) return;
  for (const { secret } of SECRET_VALUES) expect([secret, shown.includes(secret)]).toEqual([secret, false]);
}

describe('--redact keeps every secret of the corpus out, and every near-miss in', () => {
  const { home, path } = sessionHome();
  const channels: [string, string[], { toolInput: boolean }][] = [
    ['show --events', ['show', SESSION.id, '--events', '--redact'], { toolInput: true }],
    ['show --html', ['show', SESSION.id, '--html', '-', '--redact'], { toolInput: true }],
    ['show (terminal)', ['show', SESSION.id, '--verbose', '--redact'], { toolInput: false }],
    ['xview --events', ['--events', '--redact', path], { toolInput: true }],
    ['xview --html', ['--html', '-', '--redact', path], { toolInput: true }],
    ['xview (terminal)', ['--verbose', '--redact', path], { toolInput: false }],
  ];

  it.each(channels)('%s', async (_name, argv, what) => {
    const plain = await run(argv.filter((a) => a !== '--redact'), home);
    expect(plain.stdout).toContain(SECRETS[0]?.secret);
    const redacted = await run(argv, home);
    expect(redacted.code).toBe(ExitCode.ok);
    expectRedacted(redacted.stdout, what);
  });

  it('site --redact', async () => {
    const out = join(tempHome(), 'site');
    const site = await run(['site', out, '--redact', '--agent', 'claude'], home);
    expect(site.code).toBe(ExitCode.ok);
    expectRedacted(readFileSync(join(out, 'sessions', `claude-${SESSION.id}.html`), 'utf8'), { toolInput: true });
  });
});

/** A Chat Completions stream (ChatCompletionChunk of openai@6.49.0, as fixtures/openai-compatible) whose text comes in the given deltas. */
function chunks(deltas: readonly string[]): string {
  const frame = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-redact', object: 'chat.completion.chunk', created: 1767227100, model: 'gpt-4.1', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
  return `${frame({ role: 'assistant', content: '' }, null)}${deltas.map((d) => frame({ content: d }, null)).join('')}${frame({}, 'stop')}data: [DONE]\n\n`;
}

describe('--redact catches a key cut across two streamed deltas, at every position, in every output', () => {
  const line = 'Set OPENAI_API_KEY=sk-proj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU_aQ-kzw1Lx and restart';
  const secret = 'sk-proj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU_aQ-kzw1Lx';
  const home = tempHome();

  it.each([[['--events']], [['--html', '-']], [[]]])('xview %j', async (mode) => {
    for (let at = 1; at < line.length; at++) {
      const out = await run([...mode, '--redact'], home, chunks([line.slice(0, at), line.slice(at)]));
      expect([at, out.code, readable(out.stdout).includes(secret), out.stdout.includes('[REDACTED:')]).toEqual([at, ExitCode.ok, false, true]);
    }
  });

  it('xview show <stream file> --events', async () => {
    const path = join(home, 'stream.sse');
    for (let at = 1; at < line.length; at++) {
      writeFileSync(path, chunks([line.slice(0, at), line.slice(at)]));
      const out = await run(['show', path, '--events', '--redact'], home);
      expect([at, out.code, out.stdout.includes(secret), out.stdout.includes('[REDACTED:')]).toEqual([at, ExitCode.ok, false, true]);
    }
  });
});

describe('--redact keeps the part of a secret left at a cut out of the outcome and standard error', () => {
  // A Claude Bash call whose preview, cut at 40 characters, ends in `ghp_` and 19 of the token's 36 characters: too few for its rule.
  const token = 'ghp_Ab3dEfGh1jKlMn0pQrStUvWxYz0123456789';
  const stream = [
    { type: 'system', subtype: 'init', session_id: 's1', model: 'claude-sonnet-4-5', cwd: '/work/app', tools: ['Bash'] },
    { type: 'assistant', session_id: 's1', message: { id: 'msg_1', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: `git remote add origin ${token}` } }], usage } },
    { type: 'user', session_id: 's1', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }] } },
    { type: 'result', subtype: 'success', session_id: 's1', is_error: false, num_turns: 1, duration_ms: 10, result: 'done', usage },
  ]
    .map((line) => JSON.stringify(line))
    .join('\n');

  it.each([[['--summary']], [['--summary', '--json']]])('xview %j', async (mode) => {
    const out = await run([...mode, '--redact', '--provider', 'claude'], tempHome(), stream);
    expect(out.code).toBe(ExitCode.ok);
    expect(out.stdout).toContain('git remote add origin [REDACTED:gith');
    expect(out.stdout).not.toContain('ghp_Ab3dEf');
  });

  it('in the excerpt of a malformed line on standard error, where the cut at 60 characters goes through a token', async () => {
    const broken = `{"type":"assistant", broken ${token} and more`;
    const out = await run(['--strict', '--redact', '--provider', 'claude'], tempHome(), `${stream}\n${broken}\n`);
    expect(out.stderr).toContain('{"type":"assistant", broken');
    expect(out.stderr).not.toContain('ghp_');
  });

  it('in the first line of a stream of no known format, where the cut at 100 characters goes through a token', async () => {
    const out = await run(['--redact'], tempHome(), `${'x'.repeat(80)} ${token} tail\n{bad\n`);
    expect(out.stderr).toContain(`first line: "${'x'.repeat(80)}`);
    expect(out.stderr).not.toContain('ghp_');
  });
});
