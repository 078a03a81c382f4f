import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium, driven by playwright-core; never a downloaded browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags for a headless run as root with nothing talking to the network on its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ARTIFACTS_DIR = join(PACKAGE_DIR, 'test-artifacts');
const CORE_DIR = join(PACKAGE_DIR, '..', 'core');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(join(dir, 'src'), { withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(dir, 'src', entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Builds a package with its tsup config when its dist is missing or older
 * than its source, so the page tests the current source. In CI turbo has
 * built it already (this package's test depends on its build), and nothing
 * is rebuilt under a concurrent build.
 */
function buildIfStale(dir: string): void {
  const entry = join(dir, 'dist', 'index.js');
  if (existsSync(entry) && statSync(entry).mtimeMs >= newestSource(dir)) return;
  execFileSync('npx', ['tsup'], { cwd: dir, stdio: 'pipe' });
}

/** Builds `@x/core` and this package when their dist is missing or stale. */
export function buildForBrowser(): void {
  buildIfStale(CORE_DIR);
  buildIfStale(PACKAGE_DIR);
}

/** zod's folder, found the way Node resolves it from `@x/core`; its ESM entry is `index.js`. */
function zodDir(): string {
  return dirname(createRequire(join(CORE_DIR, 'package.json')).resolve('zod/package.json'));
}

/**
 * The page that imports the built module. `@x/core` imports zod at run time
 * (its event schemas), so the import map points both bare names at their
 * built ESM files, served from this machine.
 */
export const DOM_TEST_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>DOM renderer test</title><link rel="icon" href="data:,">
<script type="importmap">{"imports":{"@x/core":"/core/index.js","zod":"/zod/index.js"}}</script>
<script type="module">
import * as renderer from '/dist/index.js';
window.renderer = renderer;
window.moduleReady = true;
</script>
</head><body><h1>Host page</h1><main id="app"></main></body></html>
`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** A static server on 127.0.0.1 (port 0) for the documents, the test page and the built modules. */
export interface TestServer {
  origin: string;
  /** Every path requested so far, in order; tests take what a page added. */
  requests: string[];
  /** Serves `html` at `/doc/<name>.html` and returns its URL. */
  addDocument(name: string, html: string): string;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const documents = new Map<string, string>();
  const requests: string[] = [];
  const roots: [string, string][] = [
    ['/dist/', join(PACKAGE_DIR, 'dist')],
    ['/core/', join(CORE_DIR, 'dist')],
    ['/zod/', zodDir()],
  ];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    requests.push(path);
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (path === '/dom.html') return send(200, TYPES['.html'] ?? '', DOM_TEST_PAGE);
    const doc = documents.get(path);
    if (doc !== undefined) return send(200, TYPES['.html'] ?? '', doc);
    for (const [prefix, root] of roots) {
      if (!path.startsWith(prefix)) continue;
      const file = normalize(join(root, path.slice(prefix.length)));
      if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) break;
      return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
    }
    return send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    addDocument(name, html) {
      documents.set(`/doc/${name}.html`, html);
      return `${origin}/doc/${encodeURIComponent(name)}.html`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
