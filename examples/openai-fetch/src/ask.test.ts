import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { ask, type AskOptions } from './ask.js';

const fixture = (file: string) => readFileSync(join(FIXTURES_DIR, 'openai-compatible', file));

interface Recorded {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** The reply of the local server for a model name: a recorded body, sent in small pieces. */
const REPLIES: Record<string, { status: number; type: string; body: Buffer }> = {
  plain: { status: 200, type: 'application/json', body: fixture('plain-answer.json') },
  reasoning: { status: 200, type: 'application/json', body: fixture('reasoning-deepseek.json') },
  streamed: { status: 200, type: 'text/event-stream', body: fixture('streamed-text-and-tool-calls.sse') },
  refused: { status: 400, type: 'application/json', body: fixture('error-body.json') },
  gateway: { status: 502, type: 'text/html', body: Buffer.from('<html>\n<body>Bad Gateway</body>\n</html>\n') },
};

let server: Server;
let baseUrl: string;
const requests: Recorded[] = [];

async function reply(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>;
  requests.push({ method: req.method, url: req.url, headers: req.headers, body });
  const recorded = REPLIES[String(body.model)];
  if (recorded === undefined || req.url !== '/v1/chat/completions') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(recorded.status, { 'content-type': recorded.type });
  // Seven-byte pieces split lines and multi-byte characters, as a network may.
  for (let at = 0; at < recorded.body.length; at += 7) {
    res.write(recorded.body.subarray(at, at + 7));
    await new Promise((resolve) => setImmediate(resolve));
  }
  res.end();
}

/** `fetch` that refuses anything but the local server. */
const localFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1') throw new Error(`the test tried to reach ${url.host}`);
  return fetch(input, init);
};

async function run(model: string, options: Partial<AskOptions> = {}) {
  let output = '';
  const result = await ask({
    baseUrl,
    apiKey: 'test-key',
    model,
    prompt: 'How does slugify work?',
    sink: (chunk) => {
      output += chunk;
    },
    fetch: localFetch,
    ...options,
  });
  return { output, result, request: requests.at(-1) };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void reply(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('ask', () => {
  it('POSTs a chat-completion request and renders a plain response', async () => {
    const { output, result, request } = await run('plain');
    expect(request).toMatchObject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: 'Bearer test-key', 'content-type': 'application/json', accept: 'application/json' },
      body: { model: 'plain', messages: [{ role: 'user', content: 'How does slugify work?' }] },
    });
    expect(request?.body).not.toHaveProperty('stream');
    expect(output).toBe(
      "`slugify` lower-cases its input, turns every run of characters outside `a-z` and `0-9` into a single `-`, and trims leading and trailing hyphens.\n\nSo `slugify('Hello, World!')` returns `hello-world`.\nusage: 212 tokens in, 48 out\nend: success\n",
    );
    expect(result).toMatchObject({ httpStatus: 200, status: 'success', diagnostics: [] });
  });

  it('renders a streamed (SSE) response, with the tool calls it asks for', async () => {
    const { output, result, request } = await run('streamed', { stream: true });
    expect(request?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(request?.headers.accept).toBe('text/event-stream');
    expect(output).toBe(
      "I'll read the slugify module and run its tests.\ntool: Read src/slugify.ts\ntool: Bash npm test -- slugify\nusage: 486 tokens in, 61 out\nend: success\n",
    );
    expect(result.outcome.toolCalls.map((call) => [call.name, call.arg])).toEqual([
      ['Read', 'src/slugify.ts'],
      ['Bash', 'npm test -- slugify'],
    ]);
    expect(result.outcome.usage).toMatchObject({ inputTokens: 486, outputTokens: 61 });
    expect(result.diagnostics).toEqual([]);
  });

  it('decodes characters split across network chunks', async () => {
    const { output } = await run('reasoning');
    const answer = readFileSync(join(FIXTURES_DIR, 'openai-compatible', 'reasoning-deepseek.output.txt'), 'utf8');
    expect(output).toBe(`${answer}usage: 142 tokens in, 389 out\nend: success\n`);
  });

  it('renders an error body', async () => {
    const { output, result } = await run('refused');
    expect(output).toBe(
      "error: An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_SYNTHETIC000000000000run\nend: error\n",
    );
    expect(result).toMatchObject({ httpStatus: 400, status: 'error' });
  });

  it('says what the HTTP status said when the body is not an error body', async () => {
    const { output, result } = await run('gateway', { apiKey: undefined });
    expect(requests.at(-1)?.headers).not.toHaveProperty('authorization');
    expect(output).toBe('error: HTTP 502 Bad Gateway\n');
    expect(result.status).toBe('error');
    expect(result.diagnostics.map((d) => d.outcome)).toEqual(['malformed', 'malformed', 'malformed']);
  });

  it('shows control characters that come from content visibly, never raw', async () => {
    const body = JSON.stringify({ object: 'chat.completion', id: 'c', model: 'm', choices: [{ index: 0, message: { content: 'a\u001b[2Jb\u0007' } }] });
    let output = '';
    await ask({
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'm',
      prompt: 'p',
      sink: (chunk) => {
        output += chunk;
      },
      fetch: async () => new Response(body, { status: 200 }),
    });
    // Escape sequences are shown as notation (SECURITY.md): nothing is hidden, nothing is executed.
    expect(output).toBe(String.raw`a\x1b[2Jb\x07` + '\nend: success\n');
    expect(output).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });
});
