import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode } from './exit-codes.js';
import { runCli } from './run-cli.js';
import { Capture } from '../test/capture.js';

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

/**
 * A hand-written source for a small subset of Claude Code's stream-json (the
 * system/init line with `claude_code_version`, assistant text, the result
 * line), tested up to `testedUpTo`; any other line type is unknown, with a
 * reason that names the type, as the real providers report it. Written here
 * so that these tests do not depend on the built-in providers' own versions.
 */
function driftSource(testedUpTo: string): string {
  return `export const claudeLikeSource = {
  specificationVersion: 'v1', id: 'claude-like', displayName: 'Claude Code', cadence: 'streaming', testedUpTo: ${JSON.stringify(testedUpTo)},
  detect: () => ({ confidence: 0, evidence: 'chosen with --provider' }),
  createParser: () => ({
    parse(line, context) {
      const value = JSON.parse(line);
      if (value.type === 'system' && value.subtype === 'init') {
        return [{ kind: 'session', phase: 'start', sessionId: value.session_id, agentVersion: value.claude_code_version }];
      }
      if (value.type === 'assistant') return value.message.content.map((block) => ({ kind: 'text', id: value.message.id, text: block.text }));
      if (value.type === 'result') return [{ kind: 'session', phase: 'end', status: value.is_error ? 'error' : 'success', result: value.result }];
      context.unknown('unknown message type "' + value.type + '"');
      return [];
    },
    flush: () => [],
  }),
};
`;
}

function stream(version: string | undefined, unknownTypes: string[]): string {
  const init = { type: 'system', subtype: 'init', session_id: 's-1', ...(version === undefined ? {} : { claude_code_version: version }) };
  const lines = [
    init,
    { type: 'assistant', message: { id: 'm1', content: [{ type: 'text', text: 'Hello.' }] } },
    ...unknownTypes.map((type) => ({ type, session_id: 's-1' })),
    { type: 'result', subtype: 'success', is_error: false, result: 'Hello.' },
  ];
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

async function cli(argv: string[], testedUpTo: string, stdin: string) {
  const dir = mkdtempSync(join(tmpdir(), 'xview-drift-'));
  writeFileSync(join(dir, 'claude-like.mjs'), driftSource(testedUpTo));
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await runCli(['--plugin', './claude-like.mjs', '--provider', 'claude-like', ...argv], {
    stdin: bytes(stdin),
    stdout,
    stderr,
    env: {},
    cwd: dir,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const UNKNOWNS = ['hologram', 'hologram', 'tool_progress', 'hologram', 'plan_update', 'memory_sync'];
const PROBLEMS = 'xview: 6 lines could not be shown (malformed or unknown type); --strict lists them.\n';

describe('the drift alarm', () => {
  it('prints one line when a newer version brings unknown lines, and keeps the exit code', async () => {
    const result = await cli([], '2.0.14', stream('99.1.0', UNKNOWNS));
    expect(result.stdout).toBe('Hello.\n');
    expect(result.stderr).toBe(
      'xview: Claude Code 99.1.0 is newer than the newest version tested (2.0.14), and 6 lines were of an unknown kind ' +
        '(3 x unknown message type "hologram", 1 x unknown message type "memory_sync", 1 x unknown message type "plan_update", and 1 more): ' +
        'its output format may have changed and some of it is not shown; please report it with a capture of this stream.\n' +
        PROBLEMS,
    );
    expect(result.code).toBe(ExitCode.ok);
    // The same run read by a source tested up to that version: the same exit code, no drift line.
    const tested = await cli([], '99.1.0', stream('99.1.0', UNKNOWNS));
    expect(tested).toEqual({ code: result.code, stdout: result.stdout, stderr: PROBLEMS });
  });

  it('names the file, and counts a single line as one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xview-drift-file-'));
    const file = join(dir, 'run.jsonl');
    writeFileSync(file, stream('3.0.0', ['hologram']));
    const { stderr } = await cli([file], '2.0.14', '');
    expect(stderr.split('\n')[0]).toBe(
      `xview: Claude Code 3.0.0 is newer than the newest version tested (2.0.14), and 1 line in ${file} was of an unknown kind ` +
        '(1 x unknown message type "hologram"): its output format may have changed and some of it is not shown; please report it with a capture of this stream.',
    );
  });

  it.each([
    ['a newer version without unknown lines', '2.0.14', '99.1.0', [], ''],
    [
      'unknown lines from a version not newer',
      '2.0.14',
      '2.0.14',
      ['hologram'],
      'xview: 1 line could not be shown (malformed or unknown type); --strict lists them.\n',
    ],
    [
      'unknown lines without a version in the stream',
      '2.0.14',
      undefined,
      ['hologram'],
      'xview: 1 line could not be shown (malformed or unknown type); --strict lists them.\n',
    ],
    [
      'a prerelease of the version tested',
      '2.0.14',
      '2.0.14-beta.1',
      ['hologram'],
      'xview: 1 line could not be shown (malformed or unknown type); --strict lists them.\n',
    ],
    ['a version that is not one', '2.0.14', 'nightly', ['hologram'], 'xview: 1 line could not be shown (malformed or unknown type); --strict lists them.\n'],
  ])('says nothing for %s', async (_, testedUpTo, version, unknownTypes, stderr) => {
    const result = await cli([], testedUpTo, stream(version, unknownTypes));
    expect(result).toEqual({ code: ExitCode.ok, stdout: 'Hello.\n', stderr });
  });

  it('passes what the stream named through the terminal gate', async () => {
    const { stderr } = await cli([], '2.0.14', stream('3.0.0', ['\u001b]0;owned\u0007\u001b[2J']));
    expect(stderr.split('\n')[0]).toMatch(
      /^xview: Claude Code 3\.0\.0 is newer than the newest version tested \(2\.0\.14\), .* \(1 x unknown message type ".+"\): /,
    );
    expect(stderr).toContain('owned');
    expect(stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('shows the version seen, the version tested and the unknown lines in --summary, as a table and as JSON', async () => {
    const table = await cli(['--summary'], '2.0.14', stream('99.1.0', UNKNOWNS));
    expect(table.stdout).toMatch(/^CLI version {3}99\.1\.0$/m);
    expect(table.stdout).toMatch(/^Tested up to {2}2\.0\.14 \(the stream is newer\)$/m);
    expect(table.stdout).toMatch(
      /^Unknown {7}6 lines: 3 x unknown message type "hologram", 1 x unknown message type "memory_sync", 1 x unknown message type "plan_update", and 1 more$/m,
    );
    expect(table.stderr.split('\n')[0]).toMatch(/^xview: Claude Code 99\.1\.0 is newer than the newest version tested \(2\.0\.14\)/);
    const json = await cli(['--summary', '--json'], '2.0.14', stream('99.1.0', UNKNOWNS));
    expect(JSON.parse(json.stdout)).toMatchObject({
      provider: 'claude-like',
      agentVersion: '99.1.0',
      testedUpTo: '2.0.14',
      unknown: {
        'unknown message type "hologram"': 3,
        'unknown message type "tool_progress"': 1,
        'unknown message type "plan_update"': 1,
        'unknown message type "memory_sync"': 1,
      },
      drift: { newer: true, unknownLines: 6, alarm: true },
    });
    const quiet = await cli(['--summary'], '2.0.14', stream('2.0.1', []));
    expect(quiet.stdout).toMatch(/^CLI version {3}2\.0\.1$/m);
    expect(quiet.stdout).toMatch(/^Tested up to {2}2\.0\.14$/m);
    expect(quiet.stdout).not.toMatch(/^Unknown/m);
    expect(quiet.stderr).toBe('');
  });
});
