// Chromium opens the static export (`xview site`'s pages, written with the
// app's list and session views) from disk, as a user opens the folder: the
// list shows every agent's session with the recorded one's status and
// duration, hostile strings in every field come back as text, every page
// but search runs no script and loads nothing, the app's style applies under
// the static CSP, a session's changes link to its events on the same page,
// and the search page finds each agent's planted phrase in its own index,
// showing hostile prompts as text.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listSessions, writeSite } from '@x/sessions';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../renderer-html/test/xss-corpus.js';
import { tempHome, writeClaude } from '../../sessions/test/fake-home.js';
import { staticSearchHtml } from '../src/static-search.js';
import { staticListHtml, writeStaticSessionPage } from '../src/static-site.js';
import { hasChromium, launch, watchedPage } from './browser.js';
import { IDS, PLANTED, SOURCES, STORES, fiveAgentHome } from './serve-home.js';

/** The five agents' home with a Claude session per hostile string (in its project and its prompt), written as a site. */
async function hostileSite(): Promise<string> {
  const { home } = fiveAgentHome();
  XSS_PAYLOADS.forEach((payload, n) => {
    const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    writeClaude(join(home, '.claude'), {
      id,
      cwd: `/work/${payload}`,
      prompt: `xsscheck ${payload}`,
      at: `2026-03-01T10:${String(n % 60).padStart(2, '0')}:00.000Z`,
    });
  });
  const sessions = await listSessions({ stores: STORES, home });
  const out = tempHome();
  const report = await writeSite(out, sessions, {
    render: (session, file) => writeStaticSessionPage(session, file, { stores: STORES, home, sources: SOURCES }),
    renderIndex: staticListHtml,
    renderSearch: staticSearchHtml,
  });
  expect(report.failed).toEqual([]);
  return out;
}

describe.skipIf(!hasChromium)('the static export in Chromium, opened from disk', { timeout: 120_000 }, () => {
  let browser: Browser;
  let index: string;

  beforeAll(async () => {
    index = pathToFileURL(join(await hostileSite(), 'index.html')).href;
    browser = await launch();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** A page that also counts a policy violation (the console says so) as a problem. */
  async function page() {
    const watched = await watchedPage(browser, 'file://');
    watched.page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) watched.problems.push(`csp ${m.text()}`);
    });
    return watched;
  }

  it('lists every session grouped by project, with the recorded one’s duration and status, hostile strings as text', async () => {
    const { page: tab, problems } = await page();
    await tab.goto(index);
    const shape = await tab.evaluate(() => ({
      pwned: (window as { __pwned?: unknown }).__pwned,
      scripts: document.scripts.length,
      headings: [...document.querySelectorAll('section.x-project h2')].map((h) => h.textContent),
      links: [...document.querySelectorAll('table.x-list a')].map((a) => a.getAttribute('href')),
      collapse: getComputedStyle(document.querySelector('table.x-list') as Element).borderCollapse,
    }));
    expect(shape.pwned).toBeUndefined();
    expect(shape.scripts).toBe(0);
    // The HTML parser drops a NUL in body text; every other character of the payload comes back as text.
    for (const payload of XSS_PAYLOADS) expect(shape.headings).toContain(`/work/${payload}`.replace(/\0/g, ''));
    expect(shape.links).toHaveLength(XSS_PAYLOADS.length + 6);
    expect(shape.links.every((href) => /^sessions\/[A-Za-z0-9._-]+\.html$/.test(href ?? ''))).toBe(true);
    for (const id of Object.values(IDS)) expect(shape.links.some((href) => href?.includes(id))).toBe(true);
    // The app's style sheet, inline and allowed by its hash.
    expect(shape.collapse).toBe('collapse');
    const recorded = await tab.$$eval(`tr[data-key="${IDS.recorded}"] td`, (cells) => cells.slice(-2).map((c) => c.textContent));
    expect(recorded).toEqual(['46.1 s', 'completed']);
    expect(problems).toEqual([]);
  });

  it('opens each session page from its link: inert under the CSP, with the bar back to the list', async () => {
    const { page: tab, problems } = await page();
    await tab.goto(index);
    const links = await tab.$$eval('table.x-list a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const link of links) {
      await tab.goto(link);
      const shape = await tab.evaluate(() => ({
        pwned: (window as { __pwned?: unknown }).__pwned,
        scripts: document.scripts.length,
        csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
        home: (document.querySelector('.x-bar a') as HTMLAnchorElement | null)?.href,
        changes: document.querySelector('#changes h2')?.textContent,
      }));
      expect(shape).toMatchObject({ scripts: 0, home: index, changes: 'Changes' });
      expect(shape.pwned).toBeUndefined();
      expect(shape.csp).toContain("default-src 'none'");
      expect(shape.csp).not.toContain('script-src');
    }
    expect(problems).toEqual([]);
  });

  it('shows a recorded edit in the changes, linked to its event on the same page', async () => {
    const { page: tab, problems } = await page();
    await tab.goto(index);
    await tab.click(`tr[data-key="${IDS.recorded}"] a`);
    expect(await tab.$eval('#changes .x-file summary', (s) => s.textContent)).toContain('JOKE.md');
    const href = await tab.$eval('#changes .x-file a', (a) => a.getAttribute('href'));
    expect(href).toMatch(/^#e\d+$/);
    expect(await tab.$(`[id="${href?.slice(1)}"]`)).not.toBeNull();
    expect(await tab.$$eval('table.x-turns tr', (rows) => rows.length)).toBeGreaterThan(1);
    expect(problems).toEqual([]);
  });

  it('searches in the page: each agent’s planted phrase finds its session, and hostile prompts come back as text', async () => {
    const { page: tab, problems } = await page();
    await tab.goto(index);
    await tab.click('.x-bar a[href="search.html"]');
    for (const [agent, phrase] of Object.entries(PLANTED)) {
      await tab.fill('#x-q', phrase);
      const hits = await tab.$$eval('#x-results a', (as) => as.map((a) => a.getAttribute('href')));
      expect(hits).toHaveLength(1);
      expect(hits[0]).toContain(IDS[agent as keyof typeof PLANTED]);
    }
    await tab.fill('#x-q', 'xsscheck');
    const shape = await tab.evaluate(() => ({
      pwned: (window as { __pwned?: unknown }).__pwned,
      hits: document.querySelectorAll('#x-results li').length,
      prompts: [...document.querySelectorAll('#x-results li p')].map((p) => p.textContent),
      count: document.getElementById('x-count')?.textContent,
    }));
    expect(shape.pwned).toBeUndefined();
    expect(shape.hits).toBe(XSS_PAYLOADS.length);
    expect(shape.count).toBe(`${XSS_PAYLOADS.length} sessions.`);
    // The prompt as the turn table shows it (one line, cut): the payload's text, not markup.
    // (A NUL reaches a prompt event as the visible `\x00`: core's plain pass shows control characters so.)
    const asPrompt = (payload: string) => `xsscheck ${payload}`.replace(/\0/g, '\\x00').replace(/\s+/g, ' ').trim().slice(0, 160);
    for (const payload of XSS_PAYLOADS) expect(shape.prompts).toContain(asPrompt(payload));
    // A link into the page from elsewhere: the query in the URL.
    await tab.goto(`${index.replace(/index\.html$/, 'search.html')}?q=${encodeURIComponent(PLANTED.codex)}`);
    expect(await tab.$$eval('#x-results a', (as) => as.length)).toBe(1);
    expect(problems).toEqual([]);
  });
});
