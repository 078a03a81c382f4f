import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, writeFileSync, chmodSync, lstatSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { EXIT_CODES, ExitCode } from './exit-codes.js';
import { helpText } from './help.js';
import { BUILT_IN_SOURCES } from './providers.js';
import type { CliIo, CliStream } from './run-cli.js';
import { runCli } from './run-cli.js';

class Capture implements CliStream {
  text = '';
  isTTY = false;
  columns?: number;
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }
  once(): this {
    return this;
  }
}

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  if (text !== '') yield new TextEncoder().encode(text);
}

async function cli(argv: string[], stdin = '', extra: Partial<CliIo> = {}) {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await runCli(argv, { stdin: bytes(stdin), stdout, stderr, env: {}, ...extra });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const fixture = (path: string) => join(FIXTURES_DIR, path);
const tempDir = () => mkdtempSync(join(tmpdir(), 'xview-'));
const oneLine = (stderr: string) => stderr.split('\n').filter(Boolean);
const documented = new Set<number>([...EXIT_CODES.map((e) => e.code), ExitCode.terminated]);

describe('xview: every outcome is visible and has an honest exit code', () => {
  it('shows a failed run on standard error in default mode and exits 1', async () => {
    const result = await cli([fixture('claude/api-error.jsonl')]);
    expect(result.code).toBe(ExitCode.runFailed);
    expect(result.stderr).toBe('xview: the run failed (' + fixture('claude/api-error.jsonl') + '): Credit balance is too low\n');
  });

  it.each([
    ['copilot/aborted.jsonl', ExitCode.cancelled, /^xview: the run was cancelled/],
    ['opencode/bus-abort.sse', ExitCode.cancelled, /^xview: the run was cancelled \(.*\): Aborted$/],
    ['codex/legacy-proto-deltas.jsonl', ExitCode.cancelled, /^xview: the run was cancelled/],
    ['claude/truncated.jsonl', ExitCode.incomplete, /^xview: the stream ended before the run did .*: the agent died or was cut off$/],
  ])('%s exits %i with one line saying so', async (path, code, line) => {
    const result = await cli([fixture(path)]);
    expect(result.code).toBe(code);
    expect(oneLine(result.stderr)).toHaveLength(1);
    expect(oneLine(result.stderr)[0]).toMatch(line);
  });

  it.each([
    [[], ''],
    [['--summary'], ''],
    [[fixture('gemini/auth-failure-empty.jsonl')], ''],
  ])('exits 6 for empty input (%j)', async (argv, stdin) => {
    const result = await cli(argv, stdin);
    expect(result.code).toBe(ExitCode.empty);
    expect(result.stderr).toMatch(/was empty: there is nothing to show\.\n$/);
  });

  it('exits 6 when the format is not recognised, after showing the text; --provider text is a success', async () => {
    expect((await cli([], 'hello\n')).code).toBe(ExitCode.empty);
    expect((await cli(['--provider', 'text'], 'hello\n')).code).toBe(ExitCode.ok);
  });

  it('ends the last text with a newline before writing to standard error', async () => {
    const result = await cli(['--provider', 'claude'], '{"type":"assistant","message":{"id":"m","content":[{"type":"text","text":"hi"}]}}\nnot json\n');
    expect(result.stdout).toBe('hi\n');
    expect(result.stderr).toMatch(/^xview: /);
  });
});

describe('xview: every error path ends in one line and a documented code', () => {
  const dir = tempDir();
  it.each([
    ['a missing directory', () => join(dir, 'missing', 'run.html'), /^xview: cannot write .*run\.html: the directory .*missing does not exist\.$/],
    ['a directory', () => dir, /^xview: cannot write .*: it is a directory; name the page's file, such as run\.html\.$/],
    ['a place without permission', () => '/sys/xview-test.html', /^xview: cannot write \/sys\/xview-test\.html: permission denied\.$/],
  ])('--html into %s: exit 7', async (_name, target, message) => {
    const result = await cli(['--html', target(), fixture('claude/plain-answer.jsonl')]);
    expect(result.code).toBe(ExitCode.output);
    expect(oneLine(result.stderr)).toHaveLength(1);
    expect(result.stderr.trimEnd()).toMatch(message);
  });

  it('standard output on a full disk (/dev/full): exit 7', async () => {
    const stdout = createWriteStream('/dev/full') as unknown as CliStream;
    const stderr = new Capture();
    const code = await runCli([fixture('claude/long-run.jsonl')], { stdin: bytes(''), stdout, stderr, env: {} });
    expect(code).toBe(ExitCode.output);
    expect(stderr.text).toBe('xview: cannot write to standard output: no space left on the device.\n');
  });

  it('an input that fails while it is read (EIO): exit 3', async () => {
    const result = await cli(['/proc/self/mem']);
    expect(result.code).toBe(ExitCode.input);
    expect(result.stderr).toMatch(/^xview: cannot read \/proc\/self\/mem: .*EIO.*\n$/);
  });

  it.skipIf(process.getuid?.() === 0)('an input without read permission: exit 3', async () => {
    const file = join(tempDir(), 'secret.jsonl');
    writeFileSync(file, '{}\n');
    chmodSync(file, 0o000);
    const result = await cli([file]);
    expect(result).toMatchObject({ code: ExitCode.input, stderr: expect.stringMatching(/permission denied/) as unknown });
  });

  it('a terminal that reports 0 columns renders with the default width', async () => {
    const stdout = new Capture();
    stdout.isTTY = true;
    stdout.columns = 0;
    const stderr = new Capture();
    const code = await runCli(['--verbose', fixture('claude/parity-read-readme.jsonl')], { stdin: bytes(''), stdout, stderr, env: {} });
    expect(code).toBe(ExitCode.ok);
    expect(stdout.text).toContain('README.md');
    expect(stderr.text).toBe('');
  });

  it.each([['0'], ['0.0000001'], ['1e9'], ['513'], ['abc'], ['']])('--max-line-mib %j: exit 2 with the range', async (value) => {
    const result = await cli(['--max-line-mib', value], '{}\n');
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toMatch(/^xview: --max-line-mib takes a number of MiB from 0\.001 to 512, such as 16; got ".*"\.\n$/);
  });

  it('suggests the closest option', async () => {
    expect((await cli(['--verbos'])).stderr).toBe("xview: unknown option '--verbos'. Did you mean --verbose? Run xview --help for the options.\n");
    expect((await cli(['--sumary'])).stderr).toMatch(/Did you mean --summary\?/);
    expect((await cli(['--zzzzzzzz'])).stderr).not.toMatch(/Did you mean/);
  });

  it('prints a usage hint instead of waiting on a terminal with no input', async () => {
    const stdin = Object.assign(bytes(''), { isTTY: true });
    const result = await cli([], '', { stdin });
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toMatch(/^xview: nothing to read/);
  });

  it('says "internal error" with the version and a request to report only for a bug', async () => {
    const stdin = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new TypeError('boom')) }),
    } as unknown as AsyncIterable<Uint8Array>;
    const result = await cli([], '', { stdin });
    expect(result.code).toBe(ExitCode.internal);
    expect(result.stderr).toMatch(/^xview \d+\.\d+\.\d+\S*: internal error: boom\. This is a bug: please report it at https:\/\/\S+ with the command/);
    expect(oneLine(result.stderr)).toHaveLength(1);
  });

  it('documents every code it can exit with, in --help from one table', () => {
    for (const code of Object.values(ExitCode)) expect(documented.has(code)).toBe(true);
    const help = helpText(BUILT_IN_SOURCES);
    for (const { code, meaning } of EXIT_CODES) expect(help).toContain(`${String(code).padEnd(3)}  ${meaning}`);
    // Every option and provider row starts its description in the same column.
    const columns = new Set<number>();
    for (const line of help.split('\n')) {
      const row = /^( {2}(?:-\w, | {4})\S+(?: <\w+>)?)( {2,})\S/.exec(line);
      if (row?.[1] !== undefined && row[2] !== undefined) columns.add(row[1].length + row[2].length);
    }
    expect(columns.size).toBe(1);
  });
});

describe('xview --html: safe files', () => {
  it('writes to standard output with -', async () => {
    const result = await cli(['--html', '-', fixture('claude/plain-answer.jsonl')]);
    expect(result.code).toBe(ExitCode.ok);
    expect(result.stdout.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(result.stdout.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('refuses to write over one of its inputs, leaving it as it was', async () => {
    const dir = tempDir();
    const run = join(dir, 'run.jsonl');
    const original = readFileSync(fixture('claude/plain-answer.jsonl'), 'utf8');
    writeFileSync(run, original);
    const result = await cli(['--html', run, run]);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toMatch(/is also an input/);
    expect(readFileSync(run, 'utf8')).toBe(original);
  });

  it('leaves the previous page and no temporary file when the run fails', async () => {
    const dir = tempDir();
    const page = join(dir, 'run.html');
    writeFileSync(page, 'previous');
    const result = await cli(['--html', page, fixture('claude/plain-answer.jsonl'), join(dir, 'missing.jsonl')]);
    expect(result.code).toBe(ExitCode.input);
    expect(readFileSync(page, 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['run.html']);
  });

  it('writes the page to the file a symlink names, leaving the symlink (as /dev/stdout is one to a redirected file)', async () => {
    const dir = tempDir();
    const page = join(dir, 'page.html');
    writeFileSync(page, 'previous');
    symlinkSync(page, join(dir, 'out.html'));
    const result = await cli(['--html', join(dir, 'out.html'), fixture('claude/plain-answer.jsonl')]);
    expect(result.code).toBe(ExitCode.ok);
    expect(lstatSync(join(dir, 'out.html')).isSymbolicLink()).toBe(true);
    expect(readFileSync(page, 'utf8')).toMatch(/^<!DOCTYPE html>/i);
    expect(readdirSync(dir).sort()).toEqual(['out.html', 'page.html']);
  });

  it.skipIf(process.platform === 'win32')('keeps the permissions of the page it replaces: a private page stays private', async () => {
    const dir = tempDir();
    const page = join(dir, 'run.html');
    writeFileSync(page, 'previous');
    chmodSync(page, 0o600);
    const result = await cli(['--html', page, fixture('claude/plain-answer.jsonl')]);
    expect(result.code).toBe(ExitCode.ok);
    expect(readFileSync(page, 'utf8')).toMatch(/^<!DOCTYPE html>/i);
    // The renamed temporary file came with the umask's mode (0644): the session was readable by every user.
    expect(statSync(page).mode & 0o777).toBe(0o600);
  });

  it('writes a device in place, never renaming a page over it: /dev/null stays a device', async () => {
    const result = await cli(['--html', '/dev/null', fixture('claude/plain-answer.jsonl')]);
    expect(result.code).toBe(ExitCode.ok);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(readdirSync('/dev').filter((name) => name.startsWith('.null.'))).toEqual([]);
  });

  it('writes a named pipe in place: the reader gets the page and the pipe stays a pipe', async () => {
    const dir = tempDir();
    const pipe = join(dir, 'page.fifo');
    execFileSync('mkfifo', [pipe]);
    const read = new Promise<string>((done, fail) => {
      let text = '';
      createReadStream(pipe, 'utf8')
        .on('data', (chunk) => {
          text += chunk;
        })
        .on('end', () => done(text))
        .on('error', fail);
    });
    const result = await cli(['--html', pipe, fixture('claude/plain-answer.jsonl')]);
    expect(result.code).toBe(ExitCode.ok);
    // Checked before the page is awaited: a pipe replaced by a file would leave the reader waiting for ever.
    expect(statSync(pipe).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['page.fifo']);
    const page = await read;
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('renders what was read when interrupted: a complete page that says so, exit 130 (143 for SIGTERM)', async () => {
    for (const [signal, code] of [['SIGINT', ExitCode.interrupted], ['SIGTERM', ExitCode.terminated]] as const) {
      const dir = tempDir();
      const page = join(dir, 'run.html');
      const interrupt = new AbortController();
      const lines = readFileSync(fixture('claude/read-edit-run.jsonl'), 'utf8').split('\n');
      async function* live(): AsyncGenerator<Uint8Array> {
        yield new TextEncoder().encode(`${lines.slice(0, 3).join('\n')}\n`);
        interrupt.abort(signal);
        await new Promise(() => undefined);
      }
      const stdout = new Capture();
      const stderr = new Capture();
      const exit = await runCli(['--html', page], { stdin: live(), stdout, stderr, env: {}, signal: interrupt.signal });
      expect(exit).toBe(code);
      const html = readFileSync(page, 'utf8');
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
      expect(html).toContain('xview was interrupted before its input ended');
      expect(stderr.text).toBe(`xview: interrupted (${signal}): the page shows what was read until then.\n`);
      expect(readdirSync(dir)).toEqual(['run.html']);
    }
  });
});

describe('the CLI README', () => {
  it('documents every exit code', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
    for (const code of new Set(Object.values(ExitCode))) expect(readme).toMatch(new RegExp(`^\\| ${code} \\| `, 'm'));
  });
});
