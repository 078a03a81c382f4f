import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { displayEventSchema, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../exit-codes.js';
import { runCli } from '../run-cli.js';
import { Capture } from '../../test/capture.js';

// The scripted agent runs on the SDK's AgentSideConnection over real pipes: xview starts it as a child process.
const AGENT = join(import.meta.dirname, '../../test/acp/scripted-agent.mjs');

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

async function acp(argv: string[], env: Record<string, string> = {}, stdin = '') {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await runCli(['acp', ...argv], { stdin: bytes(stdin), stdout, stderr, env: { PATH: process.env.PATH ?? '', ...env } });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const eventsOf = (stdout: string): DisplayEvent[] =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => displayEventSchema.parse(JSON.parse(line)));

describe('xview acp', () => {
  it('renders the text of a session with a scripted agent, denies permission by default and says so', async () => {
    const result = await acp(['-m', 'fix greet.txt', '--', process.execPath, AGENT]);
    expect(result.stdout).toBe('Editing greet.txt.\nNot allowed.\n');
    expect(result.stderr).toBe('xview: acp: permission requests are denied (--allow to allow them).\n');
    expect(result.code).toBe(ExitCode.ok);
  });

  it('gives events for reasoning, a plan, a tool call with its diff, the permission asked and answered, usage and the end', async () => {
    const { stdout, code } = await acp(['--events', '--allow', '-m', 'fix greet.txt', '--', process.execPath, AGENT]);
    expect(code).toBe(ExitCode.ok);
    const events = eventsOf(stdout);
    expect(events.map((e) => e.kind)).toEqual([
      'session',
      'prompt',
      'reasoning',
      'tool-use',
      'tool-result',
      'text',
      'tool-use',
      'notice',
      'notice',
      'tool-result',
      'usage',
      'text',
      'session',
    ]);
    expect(events[0]).toMatchObject({
      kind: 'session',
      phase: 'start',
      sessionId: 'scripted-1',
      agentVersion: '1',
      providerMetadata: { acp: { agentName: 'scripted-agent' } },
    });
    expect(events[1]).toEqual({ kind: 'prompt', form: 'prompt', text: 'fix greet.txt' });
    expect(events[2]).toEqual({ kind: 'reasoning', id: 'thought-1', text: 'The file needs one change.' });
    expect(events[3]).toMatchObject({ kind: 'tool-use', name: 'TodoWrite', arg: 'Edit greet.txt' });
    expect(events[6]).toEqual({
      kind: 'tool-use',
      id: 'edit-1',
      name: 'Edit',
      toolName: 'edit',
      toolKind: 'edit',
      arg: '/tmp/greet.txt',
      input: { path: '/tmp/greet.txt', old_string: 'helo\n', new_string: 'hello\n' },
    });
    expect(events[8]).toMatchObject({ kind: 'notice', code: 'permission_answer', message: 'Permission allowed (Allow once): Edit greet.txt' });
    expect(events[9]).toMatchObject({
      kind: 'tool-result',
      id: 'edit-1',
      status: 'success',
      details: { changes: [{ path: '/tmp/greet.txt', change: 'modified' }] },
    });
    expect(events[10]).toEqual({ kind: 'usage', cumulative: true, costUsd: 0.002 });
    expect(events[12]).toEqual({ kind: 'session', phase: 'end', status: 'success' });
  });

  it('shows the reasoning, the plan, the edit, the permission and the cost in verbose mode', async () => {
    const { stdout } = await acp(['--verbose', '--allow', '-m', 'fix greet.txt', '--', process.execPath, AGENT]);
    expect(stdout).toContain('¦ The file needs one change.');
    expect(stdout).toContain('☐ TodoWrite Edit greet.txt');
    expect(stdout).toContain('✎ Edit (+1 -1) /tmp/greet.txt');
    expect(stdout).toContain('Permission allowed (Allow once): Edit greet.txt');
    expect(stdout).toContain('✓ ✎ Updated /tmp/greet.txt');
    expect(stdout).toContain('∎ completed | 1 turn | $0.0020');
  });

  it.each([
    ['max_tokens', ExitCode.runFailed],
    ['cancelled', ExitCode.cancelled],
  ])('exits with the run status of a turn that stopped with %s', async (stop, exit) => {
    const result = await acp(['-m', 'go', '--', process.execPath, AGENT], { ACP_SCRIPT_STOP: stop });
    expect(result.code).toBe(exit);
  });

  it('records the traffic both ways, which plain xview reads back as ACP to the same events', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-acp-'));
    const record = join(dir, 'run.jsonl');
    const live = await acp(['--events', '--record', record, '-m', 'fix greet.txt', '--', process.execPath, AGENT]);
    const lines = readFileSync(record, 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0] as string)).toMatchObject({ jsonrpc: '2.0', method: 'initialize' });
    expect(lines.some((line) => JSON.parse(line).method === 'session/request_permission')).toBe(true);
    const stdout = new Capture();
    const stderr = new Capture();
    const code = await runCli(['--events', record], { stdin: bytes(''), stdout, stderr, env: {} });
    expect(code).toBe(ExitCode.ok);
    expect(stdout.text).toBe(live.stdout);
  });

  it('records the traffic redacted behind --redact, as every other output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-acp-'));
    const record = join(dir, 'run.jsonl');
    const token = 'ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R';
    const live = await acp(['--redact', '--record', record, '-m', `push with ${token}`, '--', process.execPath, AGENT]);
    expect(live.code).toBe(ExitCode.ok);
    const recorded = readFileSync(record, 'utf8');
    expect(recorded).toContain('push with [REDACTED:github-token]');
    expect(recorded).not.toContain(token);
  });

  it('reads the prompt from standard input', async () => {
    const { stdout } = await acp(['--events', '--', process.execPath, AGENT], {}, 'from stdin\n');
    expect(eventsOf(stdout)[1]).toEqual({ kind: 'prompt', form: 'prompt', text: 'from stdin' });
  });

  it('gives the agent only the environment xview has', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-acp-'));
    const out = join(dir, 'env.json');
    await acp(['-m', 'go', '--', process.execPath, AGENT], { ACP_SCRIPT_ENV_OUT: out });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(['ACP_SCRIPT_ENV_OUT', 'PATH']);
  });

  it("passes the agent's standard error on through the terminal gate, line by line", async () => {
    const result = await acp(['-m', 'go', '--', process.execPath, AGENT], { ACP_SCRIPT_STDERR: 'warming up\n\u001b]52;c;aGVsbG8=\u0007clip\n' });
    expect(result.stderr).toContain('warming up\n');
    expect(result.stderr).not.toContain('\u001b');
    expect(result.stderr).not.toContain('\u0007');
  });

  it('says when the agent cannot be started', async () => {
    const result = await acp(['-m', 'go', '--', join(tmpdir(), 'no-such-agent-xview')]);
    expect(result.stderr).toContain('xview: acp: cannot start');
    expect(result.code).toBe(ExitCode.input);
  });

  it.each([
    [['-m', 'go'], "acp needs the agent's command after --"],
    [['--allow', '--deny', '-m', 'go', '--', 'x'], '--allow and --deny cannot be combined'],
    [['--raw', '-m', 'go', '--', 'x'], 'acp does not take --raw'],
    [['-p', 'claude', '-m', 'go', '--', 'x'], 'acp does not take --provider'],
  ])('refuses %j', async (argv, message) => {
    const result = await acp(argv);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain(message);
  });

  it('has its help', async () => {
    const { stdout, code } = await acp(['--help']);
    expect(code).toBe(ExitCode.ok);
    expect(stdout).toContain('xview acp [options] -- <agent command...>');
    expect(stdout).toContain('--record <file>');
  });
});
