import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DISPLAY_EVENT_KINDS, type DisplayEvent } from '@x/core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CORPUS } from '../../../tooling/event-corpus.js';
import { renderHtmlDocument } from '../src/index.js';
import { ARTIFACTS_DIR, CHROMIUM_ARGS, CHROMIUM_PATH, buildForBrowser, startTestServer, type TestServer } from './browser-harness.js';
import { sampleRun } from './sample-run.js';
import { XSS_PAYLOADS, hostileCorpus } from './xss-corpus.js';

const hasChromium = existsSync(CHROMIUM_PATH);
const SKIP_MESSAGE = `browser tests skipped: ${CHROMIUM_PATH} is missing (install Debian's Chromium: apt-get update && apt-get install -y chromium)`;
if (!hasChromium) console.warn(SKIP_MESSAGE);

/** The scenario whose tool calls are clicked open and photographed. */
const PHOTOGRAPHED = 'read-edit-run';

/** One `details.tool` per call: every tool-use, and every result whose call was never announced. */
function expectedToolDetails(events: DisplayEvent[]): number {
  const announced = new Set<string>();
  let n = 0;
  for (const event of events) {
    if (event.kind === 'tool-use') {
      announced.add(event.id);
      n += 1;
    } else if (event.kind === 'tool-result' && !announced.has(event.id)) {
      n += 1;
    }
  }
  return n;
}

/** Every word shown as assistant text appears in the events' text, in the same order. */
function expectTextInOrder(shown: string, events: DisplayEvent[]): void {
  // Increments of one block join as they are (a token stream splits words); blocks join on a new line.
  let source = '';
  let block: string | undefined;
  for (const event of events) {
    if (event.kind !== 'text') continue;
    source += (block === undefined || event.id === block ? '' : '\n') + event.text;
    block = event.id;
  }
  // Control characters are shown as `\x1b` or `\u202e` notation: read back, they are the source's.
  const decoded = shown.replace(/\\x([0-9a-f]{2})|\\u([0-9a-f]{4})/g, (_m, x: string | undefined, u: string | undefined) => String.fromCharCode(parseInt(x ?? u ?? '', 16)));
  const words = decoded.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (/[\p{L}\p{N}]/u.test(source)) expect(words.length).toBeGreaterThan(0);
  let at = 0;
  for (const word of words) {
    const found = source.indexOf(word, at);
    expect(found, `"${word}" after offset ${at}`).toBeGreaterThanOrEqual(0);
    at = found + word.length;
  }
}

/** What a page did that it must not: requests, dialogs, script errors. */
interface Watch {
  requests: string[];
  dialogs: string[];
  errors: string[];
}

function watch(page: Page, allowed: (url: string) => boolean): Watch {
  const seen: Watch = { requests: [], dialogs: [], errors: [] };
  page.on('request', (request) => {
    if (!allowed(request.url())) seen.requests.push(request.url());
  });
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  return seen;
}

/** Structure of a transcript in the page, read through the DOM. */
function readTranscript(rootSelector: string) {
  const root = document.querySelector(rootSelector);
  if (root === null) throw new Error(`no ${rootSelector}`);
  return {
    tools: root.querySelectorAll('details.tool').length,
    lateResults: root.querySelectorAll('.tool-late').length,
    text: [...root.querySelectorAll('.text')]
      .filter((el) => el.closest('.reasoning') === null)
      // biome-ignore lint/performance/useDomNodeTextContent: what a reader sees: innerText leaves out hidden content, textContent would not
      .map((el) => (el as HTMLElement).innerText)
      .join('\n'),
    turnHeadings: [...root.querySelectorAll('section.turn > h2')].map((h) => h.textContent),
    footer: root.querySelector('footer.run-footer') !== null,
    summaryTurns: [...root.querySelectorAll('footer.run-footer div')].find((row) => row.querySelector('dt')?.textContent === 'Turns')?.querySelector('dd')?.textContent,
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
  };
}

/** Fires every event an inline handler could listen to, opens every details, then reports what is there. */
function provokeAndInspect(rootSelector: string) {
  const root = document.querySelector(rootSelector) ?? document.documentElement;
  for (const details of root.querySelectorAll('details')) details.open = true;
  for (const element of root.querySelectorAll('*')) {
    for (const type of ['mouseover', 'mouseenter', 'click', 'focus', 'animationstart', 'load', 'error', 'toggle']) {
      // Clicking a link would navigate; links are checked by their href instead.
      if (type === 'click' && element.closest('a') !== null) continue;
      element.dispatchEvent(new Event(type, { bubbles: false }));
    }
  }
  const all = [...root.querySelectorAll('*')];
  return {
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    forbidden: all.filter((el) => /^(script|iframe|img|svg|math|object|embed|form|base|link|input|button|textarea|video|audio|source|frame|frameset|noscript|template)$/i.test(el.tagName)).map((el) => el.outerHTML.slice(0, 80)),
    handlers: all.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name) || a.name === 'style' || a.name === 'srcdoc' || a.name === 'src').map((a) => `${el.tagName} ${a.name}`)),
    links: [...root.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href') ?? '', rel: a.getAttribute('rel') ?? '' })),
    styleSheets: document.styleSheets.length,
    text: root.textContent ?? '',
  };
}

function expectInert(result: ReturnType<typeof provokeAndInspect>, seen: Watch): void {
  expect(result.pwned).toBeUndefined();
  expect(result.forbidden).toEqual([]);
  expect(result.handlers).toEqual([]);
  for (const link of result.links) {
    expect(link.href).toMatch(/^https?:\/\//i);
    expect(link.rel).toBe('noopener noreferrer nofollow');
  }
  expect(seen.dialogs).toEqual([]);
  expect(seen.requests).toEqual([]);
  for (const payload of ['<script>window.__pwned=1</script>', '<img src=x onerror="window.__pwned=1">', '[x](javascript:alert(1))']) {
    expect(result.text).toContain(payload);
  }
}

/** WCAG contrast of each selector's text against its nearest opaque background. */
function contrastOf(selectors: string[]) {
  const parse = (color: string) => {
    const m = /rgba?\(([^)]+)\)/.exec(color);
    if (m === null) return undefined;
    const [r = 0, g = 0, b = 0, a = 1] = (m[1] ?? '').split(/[\s,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (c: { r: number; g: number; b: number }) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const background = (element: Element) => {
    for (let e: Element | null = element; e !== null; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c !== undefined && c.a > 0) return c;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
  return selectors.map((selector) => {
    const element = document.querySelector(selector);
    if (element === null) return { selector, ratio: -1 };
    const fg = parse(getComputedStyle(element).color) ?? { r: 0, g: 0, b: 0 };
    const [hi, lo] = [luminance(fg), luminance(background(element))].sort((x, y) => y - x) as [number, number];
    return { selector, ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100 };
  });
}

// Renderer tests run on the hand-written corpus, never on a provider's output (tooling/event-corpus.ts).
const scenarios = EVENT_CORPUS;

describe.skipIf(!hasChromium)('in Chromium (Debian, headless)', { timeout: 60_000 }, () => {
  let browser: Browser;
  let server: TestServer;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    buildForBrowser();
    server = await startTestServer();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Opens a rendered document from the test server. `seen` collects what the
   * page reports; `served()` what the server saw since, which must be the
   * document alone (it also catches requests a page does not report, such as
   * a favicon).
   */
  async function openDocument(name: string, html: string): Promise<{ page: Page; seen: Watch; served: () => string[] }> {
    const url = server.addDocument(name, html);
    const page = await browser.newPage();
    const seen = watch(page, (requested) => requested === url);
    const mark = server.requests.length;
    await page.goto(url, { waitUntil: 'load' });
    return { page, seen, served: () => server.requests.slice(mark) };
  }

  describe('the document of each corpus scenario', () => {
    it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_, { name, events }) => {
      const html = renderHtmlDocument(events, { title: name, provider: 'corpus' });
      const { page, seen, served } = await openDocument(`corpus-${name}`, html);
      const shown = await page.evaluate(readTranscript, 'body');
      expect(shown.tools).toBe(expectedToolDetails(events));
      expectTextInOrder(shown.text, events);
      expect(shown.turnHeadings).toEqual(shown.turnHeadings.map((_, i) => `Turn ${i + 1}`));
      expect(shown.summaryTurns).toBe(String(shown.turnHeadings.length));
      expect(shown.footer).toBe(true);
      expect(shown.pwned).toBeUndefined();
      const first = events[0];
      if (first?.kind === 'session' && first.phase === 'start' && first.model !== undefined) {
        expect(await page.locator('body > header').textContent()).toContain(first.model);
      }
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
      expect(seen).toEqual({ requests: [], dialogs: [], errors: [] });
      expect(served()).toEqual([`/doc/corpus-${name}.html`]);
      await page.close();
    });

    it(`${PHOTOGRAPHED}: a tool call opens by click and by keyboard, and is photographed in both schemes`, async () => {
      const scenario = scenarios.find((s) => s.name === PHOTOGRAPHED);
      expect(scenario).toBeDefined();
      const html = renderHtmlDocument(scenario?.events ?? [], { title: PHOTOGRAPHED, provider: 'corpus', startedAt: new Date('2025-05-01T10:00:00Z') });
      const { page, seen } = await openDocument(`shot-${PHOTOGRAPHED}`, html);
      const tools = page.locator('main details.tool');
      expect(await tools.count()).toBe(4);
      expect(await tools.first().evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
      await tools.first().locator('summary').click();
      expect(await tools.first().evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      expect(await tools.first().locator('.tool-input, .tool-file, pre.diff, .tool-output, .tool-empty, .tool-unavailable').first().isVisible()).toBe(true);
      await tools.nth(1).locator('summary').focus();
      await page.keyboard.press('Enter');
      expect(await tools.nth(1).evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.screenshot({ path: join(ARTIFACTS_DIR, `corpus-${PHOTOGRAPHED}-light.png`), fullPage: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 17, 23)');
      await page.screenshot({ path: join(ARTIFACTS_DIR, `corpus-${PHOTOGRAPHED}-dark.png`), fullPage: true });
      expect(seen).toEqual({ requests: [], dialogs: [], errors: [] });
      await page.close();
    });
  });

  describe('the document', () => {
    it('has enough contrast for every kind of text, in light and dark', async () => {
      const events: DisplayEvent[] = [
        ...sampleRun(),
        { kind: 'notice', level: 'info', message: 'Conversation compacted' },
        { kind: 'text', id: 'm9', text: '| File | Change |\n|--|--:|\n| a.ts | 2 |\n\n> quoted\n\n```ts\n// note\nconst s: string = "x";\n```' },
        { kind: 'tool-use', id: 'e1', name: 'Edit', toolName: 'Edit', toolKind: 'edit', arg: 'a.ts', input: { file_path: 'a.ts', old_string: 'a == b', new_string: 'a === b' } },
        { kind: 'tool-result', id: 'e1', name: 'Edit', toolKind: 'edit', status: 'success', outputState: 'text', output: 'ok', details: { path: 'a.ts' } },
      ];
      const { page, seen } = await openDocument('contrast', renderHtmlDocument(events, { provider: 'demo', startedAt: 0 }));
      await page.evaluate(() => {
        for (const details of document.querySelectorAll('details')) details.open = true;
      });
      const selectors = [
        'body',
        'header h1',
        'header dt',
        'main section.turn > h2',
        '.text p',
        '.text a',
        '.text code',
        'details.tool summary .tool-name',
        'details.tool summary .tool-status',
        'details.tool.error summary .tool-status',
        'details.tool .label',
        'details.tool dl.tool-meta dt',
        'pre.tool-output code',
        '.text th',
        '.text blockquote p',
        '.text pre .hljs-keyword',
        '.text pre .hljs-string',
        '.text pre .hljs-comment',
        '.text pre .hljs-built_in',
        'pre.diff .diff-add',
        'pre.diff .diff-del',
        'summary .diff-stat .added',
        'summary .diff-stat .removed',
        'details.reasoning > summary',
        '.error-message[role="alert"]',
        '.notice.warning',
        '.notice.info',
        'footer dt',
        'footer dd',
      ];
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        for (const { selector, ratio } of await page.evaluate(contrastOf, selectors)) {
          expect(ratio, `${selector} in ${colorScheme}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      expect(seen).toEqual({ requests: [], dialogs: [], errors: [] });
      await page.close();
    });

    it('prints with every tool call expanded', async () => {
      const { page } = await openDocument('print', renderHtmlDocument(sampleRun(), { provider: 'demo' }));
      const outputVisible = () => document.querySelector<HTMLElement>('details.tool:not([open]) pre.tool-output')?.checkVisibility() ?? false;
      expect(await page.evaluate(outputVisible)).toBe(false);
      await page.emulateMedia({ media: 'print' });
      expect(await page.evaluate(outputVisible)).toBe(true);
      await page.pdf({ path: join(ARTIFACTS_DIR, 'sample-run.pdf') });
      await page.close();
    });

    it.each([
      ['with its Content-Security-Policy', (html: string) => html],
      ['with the CSP removed, so escaping alone must hold', (html: string) => html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')],
    ])('runs nothing from the XSS corpus, %s', async (label, transform) => {
      const joined = XSS_PAYLOADS.join(' ');
      const html = transform(renderHtmlDocument(hostileCorpus(), { title: joined, provider: joined, startedAt: joined }));
      const { page, seen, served } = await openDocument(`xss-${label.length}`, html);
      const result = await page.evaluate(provokeAndInspect, 'body');
      await page.mouse.move(200, 200);
      await page.keyboard.press('Tab');
      await page.waitForTimeout(300);
      expectInert(result, seen);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(result.styleSheets).toBe(1);
      expect(await page.title()).toBe(joined.replace(/\s+/g, ' ').replace(/\u0000/g, '\\x00').trim());
      expect(seen.errors).toEqual([]);
      expect(served()).toEqual([`/doc/xss-${label.length}.html`]);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `xss-document-${label.includes('removed') ? 'no-csp' : 'csp'}.png`) });
      await page.close();
    });
  });

  describe('createDomRenderer, imported from the built module', () => {
    /** The host page with the module loaded; from then on nothing may be requested, from anywhere. */
    async function openHostPage(): Promise<{ page: Page; seen: Watch; served: () => string[] }> {
      const page = await browser.newPage();
      let ready = false;
      const seen = watch(page, () => !ready);
      await page.goto(`${server.origin}/dom.html`, { waitUntil: 'load' });
      await page.waitForFunction(() => (window as unknown as { moduleReady?: boolean }).moduleReady === true);
      ready = true;
      const mark = server.requests.length;
      return { page, seen, served: () => server.requests.slice(mark) };
    }

    function renderInPage(args: { events: DisplayEvent[]; provider?: string; stylesheet?: boolean; startedAt?: number }) {
      const { createDomRenderer } = (window as unknown as { renderer: typeof import('../src/index.js') }).renderer;
      const container = document.createElement('div');
      container.id = 'transcript';
      document.querySelector('#app')?.replaceChildren(container);
      const renderer = createDomRenderer(container, { provider: args.provider, stylesheet: args.stylesheet, startedAt: args.startedAt });
      for (const event of args.events) void renderer.write(event);
      void renderer.end();
    }

    it('renders every corpus scenario with one details per tool call, the text in order and the turns its summary counts', async () => {
      const { page, seen, served } = await openHostPage();
      for (const { name, events } of scenarios) {
        await page.evaluate(renderInPage, { events, provider: 'corpus' });
        const shown = await page.evaluate(readTranscript, '#transcript');
        expect(shown.tools, name).toBe(expectedToolDetails(events));
        expect(shown.lateResults).toBe(0);
        expectTextInOrder(shown.text, events);
        expect(shown.footer).toBe(true);
        expect(shown.summaryTurns, name).toBe(String(shown.turnHeadings.length));
      }
      expect(await page.locator('style[data-x-transcript]').count()).toBe(1);
      expect(seen).toEqual({ requests: [], dialogs: [], errors: [] });
      expect(served()).toEqual([]);
      await page.close();
    });

    it('ignores a kind it does not know, even as the first event', async () => {
      const { page, seen } = await openHostPage();
      const known = sampleRun().filter((event) => (DISPLAY_EVENT_KINDS as readonly string[]).includes(event.kind));
      const later = { kind: 'checkpoint', id: 'c1', label: 'saved' } as unknown as DisplayEvent;
      const shown = async (events: DisplayEvent[]) => {
        await page.evaluate(renderInPage, { events, provider: 'demo', startedAt: 0 });
        return page.locator('#transcript').innerHTML();
      };
      const whole = await shown(known);
      expect(whole).toContain('sess-42');
      expect(await shown([later, ...known])).toBe(whole);
      expect(await shown(known.flatMap((event) => [event, later]))).toBe(whole);
      expect(seen).toEqual({ requests: [], dialogs: [], errors: [] });
      await page.close();
    });

    it('shows text live, renders it when its block ends, and updates a call in place, keeping it open', async () => {
      const { page, seen, served } = await openHostPage();
      await page.evaluate(() => {
        const { createDomRenderer } = (window as unknown as { renderer: typeof import('../src/index.js') }).renderer;
        const container = document.createElement('div');
        container.id = 'transcript';
        document.querySelector('#app')?.replaceChildren(container);
        (window as unknown as { live: unknown }).live = createDomRenderer(container, { provider: 'demo', startedAt: 0 });
      });
      const write = (event: DisplayEvent) =>
        page.evaluate((e) => (window as unknown as { live: { write(e: DisplayEvent): void } }).live.write(e), event);
      await write({ kind: 'session', phase: 'start', sessionId: 'live-1', model: 'model-x' });
      await write({ kind: 'text', id: 'a', text: 'Hello **wor' });
      expect(await page.locator('#transcript .text.streaming').textContent()).toBe('Hello **wor');
      await write({ kind: 'text', id: 'a', text: 'ld** txt.\u202eexe\u{e0041}' });
      expect(await page.locator('#transcript .text.streaming').textContent()).toBe('Hello **world** txt.\\u202eexe\\u{e0041}');
      await write({ kind: 'tool-use', id: 'c1', name: 'Read', toolName: 'read_file', toolKind: 'read', arg: 'a.ts', input: { path: 'a.ts' } });
      expect(await page.locator('#transcript .text strong').textContent()).toBe('world');
      expect(await page.locator('#transcript .streaming').count()).toBe(0);
      const call = page.locator('#transcript details.tool');
      expect(await call.getAttribute('class')).toBe('tool running');
      await call.locator('summary').click();
      await write({ kind: 'tool-result', id: 'c1', name: 'Read', toolKind: 'read', status: 'success', outputState: 'text', output: 'export const a = 1;', details: { path: 'a.ts', contentLength: 19 } });
      expect(await call.count()).toBe(1);
      expect(await call.getAttribute('class')).toBe('tool success');
      expect(await call.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      expect(await call.locator('summary').textContent()).toBe('Read a.ts — Read a.ts (19 chars)');
      expect(await call.locator('pre.tool-output code').getAttribute('class')).toBe('language-typescript');
      await write({ kind: 'tool-use', id: 'c2', name: 'Bash', toolName: 'bash', toolKind: 'execute', arg: 'npm test', input: { command: 'npm test' } });
      // A subagent's block while it streams: its id marked in the tooltip, and the halves of a tag character in two deltas kept apart.
      await write({ kind: 'text', id: 's', text: 'x\udb40', parentToolUseId: 'c2\u202eexe' });
      await write({ kind: 'text', id: 's', text: '\udc41y', parentToolUseId: 'c2\u202eexe' });
      const streaming = page.locator('#transcript .text.streaming');
      expect(await streaming.getAttribute('title')).toBe('Subagent of call c2\\u202eexe');
      expect(await streaming.textContent()).toBe('x\\udb40\\udc41y');
      await page.evaluate(() => (window as unknown as { live: { end(): void } }).live.end());
      expect(await page.locator('#transcript details.tool.unfinished').count()).toBe(1);
      expect(await page.locator('#transcript .session-details').textContent()).toContain('live-1');
      expect(await page.locator('#transcript > footer.run-footer').count()).toBe(1);
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'dom-renderer-live.png'), fullPage: true });
      expect(seen).toEqual({ requests: [], dialogs: [], errors: [] });
      expect(served()).toEqual([]);
      await page.close();
    });

    it('runs nothing from the XSS corpus, including text shown while it streams', async () => {
      const { page, seen, served } = await openHostPage();
      await page.evaluate(renderInPage, { events: hostileCorpus(), provider: XSS_PAYLOADS.join(' ') });
      const streaming = XSS_PAYLOADS.map((text, n): DisplayEvent => ({ kind: 'text', id: `s${n}`, text }));
      await page.evaluate((events) => {
        const { createDomRenderer } = (window as unknown as { renderer: typeof import('../src/index.js') }).renderer;
        const container = document.createElement('div');
        document.querySelector('#transcript')?.append(container);
        const renderer = createDomRenderer(container);
        for (const event of events) void renderer.write(event);
      }, streaming);
      const result = await page.evaluate(provokeAndInspect, '#transcript');
      await page.waitForTimeout(300);
      expectInert(result, seen);
      expect(await page.locator('#transcript .streaming').count()).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(seen.errors).toEqual([]);
      expect(served()).toEqual([]);
      await page.close();
    });
  });
});

if (!hasChromium) it.skip(SKIP_MESSAGE, () => {});
