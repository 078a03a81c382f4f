import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { type ClientContext, client, ndJsonStream, type SessionUpdate } from '@agentclientprotocol/sdk/unstable';
import { type AcpAgentOptions, createAcpAgent } from '../src/index.js';

export const REPO = join(import.meta.dirname, '..', '..', '..');
export const FAKE_CLI = join(import.meta.dirname, 'fake-cli.mjs');

/**
 * How long a test waits for what the fake CLI does (its first update, a
 * signal it logged): only a bound on a hang, never a measure. vi.waitFor's
 * default of one second failed on a runner shared with builds.
 */
export const WAIT = { timeout: 120_000, interval: 20 };

/** A recorded stream of the capture lab, by its path under fixtures/. */
export const recorded = (path: string): string => join(REPO, 'fixtures', path);

/** A fresh folder for one test's files. */
export const scratch = (): string => mkdtempSync(join(tmpdir(), 'x-acp-agent-'));

/** The runs the fake CLI logged: its arguments and working folder. */
export function loggedRuns(argvLog: string): { argv: string[]; cwd: string }[] {
  return readFileSync(argvLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { argv: string[]; cwd: string });
}

/** Agent options that run the fake CLI with the recorded streams, one per prompt. */
export function fakeCli(agent: string, fixtures: readonly string[], argvLog: string, env: Record<string, string> = {}): AcpAgentOptions {
  return {
    agent,
    command: process.execPath,
    commandArgs: [FAKE_CLI],
    env: { PATH: process.env.PATH, FAKE_CLI_FIXTURES: JSON.stringify(fixtures), FAKE_CLI_ARGV_LOG: argvLog, ...env },
    graceMs: 5000,
    log: () => {},
  };
}

function toStream(socket: Socket) {
  return ndJsonStream(Writable.toWeb(socket), Readable.toWeb(socket) as ReadableStream<Uint8Array>);
}

/**
 * Connects a client built on the SDK to `@x/acp-agent` over a Unix socket:
 * real byte streams through the kernel, framed by the SDK's ndjson transport
 * on both sides. The client records every `session/update` it receives.
 */
export async function withAgent<T>(options: AcpAgentOptions, op: (agent: ClientContext, updates: SessionUpdate[]) => Promise<T>, notices = false): Promise<T> {
  const path = join(scratch(), 'acp.sock');
  const accepted = new Promise<Socket>((resolve) => {
    const server = createServer((socket) => {
      server.close();
      resolve(socket);
    });
    server.listen(path);
  });
  const clientSocket = connect(path);
  const agentSocket = await accepted;
  const agentConnection = createAcpAgent(options).connect(toStream(agentSocket));
  const updates: SessionUpdate[] = [];
  const app = client({ name: 'test-client' }).onNotification('session/update', ({ params }) => {
    updates.push(params.update);
  });
  try {
    return await app.connectWith(toStream(clientSocket), async (agent) => {
      await agent.request('initialize', {
        protocolVersion: 1,
        clientCapabilities: notices ? { session: { notices: {} } } : {},
      });
      return op(agent, updates);
    });
  } finally {
    agentConnection.close();
    agentSocket.destroy();
    clientSocket.destroy();
  }
}
