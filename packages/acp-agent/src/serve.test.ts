import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { client, ndJsonStream } from '@agentclientprotocol/sdk/unstable';
import { describe, expect, it, vi } from 'vitest';
import { fakeCli, recorded, scratch, WAIT } from '../test/acp-harness.js';
import { serveAcpAgent } from './index.js';

describe('serveAcpAgent', () => {
  it('serves over a pair of byte streams, and cancels a running CLI when the client goes away', async () => {
    const dir = scratch();
    const argvLog = join(dir, 'argv.jsonl');
    const toAgent = new PassThrough();
    const fromAgent = new PassThrough();
    const options = fakeCli('claude', [recorded('claude/recorded/2.1.332/plain-answer.jsonl')], argvLog, { FAKE_CLI_HANG: 'yes' });
    const connection = serveAcpAgent(options, { input: toAgent, output: fromAgent });
    const texts: string[] = [];
    const app = client({ name: 'test-client' }).onNotification('session/update', ({ params }) => {
      if (params.update.sessionUpdate === 'agent_message_chunk' && params.update.content.type === 'text') texts.push(params.update.content.text);
    });
    const clientConnection = app.connect(ndJsonStream(Writable.toWeb(toAgent), Readable.toWeb(fromAgent) as ReadableStream<Uint8Array>));
    const { agent } = clientConnection;
    const init = await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    expect(init.agentInfo).toMatchObject({ name: '@x/acp-agent', title: 'Claude Code (through @x)' });
    const { sessionId } = await agent.request('session/new', { cwd: dir, mcpServers: [] });
    void agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Say hello' }] }).catch(() => undefined);
    await vi.waitFor(() => expect(texts.length).toBeGreaterThan(0), WAIT);
    toAgent.end();
    await connection.closed;
    await vi.waitFor(() => expect(readFileSync(`${argvLog}.signals`, 'utf8')).toBe('SIGINT\n'), WAIT);
    clientConnection.close();
  });
});
