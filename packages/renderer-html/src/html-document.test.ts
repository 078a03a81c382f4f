import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import type { DisplayEvent } from '@x/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleRun } from '../test/sample-run.js';
import { XSS_PAYLOADS, hostileCorpus } from '../test/xss-corpus.js';
import { renderHtmlDocument } from './html-document.js';
import { createHtmlRenderer } from './html-renderer.js';
import { CONTENT_SECURITY_POLICY, TRANSCRIPT_CSS, TRANSCRIPT_CSS_HASH } from './transcript-style.js';

const OPTIONS = { title: 'Demo run', provider: 'demo', startedAt: new Date('2025-05-01T10:00:00Z') };

async function stream(events: DisplayEvent[], sink: (chunks: string[]) => Parameters<typeof createHtmlRenderer>[0]['sink']): Promise<string> {
  const chunks: string[] = [];
  const renderer = createHtmlRenderer({ ...OPTIONS, sink: sink(chunks) });
  for (const event of events) await renderer.write(event);
  await renderer.end();
  return chunks.join('');
}

describe('renderHtmlDocument', () => {
  it('is one self-contained document: CSP first, inline style, header, main, footer', () => {
    const html = renderHtmlDocument(sampleRun(), OPTIONS);
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy"')).toBe(true);
    expect(html).toContain(`<style>${TRANSCRIPT_CSS}</style>`);
    expect(html).toContain('<header class="run-header"><h1>Demo run</h1><dl class="run-details"><div><dt>Provider</dt><dd>demo</dd></div><div><dt>Model</dt><dd>model-x</dd></div><div><dt>Session</dt><dd><code>sess-42</code></dd></div><div><dt>Started</dt><dd><time datetime="2025-05-01T10:00:00.000Z">2025-05-01T10:00:00.000Z</time></dd></div>');
    expect(html).toMatch(/<\/header>\n<main>\n[\s\S]*\n<\/main>\n<footer class="run-footer"><h2>Summary<\/h2>[\s\S]*<\/footer>\n<\/body>\n<\/html>\n$/);
    expect(html.replace('<link rel="icon" href="data:,">', '')).not.toMatch(/<script|<link|<img|<iframe|src=|url\(/i);
    expect(html.slice(html.indexOf('<body')).match(/href="([^"]*)"/g)).toEqual(['href="https://example.com/guide"']);
  });

  it('allows no script, no remote load and only its own stylesheet', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(`default-src 'none'; style-src ${TRANSCRIPT_CSS_HASH}; img-src data:; base-uri 'none'; form-action 'none'`);
    expect(CONTENT_SECURITY_POLICY).not.toContain('script-src');
    const hash = createHash('sha256').update(TRANSCRIPT_CSS, 'utf8').digest('base64');
    expect(TRANSCRIPT_CSS_HASH).toBe(`'sha256-${hash}'`);
  });

  it('has light, dark and print styles', () => {
    expect(TRANSCRIPT_CSS).toContain('@media (prefers-color-scheme:dark)');
    expect(TRANSCRIPT_CSS).toContain('@media print');
    expect(TRANSCRIPT_CSS).not.toMatch(/url\(|@import/);
  });

  it('renders an empty run as a complete document', () => {
    const html = renderHtmlDocument([]);
    expect(html).toContain('<title>Agent run</title>');
    expect(html).toContain('<main>\n</main>');
    expect(html).toContain('<dt>Status</dt><dd>no session end reported</dd>');
  });

  it('puts a session start that is not the first event in the main flow', () => {
    const html = renderHtmlDocument([{ kind: 'text', id: 'a', text: 'hi' }, { kind: 'session', phase: 'start', sessionId: 'late' }]);
    expect(html).not.toContain('<header class="run-header"><h1>Agent run</h1><dl');
    expect(html).toContain('<aside class="session-details" aria-label="Session details"><dl class="run-details"><div><dt>Session</dt><dd><code>late</code></dd></div></dl></aside>');
  });

  it('shows a start time given as a string as it is', () => {
    const html = renderHtmlDocument([], { startedAt: 'yesterday <noon>' });
    expect(html).toContain('<div><dt>Started</dt><dd>yesterday &lt;noon&gt;</dd></div>');
  });

  it('throws for options that are programming mistakes', () => {
    expect(() => renderHtmlDocument([], { startedAt: new Date('nope') })).toThrow(/startedAt must be a valid Date/);
    expect(() => createHtmlRenderer({} as never)).toThrow(/needs \{ sink \}/);
  });
});

describe('createHtmlRenderer: streaming', () => {
  const whole = renderHtmlDocument(sampleRun(), OPTIONS);

  it('writes exactly the whole document to a callback, a Node writable and a Web stream', async () => {
    expect(await stream(sampleRun(), (chunks) => (chunk: string) => void chunks.push(chunk))).toBe(whole);
    expect(
      // biome-ignore lint/complexity/noCommaOperator: the chunk is kept and the write acknowledged in one callback
      await stream(sampleRun(), (chunks) => new Writable({ highWaterMark: 16, write: (chunk: Buffer, _encoding, done) => (chunks.push(chunk.toString()), setTimeout(done, 0)) })),
    ).toBe(whole);
    expect(await stream(sampleRun(), (chunks) => new WritableStream<string>({ write: (chunk) => void chunks.push(chunk) }, { highWaterMark: 1 }))).toBe(whole);
  });

  it('writes the head at the first event, a fragment per event, and the tail at the end', () => {
    const chunks: string[] = [];
    const renderer = createHtmlRenderer({ sink: (chunk: string) => void chunks.push(chunk) });
    void renderer.write({ kind: 'session', phase: 'start', sessionId: 's' });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatch(/<main>\n$/);
    void renderer.write({ kind: 'tool-use', id: 'a', name: 'Bash', toolName: 'bash', toolKind: 'execute', arg: 'ls', input: { command: 'ls' } });
    void renderer.write({ kind: 'tool-result', id: 'a', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'text', output: 'a\nb', details: { exitCode: 0 } });
    expect(chunks.at(-1)).toMatch(/^<details class="tool success">[\s\S]*<\/details>\n$/);
    void renderer.end();
    expect(chunks.at(-1)).toMatch(/^<\/section>\n<\/main>\n<footer/);
    void renderer.write({ kind: 'text', id: 'z', text: 'after the end' });
    expect(chunks.join('')).not.toContain('after the end');
  });

  it('ignores a value that is not an event, as the terminal renderer does', () => {
    const chunks: string[] = [];
    const renderer = createHtmlRenderer({ sink: (chunk: string) => void chunks.push(chunk) });
    for (const value of [null, undefined, 42, 'text', true]) expect(() => renderer.write(value as unknown as DisplayEvent)).not.toThrow();
    expect(chunks).toEqual([]);
    void renderer.end();
    expect(chunks.join('')).toMatch(/<\/html>\n?$/);
  });

  it('gives the same document however the text and reasoning increments are cut', () => {
    const events = sampleRun();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 8 }), (sizes) => {
        let n = 0;
        const recut = events.flatMap((event): DisplayEvent[] => {
          if (event.kind !== 'text' && event.kind !== 'reasoning') return [event];
          const pieces: DisplayEvent[] = [];
          for (let i = 0; i < event.text.length; ) {
            const size = sizes[n++ % sizes.length] ?? 1;
            pieces.push({ ...event, text: event.text.slice(i, i + size) });
            i += size;
          }
          return pieces;
        });
        expect(renderHtmlDocument(recut, OPTIONS)).toBe(whole);
      }),
      { numRuns: 50 },
    );
  });
});

describe('safety: every string of every event is escaped', () => {
  const ALLOWED_TAGS = new Set([
    'html', 'head', 'meta', 'title', 'style', 'body', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dl', 'dt', 'dd', 'div', 'main', 'section',
    'aside', 'footer', 'details', 'summary', 'span', 'code', 'pre', 'p', 'strong', 'em', 'br', 'ul', 'ol', 'li', 'a', 'hr', 'time',
    's', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ]);
  const ALLOWED_ATTRIBUTES = new Set(['lang', 'charset', 'http-equiv', 'content', 'name', 'class', 'role', 'aria-label', 'href', 'rel', 'start', 'datetime', 'title', 'data-parent-tool-use-id']);

  it('writes no tag and no attribute but its own, and links only to http(s)', () => {
    const payload = XSS_PAYLOADS.join(' ');
    const html = renderHtmlDocument(hostileCorpus(), { title: payload, provider: payload, startedAt: payload });
    const body = html.replace(/<style>[^<]*<\/style>/, '').replace('<!DOCTYPE html>', '').replace('<link rel="icon" href="data:,">', '');
    for (const match of body.matchAll(/<\/?([^\s>/]+)([^>]*)>/g)) {
      const [whole, tag = '', attributes = ''] = match;
      expect(ALLOWED_TAGS, whole).toContain(tag);
      const rest = attributes.replace(/\s([a-z-]+)(?:="([^"]*)")?/g, (_, name: string, value: string | undefined) => {
        expect(ALLOWED_ATTRIBUTES, `${name} in ${whole}`).toContain(name);
        if (name === 'href') expect(value).toMatch(/^https?:\/\//i);
        if (name === 'class') expect(value).toMatch(/^[a-z0-9 +#._-]+$/);
        if (name === 'content' && tag === 'meta') expect(value).not.toMatch(/url|script/i);
        return '';
      });
      expect(rest.trim(), whole).toBe('');
    }
    expect(body).not.toMatch(/<(script|img|svg|iframe|object|embed|form|base|link|math|noscript|plaintext)/i);
    expect(body).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
  });

  it('never throws on hostile content, through every path', () => {
    for (const payload of XSS_PAYLOADS) expect(() => renderHtmlDocument(hostileCorpus().slice(0, 20), { title: payload })).not.toThrow();
  });
});
