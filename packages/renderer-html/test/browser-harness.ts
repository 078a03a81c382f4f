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

interface Dependency {
  /** The bare name a module imports. */
  name: string;
  /** The package's folder, found the way Node resolves the name from the importing package. */
  dir: string;
  /** Its ESM entry, relative to `dir`. */
  entry: string;
}

/** The folder of package `name` as Node resolves it from `fromDir`: up from its entry to its package.json. */
function packageDir(name: string, fromDir: string): string {
  let dir = dirname(createRequire(join(fromDir, 'package.json')).resolve(name));
  while (!existsSync(join(dir, 'package.json')) || (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== name) {
    dir = dirname(dir);
  }
  return dir;
}

function esmTarget(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (target === null || typeof target !== 'object') return undefined;
  const conditions = target as Record<string, unknown>;
  return esmTarget(conditions.import) ?? esmTarget(conditions.default);
}

function dependency(name: string, fromDir: string): Dependency {
  const dir = packageDir(name, fromDir);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown>; module?: string; main?: string };
  const entry = esmTarget(manifest.exports?.['.']) ?? manifest.module ?? manifest.main ?? 'index.js';
  return { name, dir, entry: entry.replace(/^\.\//, '') };
}

/**
 * The bare imports of the built modules and of their dependencies, in
 * dependency order: zod from `@x/core`, markdown-it (and what it imports) and
 * highlight.js from this package.
 */
function dependencies(): Dependency[] {
  const markdownIt = dependency('markdown-it', PACKAGE_DIR);
  return [
    dependency('zod', CORE_DIR),
    markdownIt,
    ...['entities', 'linkify-it', 'mdurl', 'uc.micro', 'punycode.js'].map((name) => dependency(name, markdownIt.dir)),
    { ...dependency('highlight.js', PACKAGE_DIR), entry: 'es/index.js' },
  ];
}

/*
 * Two dependencies ship CommonJS where a bundler finds it and a browser
 * cannot: highlight.js's `es/core.js` re-exports its CommonJS build, and
 * `@jest/diff-sequences` (from `@x/core`) has an ESM entry that imports its
 * CommonJS one. The page gets each build wrapped as a module, as a bundler
 * would: its `module.exports` (or their `default`) as the default export.
 */
const CJS_MODULES: Record<string, { path: string; file: () => string; exported: string }> = {
  'highlight.js/lib/core': { path: '/cjs/highlight.js/core.js', file: () => join(packageDir('highlight.js', PACKAGE_DIR), 'lib', 'core.js'), exported: 'module.exports' },
  '@jest/diff-sequences': {
    path: '/cjs/diff-sequences.js',
    file: () => join(packageDir('@jest/diff-sequences', CORE_DIR), 'build', 'index.js'),
    exported: 'module.exports.default',
  },
};

function cjsModule(path: string): string | undefined {
  const found = Object.values(CJS_MODULES).find((module) => module.path === path);
  if (found === undefined) return undefined;
  return `const module = { exports: {} };\nconst exports = module.exports;\n${readFileSync(found.file(), 'utf8')}\nexport default ${found.exported};\n`;
}

function importMap(): string {
  const imports: Record<string, string> = { '@x/core': '/core/index.js' };
  for (const dep of dependencies()) imports[dep.name] = `/nm/${dep.name}/${dep.entry}`;
  for (const [name, module] of Object.entries(CJS_MODULES)) imports[name] = module.path;
  // highlight.js's languages are imported by path, one file each.
  imports['highlight.js/lib/languages/'] = '/nm/highlight.js/es/languages/';
  return JSON.stringify({ imports });
}

/**
 * The page that imports the built module. The built modules import their
 * dependencies by bare name, so the import map points each at its ESM
 * files, served from this machine.
 */
export const DOM_TEST_PAGE = (): string => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>DOM renderer test</title><link rel="icon" href="data:,">
<script type="importmap">${importMap()}</script>
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
  '.mjs': 'text/javascript; charset=utf-8',
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

/** The file under the first root whose prefix `path` starts with, if it exists and stays inside that root. */
function staticFile(roots: readonly [string, string][], path: string): string | undefined {
  const found = roots.find(([prefix]) => path.startsWith(prefix));
  if (found === undefined) return undefined;
  const [prefix, root] = found;
  // highlight.js's languages are imported without their `.js`.
  const named = normalize(join(root, path.slice(prefix.length)));
  const file = existsSync(named) || !existsSync(`${named}.js`) ? named : `${named}.js`;
  return file.startsWith(root + sep) && existsSync(file) && statSync(file).isFile() ? file : undefined;
}

export async function startTestServer(): Promise<TestServer> {
  const documents = new Map<string, string>();
  const requests: string[] = [];
  const roots: [string, string][] = [
    ['/dist/', join(PACKAGE_DIR, 'dist')],
    ['/core/', join(CORE_DIR, 'dist')],
    ...dependencies().map((dep): [string, string] => [`/nm/${dep.name}/`, dep.dir]),
  ];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    requests.push(path);
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (path === '/dom.html') return send(200, TYPES['.html'] ?? '', DOM_TEST_PAGE());
    const wrapped = cjsModule(path);
    if (wrapped !== undefined) return send(200, TYPES['.js'] ?? '', wrapped);
    const doc = documents.get(path);
    if (doc !== undefined) return send(200, TYPES['.html'] ?? '', doc);
    const file = staticFile(roots, path);
    if (file === undefined) return send(404, 'text/plain', 'not found');
    return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
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
    // A spare connection Chromium opened and never used would hold close() until Node's header timeout.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
