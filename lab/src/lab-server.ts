import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Protocol } from './protocols/protocol.js';
import type { Scenario } from './scenarios.js';
import { stepFor } from './scenarios.js';
import type { ToolCall, ToolIntent, WireStep } from './step.js';

/** Turns a scenario's intent into a call of a tool the agent offered (src/agents/). */
/** `undefined` when the agent offers no tool for the intent: the call is left out of the answer. */
export type CallMaker = (intent: ToolIntent, tools: readonly string[], id: string, place: { work: string; serverUrl: string; version?: string }) => ToolCall | undefined;

/** What a lab server answers with: one scenario, in one protocol, with one agent's tools, for one working folder. */
export interface ServerOptions {
  protocol: Protocol;
  scenario: Scenario;
  makeCall: CallMaker;
  work: string;
  /** The agent's version, for a profile whose calls differ between versions. */
  version?: string;
  /** The body of `GET .../models`, for a CLI that lists the models first (the profile's `modelList`). */
  modelList?: unknown;
  /** Set once the server listens. */
  serverUrl?: string;
}

/** A running lab server: where it listens, and what it was asked. */
export interface LabServer {
  url: string;
  port: number;
  /** The server's request handler, for a TLS front that answers a fixed origin as the lab (tls-front.ts). */
  handler: (request: IncomingMessage, response: ServerResponse) => void;
  /** Each request: method, URL and what was answered, in order. */
  log: { method: string; url: string; answered: string; tools?: string[] }[];
  close(): Promise<void>;
}

/** The page the `web-fetch` scenario fetches. */
const STATUS_PAGE = '<!DOCTYPE html><html><head><title>Status</title></head><body><h1>Status</h1><p>All systems are up.</p></body></html>';

/** The largest request body read (a CLI's system prompt and tools are a few hundred KB). */
const MAX_BODY = 32 * 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) request.destroy(new Error('request body over 32 MiB'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function concrete(step: ReturnType<typeof stepFor>, tools: readonly string[], options: ServerOptions, n: number): WireStep {
  if (step.kind !== 'answer') return step;
  const place = { work: options.work, serverUrl: options.serverUrl ?? '', version: options.version };
  const calls = (step.calls ?? []).map((intent, index) => options.makeCall(intent, tools, `call_lab_${n}_${index}`, place)).filter((call) => call !== undefined);
  // A step whose only calls the agent has no tool for still says something: an empty answer is no model's.
  if (calls.length === 0 && step.text === undefined) return { ...step, text: 'I have no tool for that here.', calls };
  return { ...step, calls };
}

async function handle(request: IncomingMessage, response: ServerResponse, state: { n: number; log: LabServer['log'] }, options: ServerOptions): Promise<void> {
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  const body = await readBody(request);
  if (method === 'GET' && url === '/status.html') {
    state.log.push({ method, url, answered: 'page' });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(STATUS_PAGE);
    return;
  }
  if (method === 'GET' && options.modelList !== undefined && /^\/(v1\/)?models(\?|$)/.test(url)) {
    state.log.push({ method, url, answered: 'model list' });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(options.modelList));
    return;
  }
  if (!options.protocol.isModelCall(method, url)) {
    state.log.push({ method, url, answered: '404' });
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"error":{"message":"not served by the lab"}}');
    return;
  }
  state.n += 1;
  const conversation = options.protocol.read(body === '' ? {} : JSON.parse(body), url);
  const summary = options.scenario.compaction?.summary;
  if (summary !== undefined && conversation.text.includes(summary)) conversation.summarised = true;
  const step = concrete(stepFor(options.scenario, conversation), conversation.tools, options, state.n);
  const answered = `${step.kind}${step.kind === 'answer' ? ` (${step.calls.map((call) => call.name).join(', ') || 'text'})` : ''}`;
  state.log.push({ method, url, answered, tools: conversation.tools });
  await options.protocol.answer(step, conversation, response, state.n);
}

/** Starts a scripted model server for one scenario, on 127.0.0.1 only (a port the system picks). */
export function startLabServer(options: ServerOptions): Promise<LabServer> {
  const state = { n: 0, log: [] as LabServer['log'] };
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response, state, options).catch((error: unknown) => {
      state.log.push({ method: request.method ?? '', url: request.url ?? '', answered: `lab error: ${String(error)}` });
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  };
  const server: Server = createServer(handler);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      options.serverUrl = `http://127.0.0.1:${port}`;
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        handler,
        log: state.log,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
