import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSourceRegistry, type DisplayEventSource } from '@x/core';
import { claudeSource } from '@x/provider-claude';
import { codexSource } from '@x/provider-codex';
import { copilotSource } from '@x/provider-copilot';
import { geminiSource } from '@x/provider-gemini';
import { openAICompatibleSource } from '@x/provider-openai-compatible';
import { openCodeSource } from '@x/provider-opencode';
import { TRANSCRIPT_CSS } from '@x/renderer-html';
import { bundleViewerScript } from './browser-bundle.js';
import { listCatalog } from './fixture-catalog.js';
import { replayAsServerSentEvents } from './sse-replay.js';
import { INDEX_POLICY, indexPage, viewerPage, viewerPolicy } from './viewer-page.js';

/** Options of {@link createViewerServer}. */
export interface ViewerServerOptions {
  /** A folder of recorded streams, one sub-folder per provider (the repository's `fixtures/`). */
  fixturesDir: string;
  /** Pause between two events of a replay, in milliseconds. Default 60. */
  delayMs?: number;
  /** The sources that may recognise a stream; every first-party provider by default. */
  sources?: readonly DisplayEventSource[];
}

/** A running viewer. */
export interface ViewerServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  close(): Promise<void>;
}

const FIRST_PARTY: readonly DisplayEventSource[] = [claudeSource, codexSource, copilotSource, geminiSource, openAICompatibleSource, openCodeSource];
const HTML = 'text/html; charset=utf-8';

function send(response: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers }).end(body);
}

/**
 * Starts the viewer on `host:port` (port 0 picks a free one): `/` lists the
 * fixtures, `/view?fixture=<provider>/<scenario>` is the page that replays
 * one, `/events?fixture=...` its server-sent events, `/viewer.js` the
 * page's script bundled with everything it imports (built once, here, and
 * kept in memory), `/transcript.css` the renderer's stylesheet. Nothing else
 * is served: no URL names a file.
 */
export async function createViewerServer(options: ViewerServerOptions, port = 0, host = '127.0.0.1'): Promise<ViewerServer> {
  const viewerScript = await bundleViewerScript();
  const catalog = new Map(listCatalog(options.fixturesDir).map((entry) => [entry.name, entry]));
  const registry = createSourceRegistry(options.sources ?? FIRST_PARTY);
  const delayMs = options.delayMs ?? 60;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://viewer');
    const fixture = url.searchParams.get('fixture') ?? '';
    if (request.method !== 'GET') return send(response, 405, 'text/plain', 'GET only\n', { allow: 'GET' });
    switch (url.pathname) {
      case '/':
        return send(response, 200, HTML, indexPage([...catalog.values()]), { 'content-security-policy': INDEX_POLICY });
      case '/view': {
        if (!catalog.has(fixture)) return send(response, 404, 'text/plain', 'no such fixture\n');
        const nonce = randomBytes(16).toString('base64');
        return send(response, 200, HTML, viewerPage(fixture, nonce), { 'content-security-policy': viewerPolicy(nonce) });
      }
      case '/events': {
        const entry = catalog.get(fixture);
        if (entry === undefined) return send(response, 404, 'text/plain', 'no such fixture\n');
        const gone = new AbortController();
        response.on('close', () => gone.abort());
        return replayAsServerSentEvents(response, { path: entry.path, registry, delayMs, signal: gone.signal });
      }
      case '/viewer.js':
        return send(response, 200, 'text/javascript; charset=utf-8', viewerScript);
      case '/transcript.css':
        return send(response, 200, 'text/css; charset=utf-8', TRANSCRIPT_CSS);
      default:
        return send(response, 404, 'text/plain', 'not found\n');
    }
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, 'text/plain', 'internal error\n');
      else response.destroy(error instanceof Error ? error : undefined);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
