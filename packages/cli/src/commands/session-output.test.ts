// The session commands print what agents' logs hold: every byte they write,
// to standard output, standard error or a file, goes through the output layer
// the main path uses, so no control from a log reaches a terminal.
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../../tooling/fixtures.js';
import { ExitCode } from '../exit-codes.js';
import type { CliStream } from '../run-cli.js';
import { runCli } from '../run-cli.js';
import { reportSite } from './site.js';
import { ALL, CLAUDE_ID, Capture, SECRET, firstRaw, hostileHome } from './hostile-home.js';

async function* none(): AsyncGenerator<Uint8Array> {}

const { home, claudeLog } = hostileHome();

async function run(argv: string[], options: { stdout?: CliStream; cwd?: string } = {}) {
  const stdout = options.stdout ?? new Capture();
  const stderr = new Capture();
  const io = { stdin: none(), stdout, stderr, env: {}, home, cwd: options.cwd ?? '/nowhere' };
  const code = await runCli(argv, io as Parameters<typeof runCli>[1]);
  return { code, stdout: stdout instanceof Capture ? stdout.text : '', stderr: stderr.text };
}

const oneLine = (text: string) => text.split('\n').filter(Boolean);

describe('xview sessions: every column and every JSON string through the gates', () => {
  it.each([
    ['table', ['sessions', '--all-projects']],
    ['json', ['sessions', '--all-projects', '--json']],
    ['redacted table', ['sessions', '--all-projects', '--redact']],
  ])('%s', async (_name, argv) => {
    const result = await run(argv);
    expect(result.code).toBe(ExitCode.ok);
    expect(firstRaw(result.stdout), 'stdout').toBeUndefined();
    expect(firstRaw(result.stderr), 'stderr').toBeUndefined();
    // The sessions are listed, their hostile parts shown as escapes (JSON's, or the gate's).
    expect(result.stdout).toContain(argv.includes('--json') ? '\\u001b[2J' : '\\x1b[2J');
  });

  it('--json is the same value, the controls written as JSON escapes', async () => {
    const result = await run(['sessions', '--all-projects', '--json']);
    const sessions = JSON.parse(result.stdout) as { id: string; project: string }[];
    expect(sessions.map((s) => s.id)).toContain(CLAUDE_ID);
    expect(result.stdout).toContain('\\u202e');
  });

  it('prints a header row, and --redact replaces secrets in titles and paths', async () => {
    const plain = await run(['sessions', '--all-projects']);
    expect(oneLine(plain.stdout)[0]).toBe('  when              agent     id        turns       tokens      cost  title');
    expect(plain.stdout).toContain(SECRET);
    for (const json of [[], ['--json']]) {
      const redacted = await run(['sessions', '--all-projects', '--redact', ...json]);
      expect(redacted.stdout).not.toContain(SECRET);
      expect(redacted.stdout).toContain('[REDACTED:');
    }
  });
});

describe('xview show: the main path’s output layer', () => {
  it.each([
    ['default', []],
    ['verbose', ['--verbose', '--show-content']],
    ['events', ['--events']],
    ['summary', ['--summary']],
    ['summary --json', ['--summary', '--json']],
    ['strict', ['--strict']],
    ['html to standard output', ['--html', '-']],
    ['redacted events', ['--events', '--redact']],
  ])('%s: no raw control on either stream', async (_name, options) => {
    const result = await run(['show', claudeLog, ...options]);
    expect(firstRaw(result.stdout), 'stdout').toBeUndefined();
    expect(firstRaw(result.stderr), 'stderr').toBeUndefined();
    expect(result.stdout).not.toBe('');
  });

  it('honours --strict (exit 4, lines listed), says what was not shown by default, and --summary --json prints JSON', async () => {
    const strict = await run(['show', claudeLog, '--strict']);
    expect(strict.code).toBe(ExitCode.strict);
    expect(strict.stderr).toMatch(/lines? (was|were) malformed or of an unknown type:/);
    const plain = await run(['show', claudeLog]);
    expect(plain.stderr).toMatch(/could not be shown \(malformed or unknown type\); --strict lists them\./);
    const json = await run(['show', claudeLog, '--summary', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ provider: 'claude-log' });
  });

  it('says the outcome in one gated line, the file name made visible', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-show-'));
    const file = join(dir, `run ${ALL.replace(/\//g, '')}.jsonl`);
    writeFileSync(file, readFileSync(join(FIXTURES_DIR, 'claude', 'failed-run.jsonl')));
    const result = await run(['show', file]);
    expect(result.code).toBe(ExitCode.runFailed);
    expect(firstRaw(result.stderr)).toBeUndefined();
    expect(oneLine(result.stderr)).toEqual([expect.stringMatching(/^xview: the run failed \(.*run \\x1b\[2J/)]);
  });

  it('refuses the options that make no sense for one session, in one line with exit 2', async () => {
    for (const option of ['--list-providers', '--version', '--raw']) {
      const result = await run(['show', claudeLog, option]);
      expect([option, result.code]).toEqual([option, ExitCode.usage]);
      expect(oneLine(result.stderr)).toHaveLength(1);
    }
  });

  it('--html goes through the atomic writer: - is standard output, the log itself is refused, a missing folder is one line', async () => {
    const page = await run(['show', claudeLog, '--html', '-']);
    expect(page.stdout.startsWith('<!DOCTYPE html>')).toBe(true);
    const before = readFileSync(claudeLog, 'utf8');
    const onto = await run(['show', claudeLog, '--html', claudeLog]);
    expect(onto.code).toBe(ExitCode.usage);
    expect(onto.stderr).toMatch(/is also an input/);
    expect(readFileSync(claudeLog, 'utf8')).toBe(before);
    const dir = mkdtempSync(join(tmpdir(), 'xview-show-'));
    const missing = await run(['show', claudeLog, '--html', join(dir, 'no', 'page.html')]);
    expect(missing.code).toBe(ExitCode.output);
    expect(oneLine(missing.stderr)).toEqual([expect.stringMatching(/^xview: cannot write .*page\.html: the directory .* does not exist\.$/)]);
    const written = await run(['show', claudeLog, '--html', join(dir, 'page.html')]);
    expect(firstRaw(readFileSync(join(dir, 'page.html'), 'utf8'))).toBeUndefined();
    expect(written.stderr.includes('internal error')).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['page.html']);
    expect(page.code).toBe(written.code);
  });
});

describe('a failed write to standard output exits 7, as on the main path', () => {
  it.each([
    ['show', ['show', claudeLog, '--events']],
    ['show, default', ['show', claudeLog]],
    ['sessions', ['sessions', '--all-projects']],
    ['sessions --json', ['sessions', '--all-projects', '--json']],
    ['show --help', ['show', '--help']],
  ])('%s into a closed pipe', async (_name, argv) => {
    const result = await run(argv, { stdout: new Capture('EPIPE') });
    expect(result.code).toBe(ExitCode.output);
    expect(result.stderr).toMatch(/^xview: cannot write to standard output: .*EPIPE.*\n$/);
  });

  it('show onto a full disk (/dev/full)', async () => {
    const result = await run(['show', claudeLog, '--verbose'], { stdout: createWriteStream('/dev/full') as unknown as CliStream });
    expect(result.code).toBe(ExitCode.output);
    expect(result.stderr).toBe('xview: cannot write to standard output: no space left on the device.\n');
  });
});

describe('xview site: failures in one line, gated, without temporary files', () => {
  it('a write that fails is exit 7 in one line, and leaves no temporary file', async () => {
    const out = mkdtempSync(join(tmpdir(), 'xview-site-'));
    // A folder where the index goes: its temporary file is written, the rename fails.
    mkdirSync(join(out, 'index.html'));
    const result = await run(['site', out]);
    expect(result.code).toBe(ExitCode.output);
    expect(oneLine(result.stderr)).toEqual([expect.stringMatching(/^xview: cannot write the site in .*: it is a directory\.$/)]);
    const left = [...readdirSync(out), ...readdirSync(join(out, 'sessions'))].filter((name) => name.endsWith('.tmp'));
    expect(left).toEqual([]);
  });

  it('names each page that failed, and why, through the gate (and redacted with --redact)', () => {
    const stderr = new Capture();
    const session = { agent: 'claude', id: CLAUDE_ID, storage: 'file', path: claudeLog, updatedAt: ALL, size: 1 } as const;
    const failed = [{ session, error: `${ALL} OPENAI_API_KEY=${SECRET}` }];
    const code = reportSite({ stderr }, [session], { indexPath: `/out/${ALL}/index.html`, written: 0, unchanged: 0, failed }, true);
    expect(code).toBe(ExitCode.input);
    expect(firstRaw(stderr.text)).toBeUndefined();
    expect(stderr.text).toContain('claude c1a0de00-\\x1b[31m\\x9b2J\\u202e-id: \\x1b[2J');
    expect(stderr.text).not.toContain(SECRET);
  });

  it('a file where the site’s folder goes: exit 7 in one line', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xview-site-')), 'site');
    writeFileSync(file, 'not a folder');
    const result = await run(['site', file]);
    expect(result.code).toBe(ExitCode.output);
    expect(oneLine(result.stderr)).toHaveLength(1);
  });

  it('its lines on standard error and its pages hold no raw control', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'xview-site-')), `site ${ALL.replace(/\//g, '')}`);
    const result = await run(['site', out]);
    expect(result.code).toBe(ExitCode.ok);
    expect(firstRaw(result.stderr)).toBeUndefined();
    for (const page of readdirSync(join(out, 'sessions'))) expect(firstRaw(readFileSync(join(out, 'sessions', page), 'utf8'))).toBeUndefined();
    // The index is @x/sessions' page, escaped by the HTML renderer: a CR there is whitespace to a browser.
    expect(firstRaw(readFileSync(join(out, 'index.html'), 'utf8').replace(/\r/g, ' '))).toBeUndefined();
  });
});

describe('help for each command', () => {
  it.each([
    [['sessions', '--help'], 'xview sessions [options]'],
    [['show', '--help'], 'xview show <session-id | path> [options]'],
    [['site', '-h'], 'xview site <out-dir> [options]'],
    [['serve', '--help'], 'xview serve [options]'],
    [['help', 'show'], 'xview show <session-id | path> [options]'],
    [['help'], 'xview sessions [--agent <a>]'],
  ])('%j prints usage, options and examples, exit 0', async (argv, usage) => {
    const result = await run(argv);
    expect(result.code).toBe(ExitCode.ok);
    expect(result.stdout).toContain(usage);
    expect(result.stdout).toMatch(/Options|Output/);
    expect(result.stdout).toContain('Examples');
    expect(result.stderr).toBe('');
  });

  it('show --help lists the rendering options it honours and not those it refuses', async () => {
    const help = (await run(['show', '--help'])).stdout;
    for (const option of ['--follow', '--redact', '--strict', '--summary', '--html <file>', '--events', '--plugin']) expect(help).toContain(option);
    expect(help).not.toContain('--raw');
  });

  it.each(['sessions', 'show', 'site', 'serve', 'acp', 'acp-agent'])('%s --help lists each option once', async (command) => {
    const help = (await run([command, '--help'])).stdout;
    const options = [...help.matchAll(/^ {2}(?:-\w, )? {0,4}(--[\w-]+)/gm)].map((m) => m[1]);
    expect(options.length).toBeGreaterThan(1);
    expect(options.filter((option, n) => options.indexOf(option) !== n)).toEqual([]);
  });

  it.each([
    [['sessions', '--agnet', 'claude'], "xview: sessions: unknown option '--agnet'. Did you mean --agent? Run xview sessions --help for the options.\n"],
    [['site', 'out', '--redcat'], "xview: site: unknown option '--redcat'. Did you mean --redact? Run xview site --help for the options.\n"],
    [['show', 'x', '--folow'], "xview: show: unknown option '--folow'. Did you mean --follow? Run xview show --help for the options.\n"],
    [['help', 'nope'], "xview: help takes one command of: sessions, show, site, serve, acp, acp-agent; xview help alone shows xview's own.\n"],
    // An empty folder name resolved to the current folder, and the site was written among its files.
    [['site', ''], 'xview: site needs one output folder: xview site <out-dir>\n'],
  ])('%j: one line, exit 2', async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toBe(message);
  });
});
