import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aggregateRun, type DisplayEvent } from '@x/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { bundleViewerScript } from './browser-bundle.js';
import { listCatalog } from './fixture-catalog.js';
import { viewerPage } from './viewer-page.js';
import { createViewerServer, type ViewerServer } from './viewer-server.js';

const DELAY_MS = 10;
let viewer: ViewerServer;

beforeAll(async () => {
  viewer = await createViewerServer({ fixturesDir: FIXTURES_DIR, delayMs: DELAY_MS });
});

afterAll(async () => {
  await viewer.close();
});

interface SseMessage {
  event: string | undefined;
  data: unknown;
}

/** Splits an SSE body into messages; every `data` the server sends is one line of JSON. */
function parseSse(body: string): SseMessage[] {
  return body
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const fields = new Map(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const));
      return { event: fields.get('event'), data: JSON.parse(fields.get('data') ?? 'null') as unknown };
    });
}

/** A GET with the path sent as written: `fetch` would resolve `..` before sending it. */
function getRaw(origin: string, path: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    request(`${origin}${path}`, { method: 'GET' }, (response) => {
      response.resume();
      resolve(response.statusCode);
    })
      .on('error', reject)
      .end();
  });
}

function expectedEvents(name: string): DisplayEvent[] {
  return JSON.parse(readFileSync(join(FIXTURES_DIR, `${name}.events.json`), 'utf8')) as DisplayEvent[];
}

describe('/events', () => {
  it.each([
    ['claude/read-edit-run', 'claude'],
    ['codex/read-edit-run', 'codex'],
    ['copilot/read-edit-run', 'copilot'],
    ['gemini/read-edit-run', 'gemini'],
    ['opencode/bus-streamed-deltas', 'opencode'],
    ['openai-compatible/streamed-text-and-tool-calls', 'openai-compatible'],
  ])('replays %s as one SSE message per event, parsed by the %s source it detected', async (name, sourceId) => {
    const response = await fetch(`${viewer.origin}/events?fixture=${encodeURIComponent(name)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const messages = parseSse(await response.text());
    const events = expectedEvents(name);

    expect(messages[0]).toMatchObject({ event: 'source', data: { id: sourceId } });
    expect(messages.slice(1, -1)).toEqual(events.map((event) => ({ event: undefined, data: event })));
    expect(messages.at(-1)).toMatchObject({ event: 'end', data: { status: aggregateRun(events).status } });
  });

  it('paces the events', async () => {
    const started = performance.now();
    const messages = parseSse(await (await fetch(`${viewer.origin}/events?fixture=claude%2Fread-edit-run`)).text());
    const events = messages.length - 2;
    expect(events).toBe(expectedEvents('claude/read-edit-run').length);
    // Timers may fire a little early; the pause after each event adds up all the same.
    expect(performance.now() - started).toBeGreaterThanOrEqual(events * DELAY_MS * 0.8);
  });

  it('answers 422 with the reason when no source recognises a stream', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'x-web-viewer-'));
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes', 'shopping.jsonl'), 'eggs\nmilk\n');
    const other = await createViewerServer({ fixturesDir: dir, delayMs: 0 });
    try {
      const response = await fetch(`${other.origin}/events?fixture=notes%2Fshopping`);
      expect(response.status).toBe(422);
      expect(await response.text()).toMatch(/^no registered source \(claude, codex, copilot, gemini, openai-compatible, opencode\) recognised the first 2 lines\n$/);
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('pages and files', () => {
  it('lists every fixture on the index, each linked to its viewer page', async () => {
    const response = await fetch(`${viewer.origin}/`);
    const html = await response.text();
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html.match(/<li><a href="\/view\?fixture=/g)).toHaveLength(listCatalog(FIXTURES_DIR).length);
    expect(html).toContain('<li><a href="/view?fixture=claude%2Fread-edit-run">claude/read-edit-run</a></li>');
  });

  it('gives each viewer page a fresh nonce, in its policy and on its one script only', async () => {
    const nonces = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${viewer.origin}/view?fixture=claude%2Fread-edit-run`);
      const policy = response.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      const html = await response.text();
      expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(policy).not.toContain('unsafe');
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html.match(/nonce="/g)).toHaveLength(1);
      expect(html).toContain(`<script type="module" src="/viewer.js" nonce="${nonce}"></script>`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('escapes the fixture name in the page', () => {
    const html = viewerPage('a/<img src=x onerror=alert(1)>"', 'n');
    expect(html).toContain('data-fixture="a/&lt;img src=x onerror=alert(1)&gt;&quot;"');
    expect(html).not.toContain('<img');
  });

  it('serves the viewer script bundled with its imports, and the stylesheet', async () => {
    const response = await fetch(`${viewer.origin}/viewer.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(await bundleViewerScript());
    expect((await fetch(`${viewer.origin}/transcript.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('serves nothing else', async () => {
    for (const path of [
      '/view?fixture=claude%2Fmissing',
      '/events?fixture=..%2F..%2Fpackage.json',
      '/src/browser/viewer.js',
      '/viewer.js/../package.json',
      '/viewer.js/%2e%2e/package.json',
      '/%2e%2e/%2e%2e/package.json',
      '/modules/@x/core/index.js',
      '/node_modules/zod/package.json',
      '/fixtures/claude/read-edit-run.jsonl',
    ]) {
      expect(await getRaw(viewer.origin, path), path).toBe(404);
    }
    expect((await fetch(`${viewer.origin}/`, { method: 'POST' })).status).toBe(405);
  });
});
