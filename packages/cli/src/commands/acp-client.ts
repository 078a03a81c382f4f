import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import {
  type AnyMessage,
  RequestError,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type Stream,
  client,
  methods,
  ndJsonStream,
} from '@agentclientprotocol/sdk';
import { forwardLines } from './agent-stderr.js';
import type { TrafficQueue } from './traffic-queue.js';

/** What `xview acp` asks of the agent. */
export interface AcpRun {
  /** The agent's command and its arguments. */
  command: readonly string[];
  prompt: string;
  /** How permission requests are answered. */
  permission: 'allow' | 'deny';
  cwd: string;
  env: Record<string, string | undefined>;
  /** Writes a line of the agent's standard error: through the terminal gate, never raw. */
  stderrLine: (line: string) => void;
}

/** How the connection ended, besides what its traffic shows. */
export interface AcpRunEnd {
  /** Why the agent could not be reached (it did not start, or closed before answering), if so. */
  failure: string | undefined;
  /** Whether the agent's process could be started at all. */
  started: boolean;
}

/** A stream whose every message also goes into `traffic`, as it passes. */
function tapped(stream: Stream, traffic: TrafficQueue): Stream {
  const tap = () =>
    new TransformStream<AnyMessage, AnyMessage>({
      transform(message, controller) {
        traffic.push(message);
        controller.enqueue(message);
      },
    });
  const outgoing = tap();
  void outgoing.readable.pipeTo(stream.writable).catch(() => {});
  return { writable: outgoing.writable, readable: stream.readable.pipeThrough(tap()) };
}

/** The answer to a permission request: the first option of the kind asked for, else cancelled. */
export function answerPermission(request: RequestPermissionRequest, permission: 'allow' | 'deny'): RequestPermissionResponse {
  const wanted = permission === 'allow' ? ['allow_once', 'allow_always'] : ['reject_once', 'reject_always'];
  const option = wanted.map((kind) => request.options.find((o) => o.kind === kind)).find((o) => o !== undefined);
  return { outcome: option === undefined ? { outcome: 'cancelled' } : { outcome: 'selected', optionId: option.optionId } };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Starts the agent, and on the official SDK's client connection initialises,
 * opens a session and sends one prompt; every message both ways goes into
 * `traffic`, which ends when the connection does, after `end` says how. The agent's standard
 * error is passed on line by line through `run.stderrLine`; it gets the environment xview has, and no client
 * capabilities: it may not read or write files or run terminals through
 * xview.
 */
export async function runAcpClient(run: AcpRun, traffic: TrafficQueue, end: AcpRunEnd): Promise<void> {
  const [program, ...args] = run.command as [string, ...string[]];
  const child = spawn(program, args, { cwd: run.cwd, env: run.env, stdio: ['pipe', 'pipe', 'pipe'] });
  forwardLines(child.stderr, run.stderrLine);
  let gone = 'the agent exited before it answered';
  const exited = new Promise<void>((resolve) => {
    child.once('error', (error) => {
      end.failure = `cannot start ${program}: ${describe(error)}`;
      end.started = false;
      resolve();
    });
    // `close`, not `exit`: the agent's last lines are read by then.
    child.once('close', (code, signal) => {
      gone = `the agent exited (${signal ?? `code ${code}`}) before it answered`;
      resolve();
    });
  });
  const stream = tapped(
    ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>),
    traffic,
  );
  const app = client({ name: 'xview' })
    .onRequest(methods.client.session.requestPermission, (ctx) => answerPermission(ctx.params, run.permission))
    // The updates are read from the traffic, by the ACP source, like a recording.
    .onNotification(methods.client.session.update, () => {});
  const session = app.connectWith(stream, async (ctx) => {
    await ctx.request(methods.agent.initialize, {
      protocolVersion: 1,
      clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
      clientInfo: { name: 'xview', version: '0' },
    });
    const { sessionId } = await ctx.request(methods.agent.session.new, { cwd: run.cwd, mcpServers: [] });
    await ctx.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: run.prompt }] });
  });
  try {
    await Promise.race([session, exited.then(() => Promise.reject(new Error(end.failure ?? gone)))]);
  } catch (error) {
    // A JSON-RPC error response is in the traffic already, and the ACP source tells it; anything else is said here.
    if (!(error instanceof RequestError)) end.failure ??= describe(error);
  } finally {
    child.stdin.end();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    traffic.end();
  }
}
