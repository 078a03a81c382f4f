import { appendFileSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempHome, writeClaude, writeCodex } from '../test/fake-home.js';
import { listSessions } from './list-sessions.js';
import { pagePath, writeSite } from './site.js';
import type { SessionInfo } from './types.js';

const at = (day: number) => `2026-03-0${day}T10:00:00.000Z`;

async function twoSessions(): Promise<{ home: string; sessions: SessionInfo[] }> {
  const home = tempHome();
  writeClaude(join(home, '.claude'), { id: 'c1', cwd: '/work/app', prompt: 'Fix <b>the</b> bug', at: at(1) });
  writeCodex(join(home, '.codex'), { id: '11111111-2222-3333-4444-555555555555', cwd: '/work/lib', prompt: 'Add a test', at: at(2) });
  return { home, sessions: await listSessions({ home }) };
}

const page = (s: SessionInfo) => Promise.resolve(`<!DOCTYPE html><title>${s.id}</title>${s.size}`);

describe('writeSite', () => {
  it('writes an index grouped by project and one page per session', async () => {
    const { sessions } = await twoSessions();
    const out = tempHome();
    const report = await writeSite(out, sessions, { render: page });
    expect(report).toMatchObject({ written: 2, unchanged: 0, failed: [] });
    expect(readdirSync(join(out, 'sessions')).sort()).toEqual(['claude-c1.html', 'codex-11111111-2222-3333-4444-555555555555.html']);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('<h2>/work/app</h2>');
    expect(index).toContain('<h2>/work/lib</h2>');
    expect(index).toContain('<a href="sessions/claude-c1.html">Fix &lt;b&gt;the&lt;/b&gt; bug</a>');
    expect(index.indexOf('/work/lib')).toBeLessThan(index.indexOf('/work/app'));
  });

  it('rewrites only the pages whose log changed, and all of them when the variant changes', async () => {
    const { home, sessions } = await twoSessions();
    const out = tempHome();
    await writeSite(out, sessions, { render: page });
    const codexPage = join(out, pagePath(sessions.find((s) => s.agent === 'codex') as SessionInfo));
    const before = statSync(codexPage).mtimeMs;
    expect(await writeSite(out, sessions, { render: page })).toMatchObject({ written: 0, unchanged: 2 });
    const claude = sessions.find((s) => s.agent === 'claude') as SessionInfo;
    appendFileSync(claude.path, `${JSON.stringify({ type: 'user', sessionId: 'c1', message: { role: 'user', content: 'more' } })}\n`);
    const again = await listSessions({ home });
    expect(await writeSite(out, again, { render: page })).toMatchObject({ written: 1, unchanged: 1 });
    expect(statSync(codexPage).mtimeMs).toBe(before);
    expect(await writeSite(out, again, { render: page, variant: 'redact' })).toMatchObject({ written: 2, unchanged: 0 });
  });

  it('lists a session whose page failed without a link, and retries it next run', async () => {
    const { sessions } = await twoSessions();
    const out = tempHome();
    const failing = (s: SessionInfo) => (s.agent === 'codex' ? Promise.reject(new Error('no source reads codex session logs')) : page(s));
    const report = await writeSite(out, sessions, { render: failing });
    expect(report.failed.map((f) => [f.session.agent, f.error])).toEqual([['codex', 'no source reads codex session logs']]);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('Add a test (not rendered)</td>');
    expect(await writeSite(out, sessions, { render: page })).toMatchObject({ written: 1, unchanged: 1 });
  });

  it('renders on worker threads with a module that exports createRender', async () => {
    const { sessions } = await twoSessions();
    const dir = tempHome();
    const module = join(dir, 'render.mjs');
    writeFileSync(module, 'export function createRender(data) { return async (s) => `<p>${data.prefix}${s.agent}:${s.id}</p>`; }\n');
    const out = tempHome();
    const report = await writeSite(out, sessions, { render: page, worker: { module: pathToFileURL(module), data: { prefix: 'w:' } }, threads: 2 });
    expect(report.written).toBe(2);
    expect(readFileSync(join(out, 'sessions', 'claude-c1.html'), 'utf8')).toBe('<p>w:claude:c1</p>');
  });

  it('draws a progress bar on a terminal only', async () => {
    const { sessions } = await twoSessions();
    const drawn: string[] = [];
    await writeSite(tempHome(), sessions, { render: page, progress: { isTTY: true, write: (c: string) => drawn.push(c) } });
    expect(drawn.some((c) => c.includes('2/2'))).toBe(true);
    const piped: string[] = [];
    await writeSite(tempHome(), sessions, { render: page, progress: { isTTY: false, write: (c: string) => piped.push(c) } });
    expect(piped).toEqual([]);
  });
});

describe('writeSite with redact', () => {
  it('replaces secrets in what the index shows', async () => {
    const home = tempHome();
    writeClaude(join(home, '.claude'), { id: 'c1', cwd: '/work/app', prompt: 'use ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R', at: at(1) });
    const out = tempHome();
    await writeSite(out, await listSessions({ home }), { render: page, redact: true });
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('use [REDACTED:github-token]');
    expect(index).not.toContain('ghp_1a2B');
  });
});
