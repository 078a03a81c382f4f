import type { SessionInfo } from '@x/sessions';
import { describe, expect, it } from 'vitest';
import { filterSessions, parseFilters } from './list-filter.js';
import { groupSessions, listBodyHtml } from './list-page.js';

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

  it('filters by agent, project and date from the query, and never lists a subagent on its own', async () => {
    const none = async () => undefined;
    expect((await filterSessions(SESSIONS, parseFilters(new URLSearchParams(''), AGENTS), none)).map((s) => s.id)).toEqual(['c', 'b', 'a']);
    expect((await filterSessions(SESSIONS, parseFilters(new URLSearchParams('agent=codex'), AGENTS), none)).map((s) => s.id)).toEqual(['b']);
    expect((await filterSessions(SESSIONS, parseFilters(new URLSearchParams('project=/a&until=2026-03-01'), AGENTS), none)).map((s) => s.id)).toEqual(['a']);
    expect(parseFilters(new URLSearchParams('agent=evil&since=yesterday&status=odd&page=-3'), AGENTS)).toEqual({ page: 1 });
  });

  it('escapes titles and marks running sessions', () => {
    const html = listBodyHtml(SESSIONS.slice(0, 3), { filters: { page: 1 }, agents: AGENTS, projects: ['/a', '/b'], running: new Set(['c']), redact: false });
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    // An agent id comes from a plugin's store: escaped like any other text.
    expect(html).toContain('<option value="&lt;x-plugin&gt;">&lt;x-plugin&gt;</option>');
    expect(html).not.toContain('<x-plugin>');
    expect(html).toContain('● running');
    expect(html.match(/● running/g)).toHaveLength(1);
  });
});
