// Chromium drives the real server: search across every agent's log, a line
// appended to a running log appearing in the open page, the changes tab, the
// token and Host checks, and hostile strings in every field running nothing.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../renderer-html/test/xss-corpus.js';
import { writeClaude, writeCodex } from '../../sessions/test/fake-home.js';
import { startServer, type ServeHandle } from '../src/server.js';
import { claudeTextLine, hasChromium, launch, watchedPage, watchPage } from './browser.js';
import { get } from './http.js';
import { IDS, PLANTED, SOURCES, STORES, fiveAgentHome } from './serve-home.js';

describe.skipIf(!hasChromium)('xview serve in Chromium (Debian, headless)', { timeout: 120_000 }, () => {
  let browser: Browser;
  let server: ServeHandle;
  let home: string;
  let claudeLog: string;
  let cache: string;

  beforeAll(async () => {
    ({ home, claudeLog } = fiveAgentHome());
    cache = mkdtempSync(join(tmpdir(), 'x-serve-cache-'));
    server = await startServer({ home, env: {}, stores: STORES, sources: SOURCES, searchDir: cache, pollIntervalMs: 100 });
    browser = await launch();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  it('search finds the phrase planted in each agent’s log and links to its event', async () => {
    const { page, problems } = await watchedPage(browser, server.origin);
    await page.goto(server.url);
    for (const [agent, phrase] of Object.entries(PLANTED)) {
      // The index builds in the background and answers meanwhile: ask until the hit is there.
      await expect
        .poll(
          async () => {
            await page.goto(`${server.origin}${server.base}/search?q=${encodeURIComponent(phrase)}`);
            return page.$$eval('.x-hit a', (links) => links.map((a) => a.getAttribute('href')));
          },
          { timeout: 60_000, interval: 300 },
        )
        .toEqual([expect.stringMatching(new RegExp(`^${server.base}/s/${IDS[agent as keyof typeof PLANTED]}#e\\d+$`))]);
      expect(await page.$$eval('.x-hit mark', (marks) => marks.map((m) => m.textContent))).toContain('zebrafish');
    }
    const href = await page.$eval('.x-hit a', (a) => (a as HTMLAnchorElement).href);
    await page.goto(href);
    const anchor = new URL(href).hash.slice(1);
    expect(await page.$(`[id="${anchor}"]`)).not.toBeNull();
    // The search page's script asks for the index's progress under the app's path, where the cookie is sent.
    const progress = page.waitForResponse((r) => new URL(r.url()).pathname === `${server.base}/search/progress`);
    await page.goto(`${server.origin}${server.base}/search`);
    expect((await progress).status()).toBe(200);
    await expect.poll(() => page.textContent('#x-progress')).toMatch(/^Index up to date: \d+ sessions$/);
    expect(problems).toEqual([]);
  });

  it('shows a line appended to a running log in the open page', async () => {
    const { page, problems } = await watchedPage(browser, server.origin);
    await page.goto(server.url);
    await page.goto(`${server.origin}${server.base}/s/${IDS.claude}`);
    await page.waitForSelector('#x-live');
    appendFileSync(claudeLog, claudeTextLine(IDS.claude, 'live1', 'A line that landed while the page was open'));
    await page.waitForFunction(() => document.querySelector('#x-live')?.textContent?.includes('A line that landed while the page was open'), undefined, {
      timeout: 30_000,
    });
    appendFileSync(claudeLog, claudeTextLine(IDS.claude, 'live2', XSS_PAYLOADS.join('\n\n')));
    await page.waitForFunction(() => (document.querySelector('#x-live')?.querySelectorAll('.x-live-batch').length ?? 0) >= 2, undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('the changes tab shows the diff of a recorded edit', async () => {
    const { page, problems } = await watchedPage(browser, server.origin);
    await page.goto(server.url);
    await page.goto(`${server.origin}${server.base}/s/${IDS.recorded}`);
    await page.click('nav.x-tabs >> text=Changes');
    await page.waitForURL(/\/changes$/);
    const added = await page.$$eval('.x-file .add', (lines) => lines.map((l) => l.textContent));
    expect(added).toContain('+**Alternative answer:** They prefer their trees to be binary!');
    expect(await page.$eval('.x-file summary', (s) => s.textContent)).toContain('JOKE.md');
    expect(problems).toEqual([]);
  });

  it('refuses a visit without the token, and a request under a foreign Host', async () => {
    const { page } = await watchedPage(browser, server.origin);
    const bare = await page.goto(`${server.origin}${server.base}/`);
    expect(bare?.status()).toBe(403);
    const session = await page.goto(`${server.origin}${server.base}/s/${IDS.claude}`);
    expect(session?.status()).toBe(403);
    expect(await page.content()).not.toContain(PLANTED.claude);
    const rebound = await get(server.origin, `/?token=${server.token}`, { host: `attacker.example:${server.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.headers['set-cookie']).toBeUndefined();
  });

  it('sends the token’s cookie to no other server on 127.0.0.1, which browsers would reach with a cookie scoped to /', async () => {
    const cookies: string[] = [];
    const other = createServer((request, response) => {
      cookies.push(request.headers.cookie ?? '');
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>another local server</p>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const { page } = await watchedPage(browser, server.origin);
      await page.goto(server.url);
      expect(new URL(page.url()).pathname).toBe(`${server.base}/`);
      const port = (other.address() as AddressInfo).port;
      for (const path of ['/', '/s/x', `/search?q=1`, '/x-/']) await page.goto(`http://127.0.0.1:${port}${path}`);
      // Four pages and whatever the browser asks for beside them (its icon): none with a cookie.
      expect(cookies.length).toBeGreaterThanOrEqual(4);
      expect(cookies.filter((cookie) => cookie !== '')).toEqual([]);
      // The app's own pages still carry it.
      expect((await page.goto(`${server.origin}${server.base}/s/${IDS.claude}`))?.status()).toBe(200);
    } finally {
      // Chromium opens spare connections ahead of need; Node counts one that has
      // sent nothing as busy, and close() alone would wait for it to time out.
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('j and k move between turns, / focuses search', async () => {
    const { page } = await watchedPage(browser, server.origin);
    await page.goto(server.url);
    await page.goto(`${server.origin}${server.base}/s/${IDS.recorded}`);
    await page.keyboard.press('j');
    // Read from the page: page.url() learns of history.replaceState by a later event.
    expect(await page.evaluate(() => location.hash)).toMatch(/^#t\d+$/);
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('q');
  });
});

describe.skipIf(!hasChromium)('xview serve with hostile strings in every field', { timeout: 120_000 }, () => {
  it('runs nothing and loads nothing on the list, a session, its changes and search', async () => {
    const home = mkdtempSync(join(tmpdir(), 'x-serve-xss-'));
    const cache = mkdtempSync(join(tmpdir(), 'x-serve-xss-cache-'));
    XSS_PAYLOADS.forEach((payload, n) => {
      const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      writeClaude(
        join(home, '.claude'),
        { id, cwd: `/work/${payload}`, prompt: `xsscheck ${payload}`, at: `2026-03-01T10:${String(n % 60).padStart(2, '0')}:00.000Z` },
        [
          {
            type: 'assistant',
            sessionId: id,
            cwd: '/w',
            uuid: 'a2',
            parentUuid: 'a1',
            timestamp: '2026-03-01T10:00:01.000Z',
            message: {
              id: 'msg_2',
              role: 'assistant',
              model: 'm',
              content: [{ type: 'tool_use', id: 'tu1', name: 'Edit', input: { file_path: payload, old_string: payload, new_string: `${payload}!` } }],
            },
          },
        ],
      );
    });
    writeCodex(join(home, '.codex'), {
      id: '11111111-2222-3333-4444-555555555555',
      cwd: '/work/plain',
      prompt: XSS_PAYLOADS.join(' '),
      at: '2026-03-02T10:00:00.000Z',
    });
    const server = await startServer({ home, env: {}, stores: STORES, sources: SOURCES, searchDir: cache });
    const browser = await launch();
    try {
      const { page, problems } = await watchedPage(browser, server.origin);
      await page.goto(server.url);
      const links = await page.$$eval('table.x-list a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(links.length).toBe(XSS_PAYLOADS.length + 1);
      // Three pages of the same browser context (the cookie the first one got) share the sessions:
      // the server renders one page while Chromium lays out another.
      const pages = [page, await page.context().newPage(), await page.context().newPage()];
      for (const extra of pages.slice(1)) watchPage(extra, server.origin, problems);
      await Promise.all(
        pages.map(async (tab, n) => {
          for (const link of links.filter((_, i) => i % pages.length === n)) {
            await tab.goto(link);
            await tab.goto(`${link}/changes`);
          }
        }),
      );
      await expect
        .poll(
          async () => {
            await page.goto(`${server.origin}${server.base}/search?q=xsscheck`);
            return page.$$eval('.x-hit', (hits) => hits.length);
          },
          { timeout: 60_000, interval: 300 },
        )
        .toBeGreaterThan(0);
      await page.goto(`${server.origin}${server.base}/?file=${encodeURIComponent(XSS_PAYLOADS[0] ?? '')}&project=${encodeURIComponent(XSS_PAYLOADS[1] ?? '')}`);
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
      rmSync(home, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    }
  }, 240_000);
});
