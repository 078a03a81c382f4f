import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DisplayEvent } from '@x/core';
import { claudeLogSource, claudeSessionStore } from '@x/provider-claude';
import { sessionEvents } from '@x/sessions';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSearchIndex } from './search-index.js';
import type { IndexedSession } from './types.js';

/** A recorded Claude Code transcript (fixtures/claude-log/README.md) and the events its source yields for it. */
const FIXTURE = new URL('../../../fixtures/claude-log/crud.jsonl', import.meta.url);
const FIXTURE_EVENTS = new URL('../../../fixtures/claude-log/crud.events.json', import.meta.url);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'x-search-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function logSession(path: string): Promise<IndexedSession> {
  const info = await stat(path);
  return { id: 'crud', agent: 'claude', path, size: info.size, mtimeMs: info.mtimeMs };
}

/** A Claude project folder under a temporary home, where Claude's store reads. */
async function claudeProject(): Promise<string> {
  const project = join(dir, 'home', '.claude', 'projects', '-w');
  await mkdir(project, { recursive: true });
  return project;
}

/** What xview serve hands the index: a session's events through its store and its log source (`sessionEvents` of @x/sessions). */
const readThroughStore = (session: IndexedSession): AsyncIterable<DisplayEvent> =>
  sessionEvents(
    { agent: session.agent, id: session.id, storage: 'file', path: session.path, size: session.size, updatedAt: new Date(session.mtimeMs).toISOString() },
    { home: join(dir, 'home'), env: {}, stores: [claudeSessionStore], sources: { claude: claudeLogSource } },
  );

describe('readEvents through a session store and its log source (as xview serve reads)', () => {
  it('links a hit to the index of its event in the session stream', async () => {
    const log = join(await claudeProject(), 'crud.jsonl');
    await copyFile(FIXTURE, log);
    const events = JSON.parse(await readFile(FIXTURE_EVENTS, 'utf8')) as DisplayEvent[];
    const expected = events.findIndex((e) => e.kind === 'prompt' && /JOKE\.md/.test(e.text));
    const index = await openSearchIndex({ dir: join(dir, 'cache', 'index'), readEvents: readThroughStore });
    await index.update([await logSession(log)]);
    const hits = await index.search('joke footer');
    expect(hits.find((h) => h.field === 'prompt')?.eventIndex).toBe(expected);
    await index.close();
    // It holds what the logs say: the folders it made are this user's alone.
    for (const made of ['cache', join('cache', 'index')]) expect((await stat(join(dir, made))).mode & 0o777).toBe(0o700);
    // And so are its files: a folder given with `--cache-dir` may be one that others can read.
    const files = (await readdir(join(dir, 'cache', 'index'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) expect((await stat(join(file.parentPath, file.name))).mode & 0o777, file.name).toBe(0o600);
  });

  it('indexes a log with invalid UTF-8, control characters, __proto__ keys and a 4 MB line', async () => {
    const log = join(await claudeProject(), 'crud.jsonl');
    await copyFile(FIXTURE, log);
    const base = {
      parentUuid: null,
      isSidechain: false,
      userType: 'external',
      cwd: '/w',
      sessionId: 's',
      version: '2.0.14',
      type: 'user',
      timestamp: '2025-10-12T21:40:00.000Z',
    };
    const lines = [
      JSON.stringify({ ...base, uuid: 'h1', message: { role: 'user', content: `huge ${'word '.repeat(800_000)}needlehuge` } }),
      `{"__proto__":{"polluted":true},${JSON.stringify({ ...base, uuid: 'h2', message: { role: 'user', content: 'protokey \u001b[2J\u0007 bell' } }).slice(1)}`,
    ];
    const invalid = Buffer.concat([Buffer.from(`${lines.join('\n')}\n`), Buffer.from([0xff, 0xfe, 0x0a])]);
    await writeFile(log, invalid, { flag: 'a' });
    const index = await openSearchIndex({ dir: join(dir, 'index'), readEvents: readThroughStore });
    await index.update([await logSession(log)]);
    const huge = await index.search('needlehuge');
    expect(huge).toHaveLength(1);
    expect(huge[0]?.snippet.length).toBeLessThanOrEqual(240);
    const bell = await index.search('protokey bell');
    expect(bell[0]?.snippet).not.toMatch(/[\u0000-\u001f]/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await index.close();
  });
});

describe('search finds what was indexed', () => {
  it('finds every planted token in the session and event it was planted in', async () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9]{5,11}$/);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(word, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 4 }), async (planted, sessionCount) => {
        const logs = new Map<string, DisplayEvent[]>();
        const where = new Map<string, [string, number]>();
        planted.forEach((token, i) => {
          const id = `s${i % sessionCount}`;
          const events = logs.get(id) ?? [];
          where.set(token, [id, events.length + 1]);
          events.push(
            { kind: 'text', id: 'm', text: 'filler words ' },
            {
              kind: 'tool-result',
              id: `c${i}`,
              name: 'Bash',
              toolKind: 'execute',
              status: 'success',
              outputState: 'text',
              output: `out ${token}\u0000`,
              details: {},
            },
          );
          logs.set(id, events);
        });
        const index = await openSearchIndex({
          dir: await mkdtemp(join(dir, 'p-')),
          readEvents: async function* (s) {
            yield* logs.get(s.id) ?? [];
          },
        });
        await index.update([...logs.keys()].map((id) => ({ id, agent: 'codex', path: `/${id}`, size: 1, mtimeMs: 1 })));
        for (const [token, [id, eventIndex]] of where) {
          const hits = await index.search(token.toUpperCase());
          expect(hits.map((h) => [h.sessionId, h.eventIndex, h.field])).toEqual([[id, eventIndex, 'output']]);
        }
        await index.close();
      }),
      { numRuns: 25 },
    );
  });
});

describe('an index folder planted or left broken (it is read before xview serve listens)', () => {
  const events: DisplayEvent[] = [{ kind: 'text', id: 'm', text: 'needleword here' }];
  const readEvents = async function* () {
    yield* events;
  };
  const session: IndexedSession = { id: 's', agent: 'codex', path: '/s', size: 1, mtimeMs: 1 };

  /** Opens the index within 5 s and checks that it finds the session once updated: it was rebuilt, not refused or waited on. */
  async function opensAndFinds(indexDir: string): Promise<void> {
    const waited = new Promise<string>((resolve) => setTimeout(() => resolve('waited'), 5000));
    const index = await Promise.race([openSearchIndex({ dir: indexDir, readEvents }), waited]);
    if (typeof index === 'string') throw new Error('openSearchIndex waited on the folder');
    await index.update([session]);
    expect((await index.search('needleword')).map((hit) => hit.sessionId)).toEqual(['s']);
    await index.close();
  }

  /** A built index's folder and the stem of its one segment's files. */
  async function builtIndex(): Promise<{ indexDir: string; segment: string }> {
    const indexDir = join(dir, 'index');
    const index = await openSearchIndex({ dir: indexDir, readEvents });
    await index.update([session]);
    await index.close();
    const manifest = JSON.parse(await readFile(join(indexDir, 'manifest.json'), 'utf8'));
    return { indexDir, segment: join(indexDir, manifest.segments[0].name) };
  }

  it('takes a FIFO in the manifest’s place as no manifest, without waiting on it', async () => {
    const indexDir = join(dir, 'index');
    await mkdir(indexDir);
    execFileSync('mkfifo', [join(indexDir, 'manifest.json')]);
    await opensAndFinds(indexDir);
  });

  it('builds the index again when a segment it lists is missing or does not parse', async () => {
    for (const damage of [(file: string) => rm(file), (file: string) => writeFile(file, 'x\u001b]0;t\u0007')]) {
      const { indexDir, segment } = await builtIndex();
      await damage(`${segment}.tix`);
      await opensAndFinds(indexDir);
      await rm(indexDir, { recursive: true });
    }
  });

  it('builds the index again, without waiting, when a file of a listed segment is a FIFO', async () => {
    // A JSON index read whole and the postings file opened last: each reaches the regular-file check another way.
    for (const ext of ['uix', 'post']) {
      const { indexDir, segment } = await builtIndex();
      await rm(`${segment}.${ext}`);
      execFileSync('mkfifo', [`${segment}.${ext}`]);
      await opensAndFinds(indexDir);
      await rm(indexDir, { recursive: true });
    }
  });

  it('opens and deletes no file outside its folder for a segment name a planted manifest gives', async () => {
    const { indexDir, segment } = await builtIndex();
    const outside = join(dir, 'outside');
    await mkdir(outside);
    for (const ext of ['post', 'terms', 'tix', 'text', 'units', 'uix']) await copyFile(`${segment}.${ext}`, join(outside, `x.${ext}`));
    const manifest = JSON.parse(await readFile(join(indexDir, 'manifest.json'), 'utf8'));
    // Listed under no live session, so an update would drop it as dead and delete its files.
    manifest.segments.push({ name: '../outside/x', bytes: 1, entries: 1, ordinals: [999] });
    await writeFile(join(indexDir, 'manifest.json'), JSON.stringify(manifest));
    await opensAndFinds(indexDir);
    expect((await stat(join(outside, 'x.post'))).isFile()).toBe(true);
  });

  it('writes nothing through a symlink planted where a manifest temporary named by the pid would be', async () => {
    const indexDir = join(dir, 'index');
    await mkdir(indexDir);
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'untouched');
    await symlink(victim, join(indexDir, `manifest.json.${process.pid}.tmp`));
    await opensAndFinds(indexDir);
    expect(await readFile(victim, 'utf8')).toBe('untouched');
  });
});
