import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';
import { copilotSource } from '@x/provider-copilot';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../renderer-html/test/xss-corpus.js';
import { listSessions } from '../src/list-sessions.js';
import { writeSessionPage } from '../src/page-file.js';
import { writeSite } from '../src/site.js';
import { tempHome, writeClaude, writeCopilot } from './fake-home.js';
import { standInClaudeLogSource } from './stand-in-source.js';
import { STORES } from './stores.js';

const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const hasChromium = existsSync(CHROMIUM_PATH);

/** Serves the site folder on 127.0.0.1 and records every path asked for. */
async function serve(root: string): Promise<{ origin: string; requests: string[]; server: Server }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    requests.push(path);
    const file = normalize(join(root, path));
    if (!file.startsWith(root + sep) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

/** A home whose sessions carry a hostile string in every field the index shows. */
async function hostileSite(): Promise<string> {
  const home = tempHome();
  XSS_PAYLOADS.forEach((payload, n) => {
    writeClaude(join(home, '.claude'), { id: `x${n}`, cwd: `/work/${payload}`, prompt: payload, at: `2026-03-01T10:${String(n % 60).padStart(2, '0')}:00.000Z` });
  });
  writeCopilot(join(home, '.copilot'), { id: 'cp1', cwd: '/work/plain', prompt: 'Count the lines', at: '2026-03-02T10:00:00.000Z' });
  const sessions = await listSessions({ stores: STORES, home });
  const out = tempHome();
  const sources = { claude: standInClaudeLogSource, copilot: copilotSource };
  const report = await writeSite(out, sessions, { render: (s, file) => writeSessionPage(s, file, { stores: STORES, home, sources }) });
  expect(report.failed).toEqual([]);
  return out;
}

describe.skipIf(!hasChromium)('the site in Chromium (Debian, headless)', { timeout: 60_000 }, () => {
  let browser: Browser;
  let site: { origin: string; requests: string[]; server: Server };

  beforeAll(async () => {
    site = await serve(await hostileSite());
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => site?.server.close(() => resolve()));
  });

  it('shows the index as projects with linked sessions, nothing run and nothing loaded', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('dialog', (d) => problems.push(`dialog ${d.message()}`));
    page.on('pageerror', (e) => problems.push(`error ${e.message}`));
    page.on('request', (r) => {
      if (!r.url().startsWith(site.origin)) problems.push(`request ${r.url()}`);
    });
    await page.goto(`${site.origin}/index.html`, { waitUntil: 'load' });
    const shape = await page.evaluate(() => ({
      pwned: (window as { __pwned?: unknown }).__pwned,
      scripts: document.scripts.length,
      headings: [...document.querySelectorAll('main section h2')].map((h) => h.textContent),
      links: [...document.querySelectorAll('main section a')].map((a) => a.getAttribute('href')),
      navLinks: document.querySelectorAll('nav a').length,
    }));
    expect(shape.pwned).toBeUndefined();
    expect(shape.scripts).toBe(0);
    expect(shape.headings).toContain('/work/plain');
    // The HTML parser drops a NUL in body text; every other character of the payload comes back as text.
    for (const payload of XSS_PAYLOADS) expect(shape.headings).toContain(`/work/${payload}`.replace(/\0/g, ''));
    expect(shape.links.length).toBe(XSS_PAYLOADS.length + 1);
    expect(shape.links.every((href) => /^sessions\/[A-Za-z0-9._-]+\.html$/.test(href ?? ''))).toBe(true);
    expect(shape.navLinks).toBe(shape.headings.length);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens each session page from its link, every page inert under the CSP', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('dialog', (d) => problems.push(`dialog ${d.message()}`));
    page.on('request', (r) => {
      if (!r.url().startsWith(site.origin)) problems.push(`request ${r.url()}`);
    });
    await page.goto(`${site.origin}/index.html`, { waitUntil: 'load' });
    const links = await page.evaluate(() => [...document.querySelectorAll('main section a')].map((a) => (a as HTMLAnchorElement).href));
    for (const link of links) {
      await page.goto(link, { waitUntil: 'load' });
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'))).toContain("default-src 'none'");
    }
    expect(problems).toEqual([]);
    expect(site.requests.filter((p) => !p.startsWith('/sessions/') && p !== '/index.html')).toEqual([]);
    await page.close();
  }, 240_000);
});
