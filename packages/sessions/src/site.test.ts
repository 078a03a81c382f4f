import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { copilotSource } from '@x/provider-copilot';
import { claudeLines, put, tempHome, writeClaude, writeCodex, writeCopilot } from '../test/fake-home.js';
import { PageWriteError, writeSessionPage } from './page-file.js';
import { renderSessionHtml } from './render-session.js';
import { listSessions } from './list-sessions.js';
import { type IndexEntry, pagePath, pagePaths, writeSite } from './site.js';
import type { SessionInfo } from './types.js';
import { STORES } from '../test/stores.js';

const at = (day: number) => `2026-03-0${day}T10:00:00.000Z`;

async function twoSessions(): Promise<{ home: string; sessions: SessionInfo[] }> {
  const home = tempHome();
  writeClaude(join(home, '.claude'), { id: 'c1', cwd: '/work/app', prompt: 'Fix <b>the</b> bug', at: at(1) });
  writeCodex(join(home, '.codex'), { id: '11111111-2222-3333-4444-555555555555', cwd: '/work/lib', prompt: 'Add a test', at: at(2) });
  return { home, sessions: await listSessions({ stores: STORES, home }) };
}

const page = (s: SessionInfo, file: string) => writeFile(file, `<!DOCTYPE html><title>${s.id}</title>${s.size}`);

/** The index as the rows writeSite hands over, one JSON line each: what the page shows of them is the view's (see @x/serve's static list). */
const renderIndex = (entries: readonly IndexEntry[], title: string) =>
  [title, ...entries.map((e) => JSON.stringify({ agent: e.session.agent, project: e.session.project, href: e.href, title: e.title, facts: e.facts }))].join(
    '\n',
  );
const rowsOf = (out: string) =>
  readFileSync(join(out, 'index.html'), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('writeSite', () => {
  it('writes an index of the sessions as listed, each with its page, and one page per session', async () => {
    const { sessions } = await twoSessions();
    const out = tempHome();
    const report = await writeSite(out, sessions, { render: page, renderIndex, renderSearch: (entries, title) => `${title}: ${entries.length} rows` });
    expect(report).toMatchObject({ written: 2, unchanged: 0, failed: [] });
    expect(readFileSync(join(out, 'search.html'), 'utf8')).toBe('Agent sessions: 2 rows');
    expect(readdirSync(join(out, 'sessions')).sort()).toEqual(['claude-c1.html', 'codex-11111111-2222-3333-4444-555555555555.html']);
    expect(readFileSync(join(out, 'index.html'), 'utf8').split('\n')[0]).toBe('Agent sessions');
    expect(rowsOf(out)).toEqual([
      { agent: 'codex', project: '/work/lib', href: 'sessions/codex-11111111-2222-3333-4444-555555555555.html', title: 'Add a test' },
      { agent: 'claude', project: '/work/app', href: 'sessions/claude-c1.html', title: 'Fix <b>the</b> bug' },
    ]);
  });

  it('rewrites only the pages whose log changed, and all of them when the variant changes', async () => {
    const { home, sessions } = await twoSessions();
    const out = tempHome();
    await writeSite(out, sessions, { render: page, renderIndex });
    const codexPage = join(out, pagePath(sessions.find((s) => s.agent === 'codex') as SessionInfo));
    const before = statSync(codexPage).mtimeMs;
    expect(await writeSite(out, sessions, { render: page, renderIndex })).toMatchObject({ written: 0, unchanged: 2 });
    const claude = sessions.find((s) => s.agent === 'claude') as SessionInfo;
    appendFileSync(claude.path, `${JSON.stringify({ type: 'user', sessionId: 'c1', message: { role: 'user', content: 'more' } })}\n`);
    const again = await listSessions({ stores: STORES, home });
    expect(await writeSite(out, again, { render: page, renderIndex })).toMatchObject({ written: 1, unchanged: 1 });
    expect(statSync(codexPage).mtimeMs).toBe(before);
    expect(await writeSite(out, again, { render: page, renderIndex, variant: 'redact' })).toMatchObject({ written: 2, unchanged: 0 });
  });

  it('lists a session whose page failed without a link, and retries it next run', async () => {
    const { sessions } = await twoSessions();
    const out = tempHome();
    const failing = (s: SessionInfo, file: string) => (s.agent === 'codex' ? Promise.reject(new Error('no source reads codex session logs')) : page(s, file));
    const report = await writeSite(out, sessions, { render: failing, renderIndex });
    expect(report.failed.map((f) => [f.session.agent, f.error])).toEqual([['codex', 'no source reads codex session logs']]);
    expect(rowsOf(out).map((r) => [r.title, r.href])).toEqual([
      ['Add a test', ''],
      ['Fix <b>the</b> bug', 'sessions/claude-c1.html'],
    ]);
    expect(await writeSite(out, sessions, { render: page, renderIndex })).toMatchObject({ written: 1, unchanged: 1 });
  });

  it('renders on worker threads with a module that exports createRender', async () => {
    const { sessions } = await twoSessions();
    const dir = tempHome();
    const module = join(dir, 'render.mjs');
    const body = "return (s, file) => writeFile(file, '<p>' + data.prefix + s.agent + ':' + s.id + '</p>').then(() => ({ durationMs: s.id.length }));";
    writeFileSync(module, `import { writeFile } from 'node:fs/promises';\nexport function createRender(data) { ${body} }\n`);
    const out = tempHome();
    const report = await writeSite(out, sessions, { render: page, renderIndex, worker: { module: pathToFileURL(module), data: { prefix: 'w:' } }, threads: 2 });
    expect(report.written).toBe(2);
    expect(readFileSync(join(out, 'sessions', 'claude-c1.html'), 'utf8')).toBe('<p>w:claude:c1</p>');
    // What a thread's render noted crosses back to the index.
    expect(rowsOf(out).map((r) => r.facts)).toEqual([{ durationMs: 36 }, { durationMs: 2 }]);
  });

  it('draws a progress bar on a terminal only', async () => {
    const { sessions } = await twoSessions();
    const drawn: string[] = [];
    await writeSite(tempHome(), sessions, { render: page, renderIndex, progress: { isTTY: true, write: (c: string) => drawn.push(c) } });
    expect(drawn.some((c) => c.includes('2/2'))).toBe(true);
    const piped: string[] = [];
    await writeSite(tempHome(), sessions, { render: page, renderIndex, progress: { isTTY: false, write: (c: string) => piped.push(c) } });
    expect(piped).toEqual([]);
  });
});

describe('writeSite and the facts a render notes', () => {
  it('hands them to the index, keeps them for pages left unchanged, and drops a value of the wrong type from the manifest', async () => {
    const { sessions } = await twoSessions();
    const out = tempHome();
    const noting = async (s: SessionInfo, file: string) => {
      await page(s, file);
      return s.agent === 'codex' ? { status: 'error' as const, durationMs: 1500 } : undefined;
    };
    await writeSite(out, sessions, { render: noting, renderIndex });
    const expected = [{ status: 'error', durationMs: 1500 }, undefined];
    expect(rowsOf(out).map((r) => r.facts)).toEqual(expected);
    expect(await writeSite(out, sessions, { render: page, renderIndex })).toMatchObject({ written: 0, unchanged: 2 });
    expect(rowsOf(out).map((r) => r.facts)).toEqual(expected);
    const manifestPath = join(out, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const codexPage = pagePath(sessions[0] as SessionInfo);
    manifest.pages[codexPage].facts = { status: '<script>', durationMs: 'long', prompts: ['kept', 7, 'x'.repeat(500)] };
    writeFileSync(manifestPath, JSON.stringify(manifest));
    await writeSite(out, sessions, { render: page, renderIndex });
    expect(rowsOf(out).map((r) => r.facts)).toEqual([{ prompts: ['kept', 'x'.repeat(200)] }, undefined]);
  });
});

describe('writeSite over hostile ids and a planted output folder', () => {
  it('names the page of a session whose id is past a file name’s length by a cut key and a hash, and writes the rest', async () => {
    // Codex takes a session's id from the log's first line, not from its file's name: any length.
    const codex = (id: string, n: number): SessionInfo => ({ agent: 'codex', id, storage: 'file', path: `/h/${n}.jsonl`, updatedAt: at(n), size: 1 });
    const sessions = [codex('L'.repeat(5000), 1), codex(`${'L'.repeat(4999)}M`, 2), { ...codex('c1', 3), agent: 'claude' }];
    const out = tempHome();
    const report = await writeSite(out, sessions, { render: page, renderIndex });
    expect(report).toMatchObject({ written: 3, failed: [] });
    const names = readdirSync(join(out, 'sessions'));
    expect(names).toHaveLength(3);
    for (const name of names) expect(name).toMatch(/^(claude-c1|codex-L{151}-[0-9a-f]{8})\.html$/);
  });

  it('takes a FIFO in the manifest’s place as no manifest, without waiting on it, and puts a manifest there', async () => {
    const { sessions } = await twoSessions();
    const out = tempHome();
    execFileSync('mkfifo', [join(out, 'manifest.json')]);
    const written = writeSite(out, sessions, { render: page, renderIndex }).catch((error: Error) => error.message);
    const waited = new Promise((resolve) => setTimeout(() => resolve('waited on the manifest'), 5000));
    expect(await Promise.race([written, waited])).toMatchObject({ written: 2, failed: [] });
    expect(statSync(join(out, 'manifest.json')).isFile()).toBe(true);
  });
});

describe('writeSite over symlinks planted under the names of its temporary files', () => {
  it('writes nothing through them: the index, manifest and pages stay files in the folder', async () => {
    const { sessions } = await twoSessions();
    const out = tempHome();
    const victim = join(tempHome(), 'victim');
    writeFileSync(victim, 'precious');
    mkdirSync(join(out, 'sessions'));
    const names = ['index.html', 'manifest.json', 'search.html', ...sessions.map(pagePath)];
    for (const name of names) symlinkSync(victim, join(out, `${name}.${process.pid}.tmp`));
    await writeSite(out, sessions, { render: page, renderIndex, renderSearch: () => 'search' });
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    for (const name of names) expect(lstatSync(join(out, name)).isFile()).toBe(true);
  });
});

describe('writeSite making its folders', () => {
  it('makes the missing ones one level at a time, and fails at once on one that cannot be made', async () => {
    const out = join(tempHome(), 'a', 'b');
    await writeSite(out, [], { render: page, renderIndex });
    expect(statSync(join(out, 'sessions')).isDirectory()).toBe(true);
    const file = join(tempHome(), 'file');
    writeFileSync(file, 'x');
    await expect(writeSite(join(file, 'site'), [], { render: page, renderIndex })).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  // Node's recursive mkdir loops for ever on /proc/x/y: this test hung before makeFolders.
  it.skipIf(!existsSync('/proc/self'))("fails under /proc with the file system's error instead of looping", async () => {
    await expect(writeSite(`/proc/xview-no-such-${process.pid}/y`, [], { render: page, renderIndex })).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('writeSite with redact', () => {
  it('replaces secrets in what the index shows', async () => {
    const home = tempHome();
    writeClaude(join(home, '.claude'), { id: 'c1', cwd: '/work/app', prompt: 'use ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R', at: at(1) });
    const out = tempHome();
    await writeSite(out, await listSessions({ stores: STORES, home }), { render: page, renderIndex, redact: true });
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(rowsOf(out).map((r) => r.title)).toEqual(['use [REDACTED:github-token]']);
    expect(index).not.toContain('ghp_1a2B');
  });

  it("replaces secrets in the manifest's log paths, which Claude names after the working directory", async () => {
    const home = tempHome();
    writeClaude(join(home, '.claude'), { id: 'c1', cwd: '/work/ANTHROPIC_API_KEY=sk-ant-api03-Qm7Zx2Lp9Vt4Rk1Wn8Bs3Hd6Jf0Gc5Ya', prompt: 'hi', at: at(1) });
    const out = tempHome();
    await writeSite(out, await listSessions({ stores: STORES, home }), { render: page, renderIndex, redact: true });
    const manifest = readFileSync(join(out, 'manifest.json'), 'utf8');
    expect(manifest).toContain('-work-ANTHROPIC-API-KEY-[REDACTED:anthropic-key]');
    expect(manifest).not.toContain('Qm7Zx2');
  });
});

describe('writeSite with logs that share an id (a hostile home)', () => {
  it('writes one page per log, each under a name of its own', async () => {
    const home = tempHome();
    const first = writeClaude(join(home, '.claude'), { id: 'dup', cwd: '/work/app', prompt: 'first', at: at(1) });
    const second = put(join(home, '.claude', 'projects', '-copy', 'dup.jsonl'), readFileSync(first, 'utf8'));
    // Ids that differ only in characters a file name cannot hold come to one safe name
    // (a Claude transcript's id is its file name's, as a resumed session's is).
    const colon = claudeLines({ id: 'a:b', cwd: '/w', prompt: 'colon', at: at(2) });
    put(join(home, '.claude', 'projects', '-w', 'a:b.jsonl'), `${colon.map((l) => JSON.stringify(l)).join('\n')}\n`);
    writeClaude(join(home, '.claude'), { id: 'a_b', cwd: '/w', prompt: 'underscore', at: at(3) });
    const sessions = await listSessions({ stores: STORES, home });
    const out = tempHome();
    expect(await writeSite(out, sessions, { render: page, renderIndex })).toMatchObject({ written: 4, failed: [] });
    const names = readdirSync(join(out, 'sessions')).sort();
    const hash = (path: string) => createHash('sha256').update(path).digest('hex').slice(0, 8);
    expect(names).toEqual([`claude-a_b-2.html`, 'claude-a_b.html', `claude-dup_${hash(first)}.html`, `claude-dup_${hash(second)}.html`].sort());
    expect(
      rowsOf(out)
        .map((r) => r.href)
        .sort(),
    ).toEqual(names.map((name) => `sessions/${name}`));
    expect(await writeSite(out, sessions, { render: page, renderIndex })).toMatchObject({ written: 0, unchanged: 4 });
  });
});

describe('writeSite with ids that differ only in case (a hostile home)', () => {
  // macOS and Windows file systems do not tell `claude-Abc.html` from `claude-abc.html`: one log's page would replace the other's.
  it('gives them names that differ in more than case', async () => {
    const home = tempHome();
    writeClaude(join(home, '.claude'), { id: 'abc', cwd: '/work/one', prompt: 'lower', at: at(1) });
    const upper = claudeLines({ id: 'ABC', cwd: '/work/two', prompt: 'upper', at: at(2) });
    put(join(home, '.claude', 'projects', '-work-two', 'ABC.jsonl'), `${upper.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const sessions = await listSessions({ stores: STORES, home });
    expect(sessions.map((s) => s.key ?? s.id).sort()).toEqual(['ABC', 'abc']);
    const out = tempHome();
    expect(await writeSite(out, sessions, { render: page, renderIndex })).toMatchObject({ written: 2, failed: [] });
    const names = readdirSync(join(out, 'sessions'));
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(2);
  });

  // A codex id is the log's to write: ids that differ only in unsafe characters all come to `x__`, and each page's
  // name was sought from `-2` up past every name given before it, so 20,000 of them took half a minute to name.
  it('names 60,000 pages that come to one name at once, each its own', () => {
    const count = 60_000;
    const sessions = Array.from({ length: count }, (_, i): SessionInfo => ({ agent: 'codex', id: `x${String.fromCharCode(0x4e00 + (i % 300), 0x4e00 + Math.floor(i / 300))}`, storage: 'file', path: `/r/${i}.jsonl`, updatedAt: at(1), size: 1 }));
    const started = performance.now();
    const pages = [...pagePaths(sessions).values()];
    // A tenth of a second here, minutes before; the names are found synchronously, so only a measure can fail it.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(new Set(pages.map((page) => page.toLowerCase())).size).toBe(count);
    expect(pages.slice(0, 3)).toEqual(['sessions/codex-x__.html', 'sessions/codex-x__-2.html', 'sessions/codex-x__-3.html']);
    expect(pages[count - 1]).toBe(`sessions/codex-x__-${count}.html`);
  });
});

describe('writeSite page files', () => {
  it('stops on a page whose file cannot be written, keeping the file system’s code, and leaves no temporary file', async () => {
    const { sessions } = await twoSessions();
    const out = tempHome();
    const full = async (_s: SessionInfo, file: string) => {
      await writeFile(file, 'half a page');
      throw new PageWriteError(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
    };
    await expect(writeSite(out, sessions, { render: full, renderIndex })).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(join(out, 'sessions'))).toEqual([]);
  });

  it('streams a session into its page as renderSessionHtml renders it whole', async () => {
    const home = tempHome();
    writeCopilot(join(home, '.copilot'), { id: 'cp1', cwd: '/p', prompt: 'Count the lines', at: at(1) });
    const [session] = await listSessions({ stores: STORES, home });
    if (session === undefined) throw new Error('not listed');
    const file = join(tempHome(), 'page.html');
    await writeSessionPage(session, file, { stores: STORES, home, sources: { copilot: copilotSource } });
    const whole = await renderSessionHtml(session, { stores: STORES, home, sources: { copilot: copilotSource } });
    // The header says when the page was rendered; the rest is the same document.
    const stamp = (html: string) => html.replace(/<time[^>]*>[^<]*<\/time>/g, '');
    expect(stamp(readFileSync(file, 'utf8'))).toBe(stamp(whole));
    expect(whole).toContain('Count the lines');
  });
});
