import { existsSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../test/http.js';
import { writeCodex } from '../../sessions/test/fake-home.js';
import { IDS, SOURCES, STORES, fiveAgentHome } from '../test/serve-home.js';
import { startServer, type ServeHandle } from './server.js';

describe('startServer over a home with every agent', () => {
  let server: ServeHandle;
  let cookie: string;
  let home: string;

  beforeAll(async () => {
    ({ home } = fiveAgentHome());
    server = await startServer({ home, env: {}, stores: STORES, sources: SOURCES, token: 'test-token-123' });
    const first = await get(server.origin, '/?token=test-token-123');
    cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
  });
  afterAll(async () => {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  });

  const authed = (path: string) => get(server.origin, `${server.base}${path}`, { cookie });

  it('binds 127.0.0.1 and prints a URL with its token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=test-token-123`);
  });

  it('trades the token in the URL for a strict, HttpOnly cookie and drops it from the address', async () => {
    const first = await get(server.origin, '/?token=test-token-123&agent=codex');
    expect(first.status).toBe(303);
    expect(server.base).toMatch(/^\/x-[A-Za-z0-9_-]{22}$/);
    expect(first.headers.location).toBe(`${server.base}/?agent=codex`);
    expect(first.headers['set-cookie']).toEqual([`xview_token=test-token-123; Path=${server.base}; HttpOnly; SameSite=Strict`]);
  });

  it('redirects a path that comes out starting with // to this server, never to the host it names', async () => {
    const location = await new Promise<string | undefined>((resolve, reject) => {
      // Sent as written: a URL object would resolve the dot segment before the server sees it.
      const req = request(
        { host: '127.0.0.1', port: server.port, path: '/.//evil.example/?token=test-token-123', headers: { host: `127.0.0.1:${server.port}` } },
        (res) => {
          res.resume();
          resolve(res.headers.location);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(location).toBe(`${server.base}/evil.example/`);
  });

  it('refuses a request without the token, with a wrong one, with a foreign Host or Origin, and anything but GET', async () => {
    const home = `${server.base}/`;
    expect((await get(server.origin, home)).status).toBe(403);
    expect((await get(server.origin, '/?token=test-token-124')).status).toBe(403);
    expect((await get(server.origin, home, { cookie: 'xview_token=nope' })).status).toBe(403);
    expect((await get(server.origin, home, { cookie, host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await get(server.origin, home, { cookie, origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(server.origin, home, { cookie }, 'POST')).status).toBe(400);
    expect((await get(server.origin, home, { cookie, host: `localhost:${server.port}` })).status).toBe(200);
    // The cookie counts only under the app's path, the one its Path names.
    for (const outside of ['/', `/s/${IDS.recorded}`, `${server.base}x/`, '/x-AAAAAAAAAAAAAAAAAAAAAA/']) {
      expect((await get(server.origin, outside, { cookie })).status).toBe(403);
    }
  });

  it('lists every agent’s main sessions, grouped by project, with the CSP header', async () => {
    const list = await authed('/');
    expect(list.status).toBe(200);
    expect(list.headers['content-security-policy']).toContain("script-src 'self'");
    expect(list.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const id of [IDS.claude, IDS.codex, IDS.gemini, IDS.opencode, IDS.copilot, IDS.recorded]) expect(list.body).toContain(`href="${server.base}/s/${id}"`);
    expect(list.body).toContain('<h2>/work/app</h2>');
    const codexOnly = await authed('/?agent=codex');
    expect(codexOnly.body).toContain(IDS.codex);
    expect(codexOnly.body).not.toContain(IDS.claude);
  });

  it('filters by an edited file and by status through the sessions’ summaries', async () => {
    const edited = await authed('/?file=JOKE.md');
    expect(edited.body).toContain(IDS.recorded);
    expect(edited.body).not.toContain(IDS.codex);
    const failed = await authed('/?status=failed');
    expect(failed.body).toContain('0 sessions');
  });

  it('shows a session with stable turn and event anchors, and its changes as diffs', async () => {
    const page = await authed(`/s/${IDS.recorded}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<section class="turn" id="t1">');
    expect(page.body).toContain('id="e0"');
    expect(page.body).toContain('href="#t1"');
    const changes = await authed(`/s/${IDS.recorded}/changes`);
    expect(changes.body).toContain('JOKE.md');
    expect(changes.body).toContain('<span class="add">+**Alternative answer:** They prefer their trees to be binary!</span>');
  });

  it('keeps the app\u2019s path from one start to the next with a path key file, whatever the token', async () => {
    const pathKeyFile = join(home, '.cache', 'serve-path.key');
    const starts: string[] = [];
    for (const token of ['token-of-one-start', 'token-of-the-next']) {
      const again = await startServer({ home, env: {}, stores: STORES, sources: SOURCES, token, pathKeyFile });
      try {
        const first = await get(again.origin, `/s/${IDS.recorded}?token=${token}`);
        expect(first.headers.location).toBe(`${again.base}/s/${IDS.recorded}`);
        const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
        expect((await get(again.origin, `${again.base}/s/${IDS.recorded}`, { cookie })).status).toBe(200);
        starts.push(again.base);
      } finally {
        await again.close();
      }
    }
    expect(starts[0]).toMatch(/^\/x-[A-Za-z0-9_-]{22}$/);
    expect(starts[1]).toBe(starts[0]);
    expect(starts[0]).not.toBe(server.base);
  });

  it('puts the turn table under the transcript on a first visit (summed up on the way), above it once kept', async () => {
    const fresh = await startServer({ home, env: {}, stores: STORES, sources: SOURCES, token: 'test-token-456' });
    try {
      const freshCookie = String((await get(fresh.origin, '/?token=test-token-456')).headers['set-cookie']).split(';')[0] ?? '';
      const first = await get(fresh.origin, `${fresh.base}/s/${IDS.recorded}`, { cookie: freshCookie });
      const again = await get(fresh.origin, `${fresh.base}/s/${IDS.recorded}`, { cookie: freshCookie });
      const table = (body: string) => {
        const at = body.indexOf('<p class="x-status">');
        return body.slice(at, body.indexOf('</details>', at));
      };
      expect(first.body.indexOf('<details class="x-turns"')).toBeGreaterThan(first.body.indexOf('id="e0"'));
      expect(again.body.indexOf('<details class="x-turns"')).toBeLessThan(again.body.indexOf('id="e0"'));
      expect(table(first.body)).toContain('href="#t1"');
      expect(table(first.body)).toBe(table(again.body));
    } finally {
      await fresh.close();
    }
  });

  it('serves the raw log, the events as NDJSON and a redacted page as downloads', async () => {
    const raw = await authed(`/s/${IDS.recorded}/raw`);
    expect(raw.headers['content-disposition']).toContain('attachment');
    expect(raw.body.split('\n')[0]).toContain('file-history-snapshot');
    const events = await authed(`/s/${IDS.recorded}/events.ndjson`);
    const kinds = events.body
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { kind: string }).kind);
    expect(kinds).toContain('tool-use');
    const html = await authed(`/s/${IDS.recorded}/redacted.html`);
    expect(html.body).toContain('<!DOCTYPE html>');
  });

  it('sends the security headers, CSP included, with the token redirect and the live stream too', async () => {
    const redirect = await get(server.origin, '/?token=test-token-123');
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: `${server.base}/s/${IDS.recorded}/live`, headers: { host: `127.0.0.1:${server.port}`, cookie } }, (res) => {
        resolve(res.headers);
        res.destroy();
      });
      req.on('error', reject);
      req.end();
    });
    for (const answer of [redirect.headers, headers]) {
      expect(answer['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer['x-content-type-options']).toBe('nosniff');
      expect(answer['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  /** Sends `head` as written on a socket of its own and gives back all the server answered before it closed. */
  const rawAnswer = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const raw = connect(server.port, '127.0.0.1', () => raw.write(head));
      let got = '';
      raw.on('data', (chunk: Buffer) => {
        got += chunk.toString('latin1');
      });
      raw.on('end', () => resolve(got));
      raw.on('error', reject);
    });

  it('sends the security headers with the answer to a request Node cannot parse, headers too large included', async () => {
    for (const [status, header] of [[431, `x-big: ${'a'.repeat(20_000)}`], [400, 'bad header: x']] as const) {
      const text = await rawAnswer(`GET ${server.base}/ HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\n${header}\r\n\r\n`);
      expect(text.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
      expect(text).toMatch(/^content-security-policy: .*frame-ancestors 'none'/im);
    }
  });

  // Node answers these two itself unless told not to (an HTTP/1.1 request without Host, an Expect other
  // than 100-continue), with none of the headers every other answer carries.
  it('refuses a request without a Host header, and one with an expectation it cannot meet, with the security headers', async () => {
    const noHost = await rawAnswer(`GET ${server.base}/ HTTP/1.1\r\nconnection: close\r\n\r\n`);
    const expectation = await rawAnswer(`GET ${server.base}/ HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\nexpect: x\r\nconnection: close\r\n\r\n`);
    expect(noHost.startsWith('HTTP/1.1 403 ')).toBe(true);
    expect(expectation.startsWith('HTTP/1.1 417 ')).toBe(true);
    for (const text of [noHost, expectation]) expect(text).toMatch(/^content-security-policy: .*frame-ancestors 'none'/im);
  });

  it('answers a HEAD of the live stream at once, with its headers, instead of following the log for it', async () => {
    const head = await get(server.origin, `${server.base}/s/${IDS.claude}/live`, { cookie }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(head.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers an unknown session, a path in place of a key, or an unknown part with 404', async () => {
    for (const path of ['/s/nope', '/s/..%2F..%2Fetc%2Fpasswd', `/s/${IDS.recorded}/../../etc/passwd`, `/s/${IDS.recorded}/nope`, '/etc/passwd']) {
      expect([path, (await authed(path)).status]).toEqual([path, 404]);
    }
  });
});

describe('startServer over a log whose id holds half a surrogate pair', () => {
  // A Codex id is the log's to write, and JSON spells a lone surrogate (`"\udb40"`), which encodeURIComponent
  // throws on: the list page, whose every row links to its session by key, answered 500 for every session.
  it('lists every session and opens that one by the link the list gives', async () => {
    const { home } = fiveAgentHome();
    writeCodex(join(home, '.codex'), { id: 'lone-\udb40-half', cwd: '/work/app', prompt: 'Half a pair', at: '2026-03-02T11:00:00.000Z' });
    const server = await startServer({ home, env: {}, stores: STORES, sources: SOURCES, token: 't' });
    try {
      const cookie = String((await get(server.origin, '/?token=t')).headers['set-cookie']).split(';')[0] ?? '';
      const list = await get(server.origin, `${server.base}/`, { cookie });
      expect(list.status).toBe(200);
      expect(list.body).toContain(`href="${server.base}/s/${IDS.codex}"`);
      const href = /href="([^"]*)"[^>]*>Half a pair</.exec(list.body)?.[1] ?? '';
      const page = await get(server.origin, href.replaceAll('&amp;', '&'), { cookie });
      expect([href, page.status]).toEqual([href, 200]);
      expect(page.body).toContain('Half a pair');
    } finally {
      await server.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('startServer with a search folder it cannot make', () => {
  // Under /proc no folder can be made (and Node's recursive mkdir looped there for ever): the server starts without search and says why.
  it.skipIf(!existsSync('/proc/self'))('serves without search and says so in one message', async () => {
    const { home } = fiveAgentHome();
    const told: string[] = [];
    const searchDir = `/proc/xview-no-such-${process.pid}/search`;
    const server = await startServer({ home, env: {}, stores: STORES, sources: SOURCES, token: 't', searchDir, onError: (error) => told.push(String(error)) });
    try {
      expect(told).toEqual([`Error: the search index cannot be kept in ${searchDir} (ENOENT: no such file or directory, mkdir '/proc/xview-no-such-${process.pid}'): search is off`]);
      expect((await get(server.origin, '/?token=t')).status).toBe(303);
    } finally {
      await server.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
