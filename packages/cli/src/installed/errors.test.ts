// The installed xview's error paths and exit codes, its plugins, and the way
// it ends when its reader goes away: one line on standard error, the
// documented code, no stack trace, exactly as the sources say.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../../tooling/fixtures.js';
import { ExitCode } from '../exit-codes.js';
import { freshPlace, installedXview, runInstalled, runSources } from './installed-xview.js';

const CLAUDE_RUN = join(FIXTURES_DIR, 'claude/read-edit-run.jsonl');

describe('the installed xview on a mistake', () => {
  const MISTAKES: readonly (readonly string[])[] = [
    ['--bogus'],
    ['--verbos', CLAUDE_RUN],
    ['--provider', 'cursor', CLAUDE_RUN],
    ['no-such-file.jsonl'],
    ['--html'],
    ['--html', CLAUDE_RUN, CLAUDE_RUN],
    ['sessions', '--agent', 'cursor'],
    ['sessions', '--since', 'yesterdayish'],
    ['show'],
    ['show', 'no-such-session'],
    ['site'],
    [join(FIXTURES_DIR, 'claude/failed-run.jsonl')],
    [join(FIXTURES_DIR, 'copilot/aborted.jsonl')],
    [join(FIXTURES_DIR, 'claude/truncated.jsonl')],
  ];

  it.each(MISTAKES.map((argv) => [argv.join(' ').replace(FIXTURES_DIR, 'fixtures'), argv] as const))(
    '%s: one line, the code the sources give',
    async (_name, argv) => {
      const place = freshPlace();
      const installed = await runInstalled(argv, place, '');
      const sources = await runSources(argv, place);
      expect(installed.status).toBe(sources.status);
      expect(installed.status).not.toBe(ExitCode.ok);
      expect(installed.status).not.toBe(ExitCode.internal);
      expect(installed.stderr).toBe(sources.stderr);
      expect(installed.stderr).not.toMatch(/\n\s+at /);
      expect(installed.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(2);
    },
  );

  it('says "did you mean" for a misspelt option', async () => {
    const typo = await runInstalled(['--verbos', CLAUDE_RUN], freshPlace());
    expect(typo.status).toBe(ExitCode.usage);
    expect(typo.stderr).toContain('--verbose');
  });

  it('reports a full disk on standard output in one line with exit 7', () => {
    const full = spawnSync('sh', ['-c', `"${installedXview()}" "${CLAUDE_RUN}" > /dev/full`], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: freshPlace().home },
    });
    expect(full.status).toBe(ExitCode.output);
    expect(full.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('exits quietly with status 0 when its reader goes away', () => {
    const input = readFileSync(join(FIXTURES_DIR, 'claude/long-run.jsonl'));
    const head = spawnSync('sh', ['-c', `"${installedXview()}" --verbose | head -1`], {
      input,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: freshPlace().home },
    });
    expect(head.status).toBe(0);
    expect(head.stderr).toBe('');
    expect(head.stdout.split('\n')).toHaveLength(2);
  });
});

describe('the installed xview --html through /proc/self/fd (what /dev/stdin and /dev/stdout link to)', () => {
  it('refuses the file standard input reads, and writes the file standard output goes to, leaving the links', () => {
    const place = freshPlace();
    const run = join(place.cwd, 'run.jsonl');
    const original = readFileSync(CLAUDE_RUN, 'utf8');
    writeFileSync(run, original);
    const env = { ...process.env, HOME: place.home, XVIEW_CODE_CACHE: '0' };
    const fromInput = spawnSync(installedXview(), ['--html', '/proc/self/fd/0'], { cwd: place.cwd, env, stdio: [openSync(run, 'r'), 'pipe', 'pipe'], encoding: 'utf8' });
    expect(fromInput.status).toBe(ExitCode.usage);
    expect(fromInput.stderr).toMatch(/is also an input/);
    expect(readFileSync(run, 'utf8')).toBe(original);
    // Standard input a pipe (a shell's, not Node's socket pair): the page was written into the pipe being read, and the run never ended.
    const fromPipe = spawnSync('sh', ['-c', `cat "${run}" | "${installedXview()}" --html /dev/stdin`], { cwd: place.cwd, env, encoding: 'utf8', timeout: 10_000, killSignal: 'SIGKILL' });
    expect(fromPipe.signal).toBeNull();
    expect(fromPipe.status).toBe(ExitCode.usage);
    expect(fromPipe.stderr).toBe('xview: --html /dev/stdin is also an input: writing it would destroy the run being read. Choose another file.\n');
    const page = join(place.cwd, 'page.html');
    const toOutput = spawnSync(installedXview(), ['--html', '/proc/self/fd/1', CLAUDE_RUN], { cwd: place.cwd, env, stdio: ['ignore', openSync(page, 'w'), 'pipe'], encoding: 'utf8' });
    expect(toOutput.stderr).toBe('');
    expect(toOutput.status).toBe(ExitCode.ok);
    expect(readFileSync(page, 'utf8')).toMatch(/^<!DOCTYPE html>/i);
  });
});

describe('the installed xview\'s code cache', () => {
  it.skipIf(process.platform === 'win32')('starts when a named pipe stands in place of its cache file, and does not wait on it', () => {
    const place = freshPlace();
    const cache = join(place.home, '.cache', 'xview');
    mkdirSync(cache, { recursive: true, mode: 0o700 });
    execFileSync('mkfifo', ['-m', '600', join(cache, 'code.cache')]);
    // Bounded here: the cache was opened blocking, and the run waited for a writer that never came.
    const run = spawnSync(installedXview(), ['--summary', CLAUDE_RUN], { cwd: place.cwd, env: { PATH: process.env.PATH, HOME: place.home }, encoding: 'utf8', timeout: 10_000 });
    expect(run.signal).toBeNull();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(ExitCode.ok);
  });
});

describe('the installed xview with a plugin', () => {
  it.skipIf(process.platform === 'win32')('ignores a named pipe in place of config.json in one line, without waiting on it', () => {
    const place = freshPlace();
    const config = join(place.home, '.config', 'xview', 'config.json');
    mkdirSync(join(place.home, '.config', 'xview'), { recursive: true });
    execFileSync('mkfifo', [config]);
    // SIGKILL: blocked in a synchronous read, xview never ran its SIGTERM handler, and that handler kept SIGTERM from ending it.
    const run = spawnSync(installedXview(), ['--summary', CLAUDE_RUN], {
      cwd: place.cwd,
      env: { PATH: process.env.PATH, HOME: place.home, XVIEW_CODE_CACHE: '0' },
      encoding: 'utf8',
      timeout: 10_000,
      killSignal: 'SIGKILL',
    });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(ExitCode.ok);
    expect(run.stderr).toBe(`xview: ${config} is not valid JSON (not a regular file); ignored.\n`);
  });

  it('exits 2 in one line when a plugin never finishes loading, even while it holds a timer', () => {
    const place = freshPlace();
    const plugin = join(place.cwd, 'busy.mjs');
    // What waits on an answer that never comes (a socket, a child, a timer) keeps Node's event loop alive.
    writeFileSync(plugin, 'setInterval(() => {}, 1000);\nawait new Promise(() => {});\n');
    const run = spawnSync(installedXview(), ['--plugin', plugin, '--summary', CLAUDE_RUN], {
      cwd: place.cwd,
      env: { PATH: process.env.PATH, HOME: place.home, XVIEW_CODE_CACHE: '0', XVIEW_PLUGIN_TIMEOUT_MS: '200' },
      encoding: 'utf8',
      timeout: 10_000,
      killSignal: 'SIGKILL',
    });
    // It said so and then waited for ever, the interval keeping it alive.
    expect(run.signal).toBeNull();
    expect(run.status).toBe(ExitCode.usage);
    expect(run.stderr).toBe(`xview: plugin ${plugin} did not finish loading within 0.2 s; remove it or load it with --plugin only when needed.\n`);
  });

  it('runs no plugin of the current directory when HOME is empty: a cloned repository\'s .config/xview is not the user\'s', async () => {
    const place = freshPlace();
    const marker = join(place.cwd, 'PWNED');
    const planted = join(place.cwd, '.config', 'xview', 'node_modules', 'x-provider-evil');
    mkdirSync(planted, { recursive: true });
    writeFileSync(join(planted, 'package.json'), JSON.stringify({ name: 'x-provider-evil', type: 'module', main: 'index.js' }));
    writeFileSync(join(planted, 'index.js'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\n`);
    writeFileSync(join(place.cwd, '.config', 'xview', 'config.json'), JSON.stringify({ plugins: ['x-provider-evil'] }));
    const run = await runInstalled(['--summary', CLAUDE_RUN], { ...place, env: { HOME: '' } });
    expect(run.status).toBe(ExitCode.ok);
    expect(existsSync(marker)).toBe(false);
    expect(run.stderr).not.toMatch(/evil/);
  });

  it.skipIf(process.platform === 'win32')('runs no plugin planted in an xview folder anyone can write, and says so in one line', async () => {
    const place = freshPlace();
    const marker = join(place.cwd, 'PWNED');
    const own = join(place.home, '.config', 'xview');
    const planted = join(own, 'node_modules', 'x-provider-evil');
    mkdirSync(planted, { recursive: true });
    writeFileSync(join(planted, 'package.json'), JSON.stringify({ name: 'x-provider-evil', type: 'module', main: 'index.js' }));
    writeFileSync(join(planted, 'index.js'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\n`);
    chmodSync(own, 0o777);
    const run = await runInstalled(['--summary', CLAUDE_RUN], place);
    expect(run.status).toBe(ExitCode.ok);
    expect(existsSync(marker)).toBe(false);
    expect(run.stderr).toBe(`xview: the plugins in ${own} were not loaded: anyone can write to it; only a folder that is yours alone is trusted.\n`);
  });

  it('renders with a renderer plugin named by --plugin, from a file outside the repository', async () => {
    const place = freshPlace();
    const plugin = join(place.cwd, 'count-renderer.mjs');
    writeFileSync(
      plugin,
      [
        '// A renderer plugin that needs no @x package: it counts the events of each kind.',
        'export const countRenderer = {',
        "  specificationVersion: 'v1', id: 'count', displayName: 'Count',",
        '  create({ write }) {',
        '    const counts = {};',
        "    return { specificationVersion: 'v1', write(event) { counts[event.kind] = (counts[event.kind] ?? 0) + 1; },",
        "      end() { return write(JSON.stringify(counts) + '\\n'); } };",
        '  },',
        '};',
      ].join('\n'),
    );
    const run = await runInstalled(['--plugin', plugin, '--renderer', 'count', CLAUDE_RUN], place);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(ExitCode.ok);
    const events = readFileSync(join(FIXTURES_DIR, 'claude/read-edit-run.events.json'), 'utf8');
    const expected: Record<string, number> = {};
    for (const event of JSON.parse(events) as { kind: string }[]) expected[event.kind] = (expected[event.kind] ?? 0) + 1;
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });
});
