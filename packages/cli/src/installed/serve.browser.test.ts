// Chromium drives the installed xview serve (the bundle scripts/install-xview.sh
// installs, not the sources) over a home with the logs of all five agents: the
// list shows every agent's session, search finds the phrase planted in each and
// its link lands on the event, a line appended to a running log appears in the
// open page, and the changes tab shows a recorded edit. Nothing may open a
// dialog, throw, or load from another origin.
import { appendFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeTextLine, hasChromium, launch, watchedPage } from '../../../serve/test/browser.js';
import { IDS, PLANTED, fiveAgentHome } from '../../../serve/test/serve-home.js';
import { ExitCode } from '../exit-codes.js';
import { type InstalledServe, startInstalledServe } from './installed-xview.js';

describe.skipIf(!hasChromium)('the installed xview serve in Chromium', { timeout: 180_000 }, () => {
  let browser: Browser;
  let served: InstalledServe;
  let url: URL;
  let claudeLog: string;

  beforeAll(async () => {
    const made = fiveAgentHome();
    claudeLog = made.claudeLog;
    served = await startInstalledServe([], { home: made.home });
    url = served.url;
    browser = await launch();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (served?.child.exitCode === null) served.child.kill('SIGINT');
  });

  it('lists every agent’s session, and search finds each planted phrase and links to its event', async () => {
    const { page, problems } = await watchedPage(browser, url.origin);
    await page.goto(url.href);
    // The token leads to the app's path, which every link starts with.
    const base = new URL(page.url()).pathname.replace(/\/$/, '');
    expect(base).toMatch(/^\/x-[A-Za-z0-9_-]{22}$/);
    const links = await page.$$eval('table.x-list a', (as) => as.map((a) => a.getAttribute('href')));
    for (const id of Object.values(IDS)) expect(links).toContain(`${base}/s/${id}`);
    for (const [agent, phrase] of Object.entries(PLANTED)) {
      await expect
        .poll(
          async () => {
            await page.goto(`${url.origin}${base}/search?q=${encodeURIComponent(phrase)}`);
            return page.$$eval('.x-hit a', (as) => as.map((a) => a.getAttribute('href')));
          },
          { timeout: 60_000, interval: 300 },
        )
        .toEqual([expect.stringMatching(new RegExp(`^${base}/s/${IDS[agent as keyof typeof PLANTED]}#e\\d+$`))]);
    }
    const href = await page.$eval('.x-hit a', (a) => (a as HTMLAnchorElement).href);
    await page.goto(href);
    expect(await page.$(`[id="${new URL(href).hash.slice(1)}"]`)).not.toBeNull();
    // The recorded Claude session, read by the index by now: its status and the time its log covers (21:35:53.825 to 21:36:39.886).
    await expect
      .poll(
        async () => {
          await page.goto(url.href);
          return page.$$eval(`tr[data-key="${IDS.recorded}"] td`, (cells) => cells.slice(-2).map((c) => c.textContent));
        },
        { timeout: 60_000, interval: 300 },
      )
      .toEqual(['46.1 s', 'completed']);
    expect(problems).toEqual([]);
  });

  it('shows a line appended to a running log in the open page, and a recorded edit in the changes tab', async () => {
    const { page, problems } = await watchedPage(browser, url.origin);
    await page.goto(url.href);
    const base = new URL(page.url()).pathname.replace(/\/$/, '');
    await page.goto(`${url.origin}${base}/s/${IDS.claude}`);
    await page.waitForSelector('#x-live');
    appendFileSync(claudeLog, claudeTextLine(IDS.claude, 'inst-live1', 'Appended while the installed page was open'));
    await page.waitForFunction(() => document.querySelector('#x-live')?.textContent?.includes('Appended while the installed page was open'), undefined, {
      timeout: 60_000,
    });
    await page.goto(`${url.origin}${base}/s/${IDS.recorded}`);
    await page.click('nav.x-tabs >> text=Changes');
    await page.waitForURL(/\/changes$/);
    const added = await page.$$eval('.x-file .add', (lines) => lines.map((l) => l.textContent));
    expect(added).toContain('+**Alternative answer:** They prefer their trees to be binary!');
    expect(problems).toEqual([]);
  });

  it('stops on Ctrl-C with exit 0 and nothing on standard error', async () => {
    served.child.kill('SIGINT');
    expect(await served.exited).toBe(ExitCode.ok);
    expect(served.stderr()).toBe('');
  });
});
