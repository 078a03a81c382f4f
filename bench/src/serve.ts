/*
 * The `xview serve` bench (`pnpm --filter x-bench bench:serve [--sessions N] [--total-mb M] [--session-mb S] [--runs R] [--with-index]`):
 * lays the search bench's generated home (default 10,000 sessions, about
 * 2 GB) out in the agents' store folders with one large Copilot session
 * (default 50 MB), starts @x/serve's server in a child process over it, and
 * times over HTTP, with the token's cookie: the list's first page (the first
 * request of a fresh server, again within the listing's 3 s reuse, again
 * after it, and the first request of a server started again over the listing
 * the first one kept), the large session's page (time to first byte, to its first
 * 64 KiB, to the end), and the child's peak RSS. Baselines of the same run,
 * in a fresh process of their own: `listSessions` directly, and the plain
 * byte scan of the large log. Prints the figures against issue #32's goals
 * as a Markdown table. `--with-index` has the server build its search index
 * in the background throughout, as `xview serve` does by default (RSS and
 * timings then include it). `--sessions 200 --session-mb 5` is a
 * seconds-long smoke run.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MB, MiB, fmt, machine, median, table } from './report.js';
import { generateServeHome } from './serve-home.js';

const GOALS = { listMs: 150, firstScreenMs: 500, rssMiB: 300 };
const FIRST_SCREEN_BYTES = 64 * 1024;
/** How long the catalog reuses a listing (catalog.ts's default). */
const LIST_TTL_MS = 3000;
const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'serve-child.js');

interface Baseline {
  sessions: number;
  bigKey: string | undefined;
  listColdMs: number;
  listWarmMs: number;
  headReadMs: number;
  scanMs: number;
  scanBytes: number;
}

/** One GET, timed: headers, the first byte of the body, the first screen's bytes, the first event's anchor, the end. */
interface Timing {
  status: number;
  headersMs: number;
  firstByteMs: number;
  firstScreenMs: number;
  firstEventMs: number | undefined;
  totalMs: number;
  /** The server's CPU time for the request (user + system, its GC threads included). */
  cpuMs: number;
  bytes: number;
  rows: number;
}

function timedGet(origin: string, path: string, cookie: string): Promise<Timing> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { host: url.host, cookie }, agent: false },
      (res) => {
        const timing: Timing = {
          status: res.statusCode ?? 0,
          headersMs: performance.now() - start,
          firstByteMs: 0,
          firstScreenMs: 0,
          firstEventMs: undefined,
          totalMs: 0,
          cpuMs: 0,
          bytes: 0,
          rows: 0,
        };
        let tail = '';
        res.on('data', (chunk: Buffer) => {
          const now = performance.now() - start;
          if (timing.bytes === 0) timing.firstByteMs = now;
          timing.bytes += chunk.length;
          if (timing.firstScreenMs === 0 && timing.bytes >= FIRST_SCREEN_BYTES) timing.firstScreenMs = now;
          const text = tail + chunk.toString('latin1');
          if (timing.firstEventMs === undefined && text.includes('id="e0"')) timing.firstEventMs = now;
          timing.rows += (chunk.toString('latin1').match(/<tr data-key=/g) ?? []).length;
          tail = text.slice(-16);
        });
        res.on('end', () => {
          timing.totalMs = performance.now() - start;
          if (timing.firstScreenMs === 0) timing.firstScreenMs = timing.totalMs;
          resolve(timing);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The cookie the server sets for the token in its printed address, and the app's path it leads to (which the cookie is bound to). */
function tokenCookie(origin: string, token: string): Promise<{ cookie: string; base: string }> {
  const url = new URL(`/?token=${token}`, origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { host: url.host }, agent: false }, (res) => {
      res.resume();
      const cookie = res.headers['set-cookie']?.[0]?.split(';')[0];
      const base = res.headers.location?.replace(/\/$/, '');
      if (res.statusCode !== 303 || cookie === undefined || base === undefined) reject(new Error(`the token was not taken (status ${res.statusCode})`));
      else resolve({ cookie, base });
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (at most 15 minutes) until the server used under 50 ms of CPU in a second: no work left in the background. */
async function settle(cpu: () => Promise<number>): Promise<void> {
  const until = performance.now() + 15 * 60_000;
  let last = await cpu();
  while (performance.now() < until) {
    await sleep(1000);
    const now = await cpu();
    if (now - last < 50) return;
    last = now;
  }
}

function baseline(home: string, big: string): Baseline {
  const child = spawnSync(process.execPath, [CHILD, 'baseline', home, big], { stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`the baseline exited with ${child.status}`);
  return JSON.parse(child.stdout.toString()) as Baseline;
}

/** The server child, and its lines on standard output one at a time. */
function startChild(home: string, cache: Cache, cpuProf: boolean): { child: ChildProcess; next: () => Promise<string> } {
  const args = [...(cpuProf ? ['--cpu-prof', '--cpu-prof-dir', 'serve-profiles'] : []), CHILD, 'serve', home, cache.listingFile, ...(cache.searchDir ? [cache.searchDir] : [])];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  return {
    child,
    next: async () => {
      const line = await lines.next();
      if (line.done) throw new Error('the server child ended early');
      return line.value;
    },
  };
}

interface Measured {
  base: Baseline;
  listCold: Timing;
  listCached: Timing[];
  listRelisted: Timing[];
  /** The first page of a server started again over the same home, answered from the listing the first one kept. */
  listRestarted: Timing;
  pageCold: Timing;
  pageWarm: Timing[];
  rssBytes: number;
}

/** Starts a server over `home`, asks for the list once with the token's cookie, and stops it: the first page of a server started again. */
/** Where the server keeps its listing, and its search index when the run builds one (`--with-index`). */
interface Cache {
  listingFile: string;
  searchDir: string | undefined;
}

async function restartedFirstPage(home: string, cache: Cache): Promise<Timing> {
  const { child, next } = startChild(home, cache, false);
  try {
    const { origin, token } = JSON.parse(await next()) as { origin: string; token: string };
    const { cookie, base } = await tokenCookie(origin, token);
    const timing = await timedGet(origin, `${base}/`, cookie);
    child.stdin?.write('stop\n');
    await next();
    return timing;
  } finally {
    child.stdin?.end();
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function measure(home: string, big: string, runs: number, cpuProf: boolean, withIndex: boolean): Promise<Measured> {
  // Untimed: brings every log into the page cache, so the server's first listing and the baseline's read the same warm files.
  baseline(home, big);
  const base = baseline(home, big);
  if (base.bigKey === undefined) throw new Error('the large session was not listed');
  const cacheDir = mkdtempSync(join(tmpdir(), 'x-bench-serve-cache-'));
  const cache: Cache = { listingFile: join(cacheDir, 'listing.json'), searchDir: withIndex ? join(cacheDir, 'search') : undefined };
  const { child, next } = startChild(home, cache, cpuProf);
  try {
    const { origin, token } = JSON.parse(await next()) as { origin: string; token: string };
    const app = await tokenCookie(origin, token);
    const cpu = async () => {
      child.stdin?.write('cpu\n');
      return (JSON.parse(await next()) as { cpuMs: number }).cpuMs;
    };
    const get = async (path: string) => {
      const before = await cpu();
      const timing = await timedGet(origin, `${app.base}${path}`, app.cookie);
      timing.cpuMs = (await cpu()) - before;
      return timing;
    };
    const listCold = await get('/');
    const listCached: Timing[] = [];
    for (let i = 0; i < runs; i++) listCached.push(await get('/'));
    const listRelisted: Timing[] = [];
    for (let i = 0; i < runs; i++) {
      await sleep(LIST_TTL_MS + 100);
      listRelisted.push(await get('/'));
    }
    // A listing made in the background (the server answers from the last one) would share the event loop with the page: let it end.
    await settle(cpu);
    const pagePath = `/s/${encodeURIComponent(base.bigKey)}`;
    // Every page visit within the listing's reuse, so the page's own work is timed, not a listing.
    await get('/');
    const pageCold = await get(pagePath);
    const pageWarm: Timing[] = [];
    for (let i = 0; i < runs; i++) {
      await get('/');
      pageWarm.push(await get(pagePath));
    }
    for (const t of [listCold, ...listCached, ...listRelisted, pageCold, ...pageWarm]) if (t.status !== 200) throw new Error(`a page answered ${t.status}`);
    child.stdin?.write('stop\n');
    const { peakRssBytes, maxRssBytes } = JSON.parse(await next()) as { peakRssBytes: number; maxRssBytes: number };
    const listRestarted = await restartedFirstPage(home, cache);
    if (listRestarted.status !== 200 || listRestarted.rows !== listCold.rows) throw new Error('the restarted server did not list what the first one did');
    return { base, listCold, listCached, listRelisted, listRestarted, pageCold, pageWarm, rssBytes: Math.max(peakRssBytes, maxRssBytes) };
  } finally {
    child.stdin?.end();
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
const ms = (n: number) => `${fmt(n)} ms`;
const medianOf = (timings: readonly Timing[], pick: (t: Timing) => number) => median(timings.map(pick));

function report(m: Measured, home: { sessions: number; bytes: number; bigBytes: number }): string {
  const listRow = (label: string, value: number, cpuMs: number, base: number, baseLabel: string, goal = true) => [
    label,
    `${ms(value)} (CPU ${ms(cpuMs)})`,
    `${fmt(value / base, 2)}x ${baseLabel}`,
    goal ? `< ${GOALS.listMs} ms` : '',
    goal ? met(value < GOALS.listMs) : '',
  ];
  const cachedMs = medianOf(m.listCached, (t) => t.totalMs);
  const relistedMs = medianOf(m.listRelisted, (t) => t.totalMs);
  const scan = m.base.scanMs;
  const pageRows = (label: string, t: { firstByteMs: number; firstEventMs: number; firstScreenMs: number; totalMs: number; cpuMs: number }) => [
    [`${label}: first byte`, ms(t.firstByteMs), `${fmt(t.firstByteMs / scan, 2)}x scan`, '', ''],
    [`${label}: first event's anchor`, ms(t.firstEventMs), `${fmt(t.firstEventMs / scan, 2)}x scan`, '', ''],
    [
      `${label}: first screen (${FIRST_SCREEN_BYTES / 1024} KiB of HTML)`,
      ms(t.firstScreenMs),
      `${fmt(t.firstScreenMs / scan, 2)}x scan`,
      `< ${GOALS.firstScreenMs} ms`,
      met(t.firstScreenMs < GOALS.firstScreenMs),
    ],
    [`${label}: whole page, streamed`, `${ms(t.totalMs)} (CPU ${ms(t.cpuMs)})`, `${fmt(t.totalMs / scan, 1)}x scan`, '', ''],
  ];
  const warm = {
    firstByteMs: medianOf(m.pageWarm, (t) => t.firstByteMs),
    firstEventMs: medianOf(m.pageWarm, (t) => t.firstEventMs ?? t.totalMs),
    firstScreenMs: medianOf(m.pageWarm, (t) => t.firstScreenMs),
    totalMs: medianOf(m.pageWarm, (t) => t.totalMs),
    cpuMs: medianOf(m.pageWarm, (t) => t.cpuMs),
  };
  const rss = m.rssBytes / MiB;
  const rows = [
    ['baseline: `listSessions` directly, first call', ms(m.base.listColdMs), '', '', ''],
    ['baseline: `listSessions` directly, again', ms(m.base.listWarmMs), '', '', ''],
    [`baseline: plain scan of the ${fmt(home.bigBytes / MB)} MB log`, ms(scan), `(first 64 KiB: ${fmt(m.base.headReadMs, 1)} ms)`, '', ''],
    listRow('list, first page: fresh server (lists every store)', m.listCold.totalMs, m.listCold.cpuMs, m.base.listColdMs, 'listSessions'),
    [
      'list, first page: server started again (answers from the kept listing, lists anew behind it)',
      ms(m.listRestarted.totalMs),
      `${fmt(m.listRestarted.totalMs / m.base.listColdMs, 3)}x listSessions`,
      `< ${GOALS.listMs} ms`,
      met(m.listRestarted.totalMs < GOALS.listMs),
    ],
    listRow(
      `list, first page: listing reused (median of ${m.listCached.length})`,
      cachedMs,
      medianOf(m.listCached, (t) => t.cpuMs),
      m.base.listWarmMs,
      'listSessions',
    ),
    listRow(
      `list, first page: listed again after ${LIST_TTL_MS / 1000} s (median of ${m.listRelisted.length})`,
      relistedMs,
      medianOf(m.listRelisted, (t) => t.cpuMs),
      m.base.listWarmMs,
      'listSessions',
    ),
    ...pageRows('50 MB session, first visit', { ...m.pageCold, firstEventMs: m.pageCold.firstEventMs ?? m.pageCold.totalMs }),
    ...pageRows(`50 MB session, again (median of ${m.pageWarm.length})`, warm),
    ['peak RSS of the server (throughout)', `${fmt(rss)} MiB`, '', `< ${GOALS.rssMiB} MiB`, met(rss < GOALS.rssMiB)],
  ];
  for (const row of rows) row[0] = row[0]?.replace('50 MB', `${fmt(home.bigBytes / MB)} MB`) ?? '';
  return [
    machine(),
    '',
    `${fmt(home.sessions)} sessions laid out (${fmt(m.base.sessions)} listed), ${fmt(home.bytes / MB)} MB of logs; the list page shows ${m.listCold.rows} rows (${fmt(m.listCold.bytes / 1024)} KiB); the large session's page is ${fmt(m.pageCold.bytes / MB, 1)} MB of HTML.`,
    '',
    table(['step', 'measured', 'against the baseline', 'goal', 'result'], rows),
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sessions: { type: 'string', default: '10000' },
      'total-mb': { type: 'string' },
      'session-mb': { type: 'string', default: '50' },
      runs: { type: 'string', default: '5' },
      'cpu-prof': { type: 'boolean', default: false },
      'with-index': { type: 'boolean', default: false },
    },
  });
  const count = Number(values.sessions);
  const totalBytes = Math.round(Number(values['total-mb'] ?? (count * 0.2).toString()) * MB);
  const bigBytes = Math.round(Number(values['session-mb']) * MB);
  const home = generateServeHome(count, totalBytes, bigBytes);
  const withIndex = values['with-index'] === true;
  const measured = await measure(home.home, home.big.path, Number(values.runs), values['cpu-prof'] === true, withIndex);
  if (withIndex) process.stdout.write('With the search index building in the background of the same server throughout (`--with-index`), as `xview serve` runs by default.\n\n');
  process.stdout.write(`${report(measured, { sessions: home.sessions, bytes: home.bytes, bigBytes: home.big.bytes })}\n`);
}

await main();
