import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DisplayEvent } from '@x/core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { createViewerServer, type ViewerServer } from '../src/viewer-server.js';

/** Debian's Chromium, driven by playwright-core; never a downloaded browser. */
const CHROMIUM_PATH = '/usr/bin/chromium';
/** Headless as root, with nothing talking to the network on its own. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PACKAGE_DIR = join(import.meta.dirname, '..');
const ARTIFACTS_DIR = join(PACKAGE_DIR, 'test-artifacts');
const FIXTURE = 'claude/read-edit-run';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.warn(`web-viewer browser test skipped: ${CHROMIUM_PATH} is missing (install Debian's Chromium: apt-get update && apt-get install -y chromium)`);

/**
 * The server bundles the page's script from the built `@x/core` and
 * `@x/renderer-html`. In CI turbo has built them (a test depends on its
 * dependencies' build); a fresh checkout builds them once here.
 */
function buildBrowserModulesIfMissing(): void {
  const require = createRequire(join(PACKAGE_DIR, 'package.json'));
  const missing = ['@x/core', '@x/renderer-html'].some((name) => !existsSync(join(dirname(require.resolve(`${name}/package.json`)), 'dist', 'index.js')));
  if (missing) execFileSync('pnpm', ['--filter', 'x-example-web-viewer^...', 'build'], { cwd: join(PACKAGE_DIR, '..', '..'), stdio: 'pipe' });
}

/** What the page shows, in document order: text blocks and tool calls, with what identifies each. */
function shownBlocks(): { kind: 'text' | 'tool'; text: string; name?: string; arg?: string; status?: string }[] {
  const blocks = document.querySelectorAll('#transcript div.text:not(details.reasoning div.text), #transcript details.tool');
  return [...blocks].map((element) => {
    // biome-ignore lint/performance/useDomNodeTextContent: what a reader sees: innerText leaves out hidden content, textContent would not
    if (element.tagName !== 'DETAILS') return { kind: 'text', text: (element as HTMLElement).innerText.trim() };
    return {
      kind: 'tool',
      text: element.querySelector('summary')?.textContent ?? '',
      name: element.querySelector('.tool-name')?.textContent ?? '',
      arg: element.querySelector('.tool-arg')?.textContent ?? '',
      status: element.classList.contains('error') ? 'error' : element.classList.contains('success') ? 'success' : 'open',
    };
  });
}

/** The same sequence from the events: one block per run of text with one id, one per tool call. */
function expectedBlocks(events: DisplayEvent[]) {
  const blocks: { kind: 'text' | 'tool'; id: string; text: string }[] = [];
  for (const event of events) {
    const last = blocks.at(-1);
    if (event.kind === 'text' && event.parentToolUseId === undefined) {
      if (last?.kind === 'text' && last.id === event.id) last.text += event.text;
      else blocks.push({ kind: 'text', id: event.id, text: event.text });
    } else if (event.kind === 'tool-use') {
      blocks.push({ kind: 'tool', id: event.id, text: '' });
    }
  }
  return blocks;
}

describe.skipIf(!hasChromium)('the viewer page in Chromium', () => {
  let viewer: ViewerServer;
  let browser: Browser;
  let page: Page;
  const foreign: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    buildBrowserModulesIfMissing();
    viewer = await createViewerServer({ fixturesDir: FIXTURES_DIR, delayMs: 80 });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    page = await browser.newPage();
    // Anything for another host is refused before it leaves the browser, and noted.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${viewer.origin}/`)) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await viewer?.close();
  });

  it('shows the events as they arrive, in order: one details per tool call, the final text last', async () => {
    const events = JSON.parse(readFileSync(join(FIXTURES_DIR, `${FIXTURE}.events.json`), 'utf8')) as DisplayEvent[];
    const calls = events.filter((event) => event.kind === 'tool-use');
    const results = new Map(events.flatMap((event) => (event.kind === 'tool-result' ? [[event.id, event.status] as const] : [])));
    expect(calls.length).toBeGreaterThan(1);

    const response = await page.goto(`${viewer.origin}/view?fixture=${encodeURIComponent(FIXTURE)}`);
    expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'none'; script-src 'self' 'nonce-[^']+'; style-src 'self'; connect-src 'self'/);

    // Live: the first call is on the page while the replay is still running.
    await page.locator('#transcript details.tool').first().waitFor();
    expect(await page.locator('#status').getAttribute('data-state')).toBe('streaming');
    expect(await page.locator('#transcript details.tool').count()).toBeLessThan(calls.length);

    await page.locator('#status[data-state="done"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('#status').getAttribute('data-events')).toBe(String(events.length));

    const shown = await page.evaluate(shownBlocks);
    const expected = expectedBlocks(events);
    expect(shown.map((block) => block.kind)).toEqual(expected.map((block) => block.kind));
    expect(shown.filter((block) => block.kind === 'tool').map(({ name, arg, status }) => ({ name, arg, status }))).toEqual(
      calls.map((call) => ({ name: call.name, arg: call.arg, status: results.get(call.id) })),
    );
    const finalText = expected.at(-1);
    expect(finalText?.kind).toBe('text');
    expect(shown.at(-1)?.text).toBe(finalText?.text.trim());
    expect(await page.locator('#transcript footer.run-footer').count()).toBe(1);

    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'claude-read-edit-run.png'), fullPage: true });
  }, 60_000);

  it('contacted no other host and raised no error or policy violation', () => {
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('refuses to run an inline script that carries no nonce', async () => {
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    expect(problems.some((text) => text.includes('Content Security Policy'))).toBe(true);
  });
});
