import type { IndexEntry, SessionInfo } from '@x/sessions';
import { describe, expect, it } from 'vitest';
import { STATIC_SEARCH_CSP, STATIC_SEARCH_MAX_BYTES, searchRows, staticSearchHtml } from './static-search.js';

const entry = (n: number, extra: Partial<IndexEntry> = {}): IndexEntry => {
  const session: SessionInfo = {
    agent: 'claude',
    id: `s${n}`,
    storage: 'file',
    path: `/h/s${n}.jsonl`,
    updatedAt: '2026-03-02T10:00:00.000Z',
    startedAt: '2026-03-01T10:00:00.000Z',
    project: '/work/a',
    size: 1,
  };
  return { session, href: `sessions/claude-s${n}.html`, title: `title ${n}`, facts: { prompts: [`prompt of ${n}`] }, ...extra };
};

/** The JSON in the page's data block, read back. */
const dataOf = (html: string) => JSON.parse(/<script type="application\/json" id="x-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

describe('the static search page', () => {
  it('holds each rendered session as a row: page, title, agent, project, day, prompts; a session without a page is left out', () => {
    const html = staticSearchHtml([entry(1), entry(2, { href: '' })], 'Sessions');
    expect(dataOf(html)).toEqual([['sessions/claude-s1.html', 'title 1', 'claude', '/work/a', '2026-03-01', ['prompt of 1']]]);
    expect(html).toContain(`content="${STATIC_SEARCH_CSP}"`);
    expect(STATIC_SEARCH_CSP).toMatch(/; script-src 'sha256-[A-Za-z0-9+/]+=*'$/);
  });

  it('keeps hostile strings inert in its data block: no tag, comment or line separator gets out of it', () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028\u2029 <img src=x onerror=alert(2)>';
    const html = staticSearchHtml([entry(1, { title: hostile, facts: { prompts: [hostile] } })], hostile);
    const block = /<script type="application\/json" id="x-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(block).not.toMatch(/[<\u2028\u2029]/);
    // Back as the text it was, the line separators marked as every invisible character is.
    expect(dataOf(html)[0][1]).toBe(hostile.replace('\u2028\u2029', '\\u2028\\u2029'));
    // Exactly the two script elements the page is made of, and the title escaped in the head.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('<title>Search: &lt;/script&gt;');
  });

  it('marks the invisible characters of titles, projects and prompts, which the script shows with textContent', () => {
    const hidden = 'invoice.\u202efdp.exe r\u200bm \u2066x\u2069 \u{e0041}';
    const html = staticSearchHtml([entry(1, { title: hidden, facts: { prompts: [hidden] }, session: { ...entry(1).session, project: hidden } })], 'Sessions');
    const block = /<script type="application\/json" id="x-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(block).not.toMatch(/[\u200b\u202e\u2066\u2069]|\u{e0041}/u);
    const marked = 'invoice.\\u202efdp.exe r\\u200bm \\u2066x\\u2069 \\u{e0041}';
    expect(dataOf(html)[0]).toEqual(['sessions/claude-s1.html', marked, 'claude', marked, '2026-03-01', [marked]]);
  });

  it('stops at its size cap with the newest sessions, and says how many it left out', () => {
    const big = 'x'.repeat(150);
    const entries = Array.from({ length: 20_000 }, (_, n) => entry(n, { facts: { prompts: [big] } }));
    const { json, rows, left } = searchRows(entries);
    const parsed = JSON.parse(json) as string[][];
    expect(parsed).toHaveLength(rows);
    expect(rows).toBeGreaterThan(0);
    expect(rows + left).toBe(20_000);
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(STATIC_SEARCH_MAX_BYTES);
    expect(parsed[0]?.[0]).toBe('sessions/claude-s0.html');
    expect(staticSearchHtml(entries, 'Sessions')).toContain(`${left} older ones are left out to keep it under 2 MiB`);
  });
});
