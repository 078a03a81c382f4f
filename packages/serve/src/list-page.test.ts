import type { SessionFacts } from '@x/search';
import type { SessionInfo } from '@x/sessions';
import { describe, expect, it } from 'vitest';
import { filterSessions, parseFilters } from './list-filter.js';
import { groupSessions, listBodyHtml, serverHrefOf } from './list-page.js';

const session = (id: string, project: string | undefined, startedAt: string, extra: Partial<SessionInfo> = {}): SessionInfo => ({
  agent: 'claude',
  id,
  storage: 'file',
  path: `/h/${id}.jsonl`,
  startedAt,
  updatedAt: startedAt,
  ...(project === undefined ? {} : { project }),
  size: 1,
  ...extra,
});

const AGENTS = ['claude', 'codex', '<x-plugin>'];

const SESSIONS = [
  session('c', '/a', '2026-03-02T09:00:00Z', { title: '<b>bold</b>' }),
  session('b', '/b', '2026-03-01T12:00:00Z', { agent: 'codex' }),
  session('a', '/a', '2026-03-01T08:00:00Z'),
  session('sub', '/a', '2026-03-01T08:30:00Z', { parentId: 'a' }),
];

describe('the list', () => {
  it('groups by project (newest first) and then by day, newest first', () => {
    const groups = groupSessions(SESSIONS.slice(0, 3));
    expect([...groups.keys()]).toEqual(['/a', '/b']);
    expect([...(groups.get('/a')?.keys() ?? [])]).toEqual(['2026-03-02', '2026-03-01']);
  });

  // Each session was added to its day by copying the day's list so far: `xview site` groups every session for its
  // index, and a log's start time is the log's to write, so 100,000 logs dated one day took minutes to group.
  it('groups 100,000 sessions of one project and day at once, in order', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => session(`s${i}`, '/a', '2026-03-01T08:00:00Z'));
    const started = performance.now();
    const day = groupSessions(many).get('/a')?.get('2026-03-01') ?? [];
    // A few milliseconds here, minutes before; grouping is synchronous, so only a measure can fail it.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(day).toHaveLength(many.length);
    expect(day[99_999]).toBe(many[99_999]);
  });

  it('filters by agent, project and date from the query, and never lists a subagent on its own', async () => {
    const none = async () => undefined;
    expect((await filterSessions(SESSIONS, parseFilters(new URLSearchParams(''), AGENTS), none)).map((s) => s.id)).toEqual(['c', 'b', 'a']);
    expect((await filterSessions(SESSIONS, parseFilters(new URLSearchParams('agent=codex'), AGENTS), none)).map((s) => s.id)).toEqual(['b']);
    expect((await filterSessions(SESSIONS, parseFilters(new URLSearchParams('project=/a&until=2026-03-01'), AGENTS), none)).map((s) => s.id)).toEqual(['a']);
    expect(parseFilters(new URLSearchParams('agent=evil&since=yesterday&status=odd&page=-3'), AGENTS)).toEqual({ page: 1 });
  });

  it('escapes titles and marks running sessions', () => {
    const html = listBodyHtml(SESSIONS.slice(0, 3), {
      filters: { page: 1 },
      hrefOf: serverHrefOf('/x-base'),
      home: '/x-base/',
      agents: AGENTS,
      projects: ['/a', '/b'],
      running: new Set(['c']),
      facts: () => undefined,
      reading: true,
      redact: false,
    });
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    // An agent id comes from a plugin's store: escaped like any other text.
    expect(html).toContain('<option value="&lt;x-plugin&gt;">&lt;x-plugin&gt;</option>');
    expect(html).not.toContain('<x-plugin>');
    expect(html).toContain('● running');
    expect(html.match(/● running/g)).toHaveLength(1);
  });

  it('shows why stores left sessions out, one escaped notice each, redacted with redact', () => {
    const view = {
      filters: { page: 1 },
      hrefOf: serverHrefOf('/x-base'),
      home: '/x-base/',
      agents: AGENTS,
      projects: [],
      running: new Set<string>(),
      facts: () => undefined,
      reading: false,
    };
    const warning = "Plugin <img src=x onerror=alert(1)>'s sessions are not listed: token ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R";
    const html = listBodyHtml([], { ...view, redact: false, warnings: [warning] });
    expect(html).toContain('<p class="notice warning x-store-warning">Plugin &lt;img src=x onerror=alert(1)&gt;&#39;s sessions are not listed: token ghp_');
    expect(html).not.toContain('<img');
    const redacted = listBodyHtml([], { ...view, redact: true, warnings: [warning] });
    expect(redacted).toContain('[REDACTED:');
    expect(redacted).not.toContain('ghp_1a2B3c4D');
  });

  it("shows each session's duration and status as the index noted them, running first, and marks one not indexed yet", () => {
    const facts = new Map<string, SessionFacts>([
      ['b', { status: 'error', durationMs: 95_000, events: 4 }],
      ['a', { events: 2 }],
    ]);
    const html = listBodyHtml(SESSIONS.slice(0, 3), {
      filters: { page: 1 },
      hrefOf: serverHrefOf('/x-base'),
      home: '/x-base/',
      agents: AGENTS,
      projects: [],
      running: new Set(['c']),
      facts: (s) => facts.get(s.id),
      reading: true,
      redact: false,
    });
    expect(html).toContain('<th>Duration</th><th>Status</th>');
    const row = (id: string) => html.match(new RegExp(`<tr data-key="${id}">(.*?)</tr>`))?.[1] ?? '';
    expect(row('b')).toContain('<td>1 min 35 s</td><td>failed</td>');
    expect(row('a')).toContain('<td></td><td><span title="no session end reported">—</span></td>');
    expect(row('c')).toContain('● running');
    const unknown = listBodyHtml(SESSIONS.slice(0, 1), {
      filters: { page: 1 },
      hrefOf: serverHrefOf('/x-base'),
      home: '/x-base/',
      agents: AGENTS,
      projects: [],
      running: new Set(),
      facts: () => undefined,
      reading: true,
      redact: false,
    });
    expect(unknown).toContain('title="not read yet"');
  });

  it('filters by status from the noted facts without reading a summary, and reads one only where nothing is noted', async () => {
    const read: string[] = [];
    const summary = async (s: SessionInfo) => {
      read.push(s.id);
      return { status: 'cancelled' as const, turns: [], edits: [], compactions: [], events: 0, estimatedBytes: 0, editsCut: false };
    };
    const noted = (s: SessionInfo): SessionFacts | undefined =>
      s.id === 'c' ? { status: 'error', events: 1 } : s.id === 'b' ? { status: 'success', events: 1 } : undefined;
    const failed = await filterSessions(SESSIONS, parseFilters(new URLSearchParams('status=failed'), AGENTS), summary, noted);
    expect(failed.map((s) => s.id)).toEqual(['c']);
    expect(read).toEqual(['a']);
    const cancelled = await filterSessions(SESSIONS, parseFilters(new URLSearchParams('status=cancelled'), AGENTS), summary, noted);
    expect(cancelled.map((s) => s.id)).toEqual(['a']);
  });
});
