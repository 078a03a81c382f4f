import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { client, ndJsonStream } from '@agentclientprotocol/sdk/unstable';
import { describe, expect, it } from 'vitest';
import { fakeCliEnv, writeFakeCli } from '../../../acp-agent/test/fake-cli-file.js';
import { FIXTURES_DIR } from '../../../../tooling/fixtures.js';
import { ExitCode } from '../exit-codes.js';
import type { CliStream } from '../run-cli.js';
import { runCli } from '../run-cli.js';

class Capture implements CliStream {
  text = '';
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }
  once(): this {
    return this;
  }
}

async function* none(): AsyncGenerator<Uint8Array> {}

function run(argv: string[], stdin: AsyncIterable<Uint8Array> = none(), stdout: CliStream = new Capture(), env: Record<string, string | undefined> = {}, signal?: AbortSignal) {
  const stderr = new Capture();
  const done = runCli(argv, { stdin, stdout, stderr, env, signal } as Parameters<typeof runCli>[1]);
  return { stdout, stderr, done };
}

describe('xview acp-agent', () => {
  it('prints its help', async () => {
    const { stdout, done } = run(['acp-agent', '--help']);
    expect(await done).toBe(ExitCode.ok);
    expect((stdout as Capture).text).toMatch(/^Usage\n {2}xview acp-agent <agent> \[options\] \[-- <agent arguments>\]\n/);
    expect((stdout as Capture).text).toContain('--grace-ms <ms>');
  });

  it.each([
    [['acp-agent'], 'xview: acp-agent needs an agent: one of claude, codex, gemini, opencode, copilot.\n'],
    [['acp-agent', 'cursor'], 'xview: acp-agent: unknown agent "cursor". Choose one of: claude, codex, gemini, opencode, copilot.\n'],
    [['acp-agent', 'claude', 'codex'], 'xview: acp-agent takes one agent, got 2: arguments for the agent go after --.\n'],
    [['acp-agent', 'claude', '--grace-ms', 'soon'], 'xview: acp-agent: --grace-ms takes milliseconds from 0 to 600000, such as 2000; got "soon".\n'],
  ])('%j is a one-line usage error', async (argv, message) => {
    const { stderr, done } = run(argv);
    expect(await done).toBe(ExitCode.usage);
    expect(stderr.text).toBe(message);
  });

  it.each([
    ['SIGINT', ExitCode.interrupted],
    ['SIGTERM', ExitCode.terminated],
  ])('stops on %s with the exit code the table gives it', async (name, code) => {
    const interrupt = new AbortController();
    const toAgent = new PassThrough();
    const fromAgent = new PassThrough();
    const { done, stderr } = run(['acp-agent', 'claude'], toAgent, fromAgent, {}, interrupt.signal);
    // Standard input stays open: once the agent answers, only the signal ends the session.
    await client({ name: 'test-client' }).connectWith(ndJsonStream(Writable.toWeb(toAgent), Readable.toWeb(fromAgent) as ReadableStream<Uint8Array>), (agent) =>
      agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} }),
    );
    interrupt.abort(name);
    expect(await done).toBe(code);
    expect(stderr.text).toBe('');
  });

  it('runs the CLI named by --command with the arguments after --, and ends when the client closes its end', async () => {
    const dir = writeFakeCli();
    const toAgent = new PassThrough();
    const fromAgent = new PassThrough();
    const fixture = join(FIXTURES_DIR, 'claude/recorded/2.1.332/plain-answer.jsonl');
    const { done, stderr } = run(
      ['acp-agent', 'claude', '--command', join(dir, 'fake-cli'), '--', '--model', 'opus'],
      toAgent,
      fromAgent,
      fakeCliEnv(dir, [fixture]),
    );
    const texts: string[] = [];
    const app = client({ name: 'test-client' }).onNotification('session/update', ({ params }) => {
      if (params.update.sessionUpdate === 'agent_message_chunk' && params.update.content.type === 'text') texts.push(params.update.content.text);
    });
    const answer = await app.connectWith(ndJsonStream(Writable.toWeb(toAgent), Readable.toWeb(fromAgent) as ReadableStream<Uint8Array>), async (agent) => {
      await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
      const { sessionId } = await agent.request('session/new', { cwd: dir, mcpServers: [] });
      return agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Say hello' }] });
    });
    toAgent.end();
    expect(await done).toBe(ExitCode.ok);
    expect(stderr.text).toBe('');
    expect(answer.stopReason).toBe('end_turn');
    expect(texts.length).toBeGreaterThan(0);
    const [logged] = readFileSync(join(dir, 'argv.jsonl'), 'utf8').split('\n');
    expect(JSON.parse(logged ?? '').argv).toEqual(['-p', '--output-format', 'stream-json', '--verbose', '--model', 'opus', '--', 'Say hello']);
  });

  it('says in one line, exit 3, that a client message past the 32 MiB limit closed the connection', async () => {
    async function* huge(): AsyncGenerator<Uint8Array> {
      // 33 MiB without a newline, in 1 MiB chunks: the SDK's line buffer refuses it before it ends.
      const chunk = new Uint8Array(1024 * 1024).fill(0x61);
      for (let i = 0; i < 33; i++) yield chunk;
    }
    const { done, stderr } = run(['acp-agent', 'claude'], huge());
    expect(await done).toBe(ExitCode.input);
    expect(stderr.text).toMatch(/^xview acp-agent: the client sent a message too large to read \(.*33554432 byte limit\); the connection is closed\.\n$/);
  });
});
