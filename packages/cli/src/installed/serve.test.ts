// The installed xview serve over a home with the logs of all five agents: it
// prints its address, shows every agent's sessions, finds a planted phrase in
// each through the search index it builds under XDG_CACHE_HOME, shows a
// session's changes, follows a log being appended to, refuses a request
// without its token, and stops on SIGINT with exit 0.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeTextLine } from '../../../serve/test/browser.js';
import { get } from '../../../serve/test/http.js';
import { IDS, PLANTED, fiveAgentHome } from '../../../serve/test/serve-home.js';
import { ExitCode } from '../exit-codes.js';
import { startInstalledServe } from './installed-xview.js';

/** Reads server-sent events until one holds `needle`. */
function waitForLive(origin: string, path: string, cookie: string, needle: string, onOpen: () => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, origin);
    import('node:http').then(({ request }) => {
      const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { host: url.host, cookie } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes(': following')) onOpen();
          if (text.includes(needle)) {
            req.destroy();
            resolve(text);
          }
        });
      });
      req.on('error', (error) => (error.message.includes('aborted') || error.message.includes('socket hang up') ? undefined : reject(error)));
      req.end();
    }, reject);
  });
}

/** The status line of a request written as it is, with headers no HTTP client would send (two Host headers, an absolute-form target). */
function rawStatus(origin: string, head: string): Promise<string> {
  return import('node:net').then(
    ({ connect }) =>
      new Promise((resolve, reject) => {
        const url = new URL(origin);
        const socket = connect(Number(url.port), url.hostname, () => socket.end(`${head}Connection: close\r\n\r\n`));
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
        });
        socket.on('end', () => resolve(text.split('\r\n')[0] ?? ''));
        socket.on('error', reject);
      }),
  );
}

describe('the installed xview serve', () => {
  it('serves, searches, shows changes and follows every agent’s sessions, behind its token', async () => {
    const { home, claudeLog } = fiveAgentHome();
    const { child, url, exited, stderr } = await startInstalledServe([], { home });
    expect((await get(url.origin, '/')).status).toBe(403);
    const first = await get(url.origin, `${url.pathname}${url.search}`);
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    const base = String(first.headers.location).replace(/\/$/, '');
    expect(first.headers['set-cookie']).toEqual([`${cookie}; Path=${base}; HttpOnly; SameSite=Strict`]);
    expect((await get(url.origin, '/', { cookie })).status).toBe(403);
    const list = await get(url.origin, `${base}/`, { cookie });
    for (const id of Object.values(IDS)) expect(list.body).toContain(`${base}/s/${id}`);
    expect(await rawStatus(url.origin, `GET ${base}/ HTTP/1.1\r\nHost: ${url.host}\r\nHost: evil.example\r\nCookie: ${cookie}\r\n`)).toContain(' 403 ');
    expect(await rawStatus(url.origin, `GET http://evil.example${base}/ HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${cookie}\r\n`)).toContain(' 403 ');
    for (const [agent, phrase] of Object.entries(PLANTED)) {
      await expect
        .poll(async () => (await get(url.origin, `${base}/search?q=${encodeURIComponent(phrase)}`, { cookie })).body, { timeout: 60_000, interval: 300 })
        .toContain(`href="${base}/s/${IDS[agent as keyof typeof PLANTED]}#e`);
    }
    const changes = await get(url.origin, `${base}/s/${IDS.recorded}/changes`, { cookie });
    expect(changes.body).toContain('+**Alternative answer:** They prefer their trees to be binary!');
    const live = await waitForLive(url.origin, `${base}/s/${IDS.claude}/live?from=0`, cookie, 'appended to the installed one', () =>
      appendFileSync(claudeLog, claudeTextLine(IDS.claude, 'inst1', 'appended to the installed one')),
    );
    expect(live).toContain('event: events');
    child.kill('SIGINT');
    expect(await exited).toBe(ExitCode.ok);
    expect(stderr()).toBe('');
  }, 240_000);

  it('keeps its last listing beside the index, readable by the user only, for the next start; none with --redact', async () => {
    const { home } = fiveAgentHome();
    const serveOnce = async (argv: string[]) => {
      const { child, url, exited } = await startInstalledServe(argv, { home });
      const first = await get(url.origin, `${url.pathname}${url.search}`);
      const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
      const list = await get(url.origin, String(first.headers.location), { cookie });
      child.kill('SIGINT');
      expect(await exited).toBe(ExitCode.ok);
      return { body: list.body, home: String(first.headers.location) };
    };
    const file = join(home, '.cache', 'xview', 'search', 'listing.json');
    const redacted = await serveOnce(['--redact']);
    expect(existsSync(file)).toBe(false);
    const first = await serveOnce([]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { home: string; sessions: { id: string }[] };
    expect(kept.home).toBe(home);
    for (const id of Object.values(IDS)) expect(kept.sessions.map((s) => s.id)).toContain(id);
    const again = await serveOnce([]);
    for (const id of Object.values(IDS)) expect(again.body).toContain(`/s/${id}`);
    // The pages' path is kept beside the index too: each start, with its own token, answers at the same addresses.
    expect(statSync(join(home, '.cache', 'xview', 'search', 'serve-path.key')).mode & 0o777).toBe(0o600);
    expect(first.home).toMatch(/^\/x-[A-Za-z0-9_-]{22}\/$/);
    expect([redacted.home, again.home]).toEqual([first.home, first.home]);
  }, 240_000);

  it('starts over a search index left broken or planted: a segment it lists is missing, a FIFO is its manifest', async () => {
    const { home } = fiveAgentHome();
    const dir = join(home, '.cache', 'xview', 'search');
    mkdirSync(dir, { recursive: true });
    const manifest = join(dir, 'manifest.json');
    const missing = {
      version: 2,
      redact: false,
      nextOrdinal: 1,
      nextSegment: 1,
      segments: [{ name: 'seg-0', bytes: 1, entries: 1, ordinals: [0] }],
      sessions: [],
    };
    for (const plant of [() => writeFileSync(manifest, JSON.stringify(missing)), () => execFileSync('mkfifo', [manifest])]) {
      rmSync(manifest, { force: true });
      plant();
      const { child, url, exited, stderr } = await startInstalledServe([], { home });
      const first = await get(url.origin, `${url.pathname}${url.search}`);
      const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
      expect((await get(url.origin, `${String(first.headers.location)}search?q=deploy`, { cookie })).status).toBe(200);
      child.kill('SIGINT');
      expect(await exited).toBe(ExitCode.ok);
      expect(stderr()).toBe('');
    }
  }, 240_000);
});
