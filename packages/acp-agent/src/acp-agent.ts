import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { Readable } from 'node:stream';
import { type AgentApp, type AgentConnection, agent, ndJsonStream, PROTOCOL_VERSION, RequestError } from '@agentclientprotocol/sdk/unstable';
import { agentProfile } from './agents.js';
import { promptTextOf, UnsupportedPromptError } from './prompt-text.js';
import { runPromptTurn, type TurnLaunch, type TurnSession } from './prompt-turn.js';
import { VERSION } from './version.js';

/** Milliseconds a cancelled CLI has between SIGINT and SIGTERM, by default. */
export const DEFAULT_GRACE_MS = 2000;

/** Options of {@link createAcpAgent}. */
export interface AcpAgentOptions {
  /** The agent whose CLI runs each prompt: `claude`, `codex`, `gemini`, `opencode` or `copilot`. */
  agent: string;
  /** The program to start instead of the agent's binary on PATH (a wrapper, a pinned install, a script in tests). */
  command?: string | undefined;
  /** Arguments put before the agent's own (the script, when `command` is an interpreter). */
  commandArgs?: readonly string[] | undefined;
  /** The operator's extra arguments to the CLI (`--model opus`), placed before the prompt. */
  extraArgs?: readonly string[] | undefined;
  /** The CLI's whole environment; default `process.env`. Nothing from the ACP client is added to it. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Milliseconds between SIGINT and SIGTERM when a prompt is cancelled; default {@link DEFAULT_GRACE_MS}. */
  graceMs?: number | undefined;
  /** Where the agent logs what is not for the client (lines of output the provider did not understand); default standard error. */
  log?: ((line: string) => void) | undefined;
}

/** The state of one connection: its sessions, and whether its client shows notices. */
interface ConnectionState {
  readonly sessions: Map<string, TurnSession>;
  notices: boolean;
}

function launchOf(options: AcpAgentOptions): TurnLaunch {
  const profile = agentProfile(options.agent);
  return {
    profile,
    command: options.command ?? profile.command,
    commandArgs: options.commandArgs ?? [],
    extraArgs: options.extraArgs ?? [],
    env: options.env ?? process.env,
    graceMs: options.graceMs ?? DEFAULT_GRACE_MS,
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
  };
}

function sessionOf(state: ConnectionState, sessionId: string): TurnSession {
  const session = state.sessions.get(sessionId);
  if (session === undefined) throw RequestError.invalidParams({ sessionId }, `no session ${sessionId}`);
  return session;
}

/**
 * An ACP agent that runs the chosen CLI for each `session/prompt` and
 * forwards what it does as `session/update` notifications. An unknown agent
 * name throws at once, with one line that lists the known ones.
 */
export function createAcpAgent(options: AcpAgentOptions): AgentApp {
  const launch = launchOf(options);
  const state: ConnectionState = { sessions: new Map(), notices: false };
  return agent({ name: '@x/acp-agent' })
    .onRequest('initialize', ({ params }) => {
      state.notices = params.clientCapabilities?.session?.notices != null;
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: { loadSession: false, promptCapabilities: { image: false, audio: false, embeddedContext: true } },
        agentInfo: { name: '@x/acp-agent', title: `${launch.profile.displayName} (through @x)`, version: VERSION },
        authMethods: [],
      };
    })
    .onRequest('session/new', ({ params }) => {
      // A NUL ends a path for the system: Node refuses it, and it would have been an internal error.
      if (!isAbsolute(params.cwd) || params.cwd.includes('\0')) throw RequestError.invalidParams({ cwd: params.cwd }, 'cwd must be an absolute path');
      // Refused here, in words, rather than when the CLI fails to start in it ("spawn … ENOENT").
      if (statSync(params.cwd, { throwIfNoEntry: false })?.isDirectory() !== true) {
        throw RequestError.invalidParams({ cwd: params.cwd }, 'cwd must be an existing folder');
      }
      const sessionId = randomUUID();
      state.sessions.set(sessionId, { id: sessionId, cwd: params.cwd, cliSessionId: undefined, running: undefined });
      return { sessionId };
    })
    .onRequest('session/close', ({ params }) => {
      sessionOf(state, params.sessionId).running?.cancel();
      state.sessions.delete(params.sessionId);
    })
    .onRequest('session/prompt', async ({ params, client, signal }) => {
      const session = sessionOf(state, params.sessionId);
      if (session.running !== undefined) throw RequestError.invalidRequest({ sessionId: session.id }, 'a prompt of this session is still running');
      let prompt: string;
      try {
        prompt = promptTextOf(params.prompt);
      } catch (error) {
        if (error instanceof UnsupportedPromptError) throw RequestError.invalidParams({}, error.message);
        throw error;
      }
      const onAbort = () => session.running?.cancel();
      signal.addEventListener('abort', onAbort);
      try {
        return await runPromptTurn(launch, session, prompt, client, state.notices);
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    })
    .onNotification('session/cancel', ({ params }) => {
      state.sessions.get(params.sessionId)?.running?.cancel();
    })
    .onConnect((connection) => {
      // A client that goes away leaves no CLI running.
      connection.signal.addEventListener('abort', () => {
        for (const session of state.sessions.values()) session.running?.cancel();
      });
    });
}

/** The byte streams ACP's stdio transport runs over: what the client writes, and where the agent's messages go. */
export interface AcpStdio {
  input: AsyncIterable<Uint8Array>;
  /** A Node writable such as `process.stdout`: `write` says whether to wait for `drain`. */
  output: { write(chunk: Uint8Array): boolean; once(event: 'drain', listener: () => void): unknown };
}

/** A web stream over a Node-style writable, waiting for `drain` when it asks to. */
function writableOf(output: AcpStdio['output']): WritableStream<Uint8Array> {
  return new WritableStream({
    write: (chunk) => (output.write(chunk) ? undefined : new Promise<void>((resolve) => output.once('drain', resolve))),
  });
}

/**
 * Serves {@link createAcpAgent} over ACP's stdio transport: JSON-RPC messages,
 * one per line, read from `input` and written to `output` (the process's
 * standard input and output by default). The connection closes when the
 * input ends; a CLI still running then is cancelled.
 */
export function serveAcpAgent(options: AcpAgentOptions, stdio: AcpStdio = { input: process.stdin, output: process.stdout }): AgentConnection {
  const input = Readable.toWeb(Readable.from(stdio.input)) as ReadableStream<Uint8Array>;
  return createAcpAgent(options).connect(ndJsonStream(writableOf(stdio.output), input));
}
