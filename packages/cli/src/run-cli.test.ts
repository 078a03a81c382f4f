import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { collectDisplayOutput, displayEventSchema } from '@x/core';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { ExitCode } from './exit-codes.js';
import { runCli } from './run-cli.js';
import { Capture } from '../test/capture.js';

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

async function cli(argv: string[], stdin = '') {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await runCli(argv, { stdin: bytes(stdin), stdout, stderr, env: {} });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const fixture = (path: string) => join(FIXTURES_DIR, path);

describe('xview', () => {
  it('renders a fixture as its DisplayOutput in default mode, detecting the provider', async () => {
    const result = await cli([fixture('claude/parity-read-readme.jsonl')]);
    expect(result).toEqual({ code: ExitCode.ok, stdout: readFileSync(fixture('claude/parity-read-readme.output.txt'), 'utf8'), stderr: '' });
  });

  it.each(['codex', 'gemini', 'opencode', 'copilot'])('detects %s from standard input', async (provider) => {
    const stdin = readFileSync(fixture(`${provider}/parity-read-readme.jsonl`), 'utf8');
    const result = await cli([], stdin);
    expect(result.stdout).toBe(readFileSync(fixture(`${provider}/parity-read-readme.output.txt`), 'utf8'));
    expect(result.stderr).toBe('');
  });

  it('shows tool calls in verbose mode', async () => {
    const { stdout } = await cli(['--verbose', fixture('claude/parity-read-readme.jsonl')]);
    expect(stdout).toContain('Read README.md');
    expect(stdout).toContain('README.md has 42 lines.');
  });

  it('writes normalised events as NDJSON with --events', async () => {
    const { stdout, code } = await cli(['--events', fixture('gemini/parity-read-readme.jsonl')]);
    expect(code).toBe(ExitCode.ok);
    const events = stdout.trimEnd().split('\n').map((line) => displayEventSchema.parse(JSON.parse(line)));
    expect(events).toEqual(JSON.parse(readFileSync(fixture('gemini/parity-read-readme.events.json'), 'utf8')));
    expect(collectDisplayOutput(events)).toBe(readFileSync(fixture('gemini/parity-read-readme.output.txt'), 'utf8'));
  });

  it('passes bytes through untouched with --raw', async () => {
    const input = readFileSync(fixture('codex/tool-failure.jsonl'), 'utf8');
    expect((await cli(['--raw'], input)).stdout).toBe(input);
  });

  it('prints the RunOutcome as a table, or as JSON with --json', async () => {
    const table = await cli(['--summary', fixture('opencode/run-read-edit-bash.jsonl')]);
    expect(table.stdout).toMatch(/^Provider\s+OpenCode$/m);
    // The status word, the turn count and the number formats of the terminal footer and the HTML summary:
    // `opencode run` prints no prompt, so the run is one turn (docs/turns.md).
    expect(table.stdout).toMatch(/^Status {8}completed\nSession {7}ses_\w+\nDuration {6}4\.7 s\nTurns {9}1\nTokens {8}17,512 in, 445 out, 10,136 cache read, 3,360 cache write\nCost {10}\$0\.0153\n/m);
    expect(table.stdout).toMatch(/^ {2}~ \/work\/demo\/src\/slugify\.ts$/m);
    const json = await cli(['--summary', '--json', fixture('opencode/run-read-edit-bash.jsonl')]);
    const outcome = JSON.parse(json.stdout) as { provider: string; status: string; turns: number; lines: { lines: number } };
    expect(outcome).toMatchObject({ provider: 'opencode', status: 'success', statusReported: true, turns: 1 });
    expect(outcome.lines).toMatchObject({ lines: 13, events: 10, ignored: 3, malformed: 0, unknown: 0 });
  });

  it('writes an HTML page with --html', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-'));
    const out = join(dir, 'run.html');
    const result = await cli(['--html', out, fixture('claude/read-edit-run.jsonl')]);
    expect(result.code).toBe(ExitCode.ok);
    const html = readFileSync(out, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('Content-Security-Policy');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('counts unreadable lines in one line on standard error, and lists them with --strict', async () => {
    const loose = await cli([fixture('claude/unknown-and-malformed.jsonl')]);
    expect(loose.code).toBe(ExitCode.ok);
    expect(loose.stderr).toMatch(/^xview: 4 lines could not be shown \(malformed or unknown type\); --strict lists them\.\n$/);
    const strict = await cli(['--strict', fixture('claude/unknown-and-malformed.jsonl')]);
    expect(strict.code).toBe(ExitCode.strict);
    expect(strict.stderr).toContain('unknown-and-malformed.jsonl:6: unknown type');
    expect(strict.stderr.match(/^ {2}\S+:\d+: /gm)).toHaveLength(4);
  });

  it('exits 5 when the stream ended without its final line, and 1 when the run failed', async () => {
    expect((await cli([fixture('claude/truncated.jsonl')])).code).toBe(ExitCode.incomplete);
    expect((await cli([fixture('claude/failed-run.jsonl')])).code).toBe(ExitCode.runFailed);
  });

  it('takes --provider instead of detecting', async () => {
    const input = readFileSync(fixture('claude/parity-read-readme.jsonl'), 'utf8');
    expect((await cli(['--provider', 'text'], input)).stdout).toBe(input.endsWith('\n') ? input : `${input}\n`);
    expect((await cli(['-p', 'claude'], input)).stdout).toBe(readFileSync(fixture('claude/parity-read-readme.output.txt'), 'utf8'));
  });

  it('says what it saw when it cannot tell the format, and shows the text', async () => {
    const result = await cli([], 'hello\nworld\n');
    expect(result.stdout).toBe('hello\nworld\n');
    expect(result.stderr).toContain('could not tell the format of standard input');
    expect(result.stderr).toContain('first line: "hello"');
    expect(result.stderr).toContain('--provider');
  });

  it.each([
    [['--provider', 'nope'], ExitCode.usage, /unknown provider "nope"\. Choose one of: claude, codex/],
    [['--bogus'], ExitCode.usage, /unknown option '--bogus'\. Run xview --help/],
    [['--events', '--raw'], ExitCode.usage, /--events and --raw cannot be combined/],
    [['--json'], ExitCode.usage, /--json goes with --summary/],
    [['missing.jsonl'], ExitCode.input, /cannot read missing\.jsonl: no such file\./],
    [['.'], ExitCode.input, /\. is a directory/],
  ])('refuses %j with a message that says what to do', async (argv, code, message) => {
    const result = await cli(argv);
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses binary input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-'));
    const file = join(dir, 'blob.bin');
    writeFileSync(file, Buffer.from([0x7b, 0x00, 0x01, 0x02, 0x0a]));
    const result = await cli([file]);
    expect(result.code).toBe(ExitCode.input);
    expect(result.stderr).toMatch(/looks like binary data/);
  });

  it('says how to read a compressed log back: Codex compresses idle rollouts with zstd, and logs are kept gzipped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-'));
    const rollout = join(FIXTURES_DIR, 'codex-log', 'compressed', 'rollout-2026-11-28T06-57-07-01a220f1-807a-7973-9716-e5e82f00a703.jsonl.zst');
    const gzipped = join(dir, 'run.jsonl.gz');
    writeFileSync(gzipped, gzipSync(readFileSync(join(FIXTURES_DIR, 'claude', 'read-edit-run.jsonl'))));
    for (const [file, name, command] of [
      [rollout, 'zstd', 'zstd -dc'],
      [gzipped, 'gzip', 'gzip -dc'],
    ]) {
      const result = await cli([file as string]);
      expect([result.code, result.stdout, result.stderr]).toEqual([ExitCode.input, '', `xview: ${file} is ${name}-compressed; read it back first: ${command} <file> | xview.\n`]);
    }
  });

  it('prints help, version and the providers', async () => {
    const help = await cli(['--help']);
    expect(help.stdout).toMatch(/^Usage$/m);
    expect(help.stdout).toMatch(/^Exit codes$/m);
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };
    expect((await cli(['--version'])).stdout).toBe(`${pkg.version}\n`);
    expect((await cli(['--list-providers'])).stdout.split('\n').filter(Boolean).map((l) => l.split(/\s+/)[0])).toEqual([
      'claude', 'codex', 'gemini', 'opencode', 'copilot', 'openai-compatible', 'acp', 'claude-log', 'codex-log', 'gemini-log', 'opencode-log', 'copilot-log', 'text',
      'terminal', 'html', 'events', 'summary',
    ]);
  });

  it('detects a Claude transcript and a Codex rollout on its own, and ends them without the incomplete exit', async () => {
    for (const name of ['claude-log/crud', 'codex-log/crud-0.89']) {
      const result = await cli([fixture(`${name}.jsonl`)]);
      expect(result.stdout).toBe(readFileSync(fixture(`${name}.output.txt`), 'utf8'));
      expect(result.code).toBe(0);
    }
  });

  it('renders several files in turn with one renderer', async () => {
    const result = await cli([fixture('claude/plain-answer.jsonl'), fixture('gemini/plain-answer.jsonl')]);
    const expected = readFileSync(fixture('claude/plain-answer.output.txt'), 'utf8') + readFileSync(fixture('gemini/plain-answer.output.txt'), 'utf8');
    expect(result.stdout.replace(/\n+/g, '\n')).toBe(expected.replace(/\n+/g, '\n'));
  });
});

describe('xview when the agent dies mid-run', () => {
  it('renders what arrived, shows open calls unfinished, says so, and exits 5', async () => {
    const lines = readFileSync(fixture('claude/read-edit-run.jsonl'), 'utf8').split('\n');
    // Up to the first tool call, then the producer is gone: no result, no final line, half a line.
    const cut = lines.findIndex((line) => line.includes('"tool_use"'));
    const partial = `${lines.slice(0, cut + 1).join('\n')}\n${lines[cut + 1]?.slice(0, 40) ?? ''}`;
    const result = await cli(['--verbose'], partial);
    expect(result.code).toBe(ExitCode.incomplete);
    expect(result.stdout).toContain("I'll look at src/greet.ts first.");
    expect(result.stdout).toMatch(/Read \/work\/demo\/src\/greet\.ts \(unfinished\)/);
    expect(result.stdout).toContain('the run ended without its final line');
    expect(result.stderr).toMatch(/1 line could not be shown/);
  });

  it('reports a line above --max-line-mib once and goes on', async () => {
    const big = JSON.stringify({ type: 'assistant', message: { id: 'm', content: [{ type: 'text', text: 'x'.repeat(2 * 1024 * 1024) }] } });
    const input = `${big}\n${readFileSync(fixture('claude/plain-answer.jsonl'), 'utf8')}`;
    const result = await cli(['--max-line-mib', '1', '--strict', '--provider', 'claude'], input);
    expect(result.code).toBe(ExitCode.strict);
    expect(result.stderr).toMatch(/stdin:1: malformed: line of \d+ bytes exceeds the limit of 1048576 bytes/);
    expect(result.stdout).toBe(readFileSync(fixture('claude/plain-answer.output.txt'), 'utf8'));
  });
});

describe('xview --html progress', () => {
  it('draws a progress bar on a terminal standard error for a large file, and clears it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-'));
    const input = join(dir, 'big.jsonl');
    const run = readFileSync(fixture('claude/long-run.jsonl'), 'utf8');
    writeFileSync(input, run.repeat(Math.ceil((2 * 1024 * 1024) / run.length)));
    const stdout = new Capture();
    const stderr = new Capture();
    stderr.isTTY = true;
    const code = await runCli(['--html', join(dir, 'big.html'), input], { stdin: bytes(''), stdout, stderr, env: {} });
    expect(code).toBe(ExitCode.ok);
    expect(stderr.text).toMatch(/\rxview: writing HTML \[[#-]{30}\] +\d+% [\d.]+\/[\d.]+ MiB/);
    expect(stderr.text.endsWith('\r\u001b[2K')).toBe(true);
    const plain = new Capture();
    await runCli(['--html', join(dir, 'big2.html'), input], { stdin: bytes(''), stdout, stderr: plain, env: {} });
    expect(plain.text).toBe('');
  });
});
