import { collectDisplayOutput, type DisplayEvent } from '@x/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, SAMPLE_RUN, text, toolResult, toolUse } from '../test/events.js';
import { createTerminalRenderer } from './terminal-renderer.js';

const ESC = '\x1b';
/** Anything a terminal could interpret, other than newline, tab and CRLF. */
const INTERPRETED = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

function lines(...parts: string[]): string {
  return `${parts.join('\n')}\n`;
}

describe('default mode', () => {
  it('writes exactly the DisplayOutput to a plain sink', async () => {
    const output = await render(SAMPLE_RUN);
    expect(output).toBe(collectDisplayOutput(SAMPLE_RUN));
    // The subagent's text belongs to its call, shown in verbose mode only.
    expect(output).toBe(lines("I'll read the file.", 'Now the tests.', 'All done.'));
  });

  it('keeps streamed increments, newlines and tabs as they are', async () => {
    const events = [text('a', 'Hel'), text('a', 'lo\n\tworld'), text('b', 'Second block'), text('b', ' goes on.\r\n')];
    expect(await render(events)).toBe(collectDisplayOutput(events));
  });

  it('writes nothing for a run without text', async () => {
    expect(await render([toolUse('t', 'Bash', 'ls'), toolResult('t', 'Bash')])).toBe('');
  });

  it('writes no escape code to a plain sink even when colour is forced', async () => {
    const output = await render(SAMPLE_RUN, { env: { FORCE_COLOR: '1' } });
    expect(output).not.toContain(ESC);
    expect(output).not.toContain('\r');
  });
});

describe('verbose mode', () => {
  it('shows markers, results, reasoning, subagents, notices, errors and a footer', async () => {
    expect(await render(SAMPLE_RUN, { mode: 'verbose' })).toBe(
      lines(
        '⌂ session sess-1, model model-x, in /repo',
        '¦ The user wants a summary.',
        '¦ Let me read the file.',
        "I'll read the file.",
        '» Read src/index.ts',
        '  ✓ Read src/index.ts (21 chars)',
        'Now the tests.',
        '$ Bash npm test',
        '  ✗ Error (exit 1): Command failed',
        '↳ Task Explore the repo',
        '  Looking around.',
        '  Done looking.',
        '  ✱ Glob **/*.ts',
        '    ✓ Found 3 matches in 3 files',
        '  ✓ ↳ Explore the repo: Completed Task',
        '! warning [rate_limit]: Rate limited, retrying',
        '✗ error: Something odd',
        'All done.',
        // One turn: no prompt, so the whole run is the first (the session end's own count, the model's rounds, says 3).
        '∎ completed | 12.3 s | 1 turn | 1,200 in / 340 out tokens (5,000 cache read) | $0.0123',
      ),
    );
  });

  it('shows the name alone for an empty preview and the raw name of an unknown tool', async () => {
    const output = await render([toolUse('a', 'Bash', ''), toolUse('b', 'frobnicate', 'x'), toolResult('a', 'Bash'), toolResult('b', 'frobnicate')], {
      mode: 'verbose',
    });
    expect(output).toBe(lines('$ Bash', '⟐ frobnicate x', '  ✓ $ Completed Bash', '  ✓ ⟐ x: Completed frobnicate'));
  });

  it('names the input a result says ran when it is not the one its marker showed', async () => {
    const changed = toolResult('a', 'Bash', { arg: 'rm -rf build', input: { command: 'rm -rf build' }, details: { exitCode: 0 } });
    const notice: DisplayEvent = { kind: 'notice', level: 'warning', code: 'tool_input_changed', message: 'input changed' };
    const output = await render([toolUse('a', 'Bash', 'npm test'), changed, notice], { mode: 'verbose' });
    expect(output).toBe(lines('$ Bash npm test', '  ✓ $ ran rm -rf build: Completed Bash (exit 0)', '! warning [tool_input_changed]: input changed'));
  });

  it('tells success from error without colour', async () => {
    const ok = await render([toolUse('a', 'Grep', 'todo'), toolResult('a', 'Grep', { details: { matchCount: 2, fileCount: 1 } })], { mode: 'verbose' });
    const failed = await render([toolUse('a', 'Grep', 'todo'), toolResult('a', 'Grep', { status: 'error', details: { errorMessage: 'bad regex' } })], {
      mode: 'verbose',
    });
    expect(ok).toBe(lines('⌕ Grep todo', '  ✓ Found 2 matches in 1 file'));
    expect(failed).toBe(lines('⌕ Grep todo', '  ✗ Error: bad regex'));
  });

  it('starts a marker on its own line after unfinished text', async () => {
    const events = [text('m', 'Checking'), toolUse('t', 'Glob', '*.md'), toolResult('t', 'Glob'), text('m', 'Done.')];
    expect(await render(events, { mode: 'verbose' })).toBe(lines('Checking', '✱ Glob *.md', '  ✓ Completed Glob', 'Done.'));
  });

  it('indents nested subagents one level per call', async () => {
    const events: DisplayEvent[] = [
      toolUse('a', 'Task', 'outer'),
      toolUse('b', 'Task', 'inner', { parentToolUseId: 'a' }),
      text('x', 'deep\ntext', { parentToolUseId: 'b' }),
      toolResult('b', 'Task', { parentToolUseId: 'a' }),
      toolResult('a', 'Task'),
    ];
    expect(await render(events, { mode: 'verbose' })).toBe(
      lines('↳ Task outer', '  ↳ Task inner', '    deep', '    text', '    ✓ ↳ inner: Completed Task', '  ✓ ↳ outer: Completed Task'),
    );
  });

  it("writes a subagent's block still streaming when its Task's result arrives before the result line", async () => {
    const events: DisplayEvent[] = [
      { kind: 'session', phase: 'start', sessionId: 's1' },
      { kind: 'prompt', form: 'prompt', text: 'look around' },
      toolUse('t', 'Task', 'survey'),
      text('s', 'sub ', { parentToolUseId: 't' }),
      // The block has not ended (no newline, no later event of the subagent) when the result comes.
      text('s', 'work', { parentToolUseId: 't' }),
      toolResult('t', 'Task'),
    ];
    const expected = lines('⌂ session s1', '❯ look around', '↳ Task survey', '  sub work', '  ✓ ↳ survey: Completed Task');
    expect(await render(events, { mode: 'verbose' })).toBe(expected);
  });

  it('prefixes every reasoning line however the increments split it', async () => {
    const events: DisplayEvent[] = [
      { kind: 'reasoning', id: 'r', text: 'one\ntw' },
      { kind: 'reasoning', id: 'r', text: 'o\n\nthree' },
      text('m', 'Answer.'),
    ];
    expect(await render(events, { mode: 'verbose' })).toBe(lines('¦ one', '¦ two', '', '¦ three', 'Answer.'));
  });

  it('dims reasoning and colours results when colour is on', async () => {
    const output = await render([{ kind: 'reasoning', id: 'r', text: 'hmm' }, toolUse('a', 'Bash', 'ls'), toolResult('a', 'Bash')], {
      mode: 'verbose',
      color: true,
    });
    expect(output).toContain(`${ESC}[2mhmm${ESC}[22m`);
    expect(output).toContain(`${ESC}[32m✓${ESC}[39m`);
  });

  describe('run that ends without its final line', () => {
    it('shows open calls as unfinished when end() comes first', async () => {
      const output = await render([toolUse('a', 'Bash', 'sleep 100')], { mode: 'verbose' });
      expect(output).toBe(lines('$ Bash sleep 100', '⋯ $ Bash sleep 100 (unfinished)', '! the run ended without its final line'));
    });

    it('does not call a run cut off when it ended properly with calls left open', async () => {
      // A post-response provider reports calls the client has yet to run.
      const output = await render([toolUse('a', 'Bash', 'sleep 100'), { kind: 'session', phase: 'end', status: 'success' }], { mode: 'verbose' });
      expect(output).toBe(lines('$ Bash sleep 100', '⋯ $ Bash sleep 100 (no result in this run)', '∎ completed | 1 turn'));
    });

    it('says so when the session ended incomplete', async () => {
      const output = await render([text('m', 'Partial'), { kind: 'session', phase: 'end', status: 'incomplete' }], { mode: 'verbose' });
      expect(output).toBe(lines('Partial', '! the run ended without its final line', '∎ incomplete | 1 turn'));
    });

    it('says nothing of the kind for a complete run', async () => {
      expect(await render(SAMPLE_RUN, { mode: 'verbose' })).not.toContain('without its final line');
    });

    it('keeps default mode to the text', async () => {
      expect(await render([text('m', 'Partial'), toolUse('a', 'Bash', 'x')])).toBe('Partial\n');
    });
  });

  describe('Read content', () => {
    const read = (extra: Parameters<typeof toolResult>[2]) => [toolUse('r', 'Read', 'a.txt'), toolResult('r', 'Read', { details: { path: 'a.txt' }, ...extra })];

    it('shows the first lines of the file and how many more there are', async () => {
      const output = await render(read({ output: '1\n2\n3\n4\n5\n6\n7\n' }), { mode: 'verbose', showContent: true, contentLines: 2 });
      expect(output).toBe(lines('» Read a.txt', '  ✓ Read a.txt', '    1', '    2', '    ⋮ 5 more lines'));
    });

    it('shows (empty file) only for an empty output', async () => {
      const empty = await render(read({ outputState: 'empty', output: '' }), { mode: 'verbose', showContent: true });
      expect(empty).toBe(lines('» Read a.txt', '  ✓ Read a.txt', '    (empty file)'));
      const unreadable = await render(read({ outputState: 'unavailable' }), { mode: 'verbose', showContent: true });
      expect(unreadable).toBe(lines('» Read a.txt', '  ✓ Read a.txt', '    (could not read the file content)'));
    });

    it('shows no content without showContent', async () => {
      expect(await render(read({ output: 'secret' }), { mode: 'verbose' })).toBe(lines('» Read a.txt', '  ✓ Read a.txt'));
    });
  });
});

describe('width', () => {
  it('cuts marker and summary lines to the width, counting wide characters, and never cuts text', async () => {
    const prose = 'A long paragraph of assistant text that must wrap on its own and never be cut short.';
    const output = await render([text('m', prose), toolUse('a', 'Read', '文档/说明书.md'), toolResult('a', 'Read', { details: { path: '文档/说明书.md', contentLength: 1234 } })], {
      mode: 'verbose',
      columns: 16,
    });
    expect(output).toBe(lines(prose, '» Read 文档/说…', '  ✓ Read 文档/…'));
  });

  it('reads the width from the sink', async () => {
    let out = '';
    const sink = { columns: 10, write: (chunk: string) => void (out += chunk) };
    const renderer = createTerminalRenderer({ sink, mode: 'verbose', env: {} });
    renderer.write(toolUse('a', 'Bash', 'echo hello world'));
    renderer.end();
    expect(out.split('\n')[0]).toBe('$ Bash ec…');
  });
});

describe('safety', () => {
  const payloads: [string, string][] = [
    ['clear screen', `${ESC}[2J${ESC}[3J${ESC}[H`],
    ['cursor movement', `${ESC}[10;1H${ESC}[2A${ESC}7`],
    ['OSC 52 clipboard write', `${ESC}]52;c;cm0gLXJmIH4=\x07`],
    ['OSC 8 hyperlink', `${ESC}]8;;https://evil.example${ESC}\\click${ESC}]8;;${ESC}\\`],
    ['window title OSC 0', `${ESC}]0;pwned\x07`],
    ['window title OSC 2', `${ESC}]2;pwned${ESC}\\`],
    ['C1 CSI', '\x9b2J\x9b31m'],
    ['bare CR', 'harmless\rEVIL'],
    ['bidi override', 'exe.\u202Etxt'],
    ['bidi isolates', '\u2066a\u2067b\u2068c\u2069'],
  ];

  /** The payload in every string field a renderer shows. */
  function everywhere(payload: string): DisplayEvent[] {
    return [
      { kind: 'session', phase: 'start', sessionId: payload, model: payload, cwd: payload, agentVersion: payload },
      { kind: 'reasoning', id: payload, text: payload },
      text(payload, payload),
      toolUse(payload, `${payload}tool`, payload),
      toolResult(payload, `${payload}tool`, { output: payload }),
      toolUse('r', 'Read', payload),
      toolResult('r', 'Read', { output: `${payload}\n${payload}`, details: { path: payload, contentLength: 3 } }),
      toolUse('b', 'Bash', payload, { parentToolUseId: payload }),
      toolResult('b', 'Bash', { status: 'error', details: { errorMessage: payload, stderr: payload } }),
      toolUse('c', 'Bash', payload),
      toolResult('c', 'Bash', { details: { stderr: payload } }),
      { kind: 'error', message: payload, fatal: true, code: payload },
      { kind: 'notice', level: 'info', message: payload, code: payload },
      { kind: 'notice', level: 'warning', message: payload },
      { kind: 'usage', cumulative: true, model: payload, inputTokens: 1 },
      { kind: 'session', phase: 'end', status: payload as 'success', durationMs: 1 },
      toolUse('open', payload, payload),
    ];
  }

  it.each(payloads)('shows %s visibly and never passes it through', async (_name, payload) => {
    for (const mode of ['default', 'verbose'] as const) {
      const output = await render(everywhere(payload), { mode, showContent: true });
      expect(output).not.toMatch(INTERPRETED);
      expect(output).toMatch(/\\x1b|\\x9b|\\x0d|\\u20/);
    }
  });

  it('bounds combining marks and keeps the halves of a hidden character apart across increments', async () => {
    const marks = '\u0301'.repeat(8);
    const parts = ['a', marks, marks, '\udb40', '\udc41\n'];
    const events: DisplayEvent[] = [...parts.map((part) => text('t', part)), ...parts.map((part): DisplayEvent => ({ kind: 'reasoning', id: 'r', text: part }))];
    for (const mode of ['default', 'verbose'] as const) {
      for (const color of [false, true]) {
        const output = (await render(events, { mode, color })).replace(/\x1b\[\d+m/g, '');
        expect(output).not.toMatch(/\u0301{9}/u);
        expect(output).not.toContain('\u{e0041}');
        // Shown as the two halves it arrived as, or as the character where the output joined them before the gate.
        expect(output).toMatch(/\\udb40\\udc41|\\u\{e0041\}/);
      }
    }
  });

  it('shows an escape sequence as text in place', async () => {
    expect(await render([text('m', `before${ESC}[2Jafter`)])).toBe('before\\x1b[2Jafter\n');
    expect(await render([text('m', 'safe\rEVIL')])).toBe('safe\\x0dEVIL\n');
  });

  it('keeps colour codes to the renderer own when colour is on', async () => {
    const output = await render(everywhere(`${ESC}[2J\x9b2J`), { mode: 'verbose', color: true, showContent: true });
    expect(output.replace(/\x1b\[\d+m/g, '')).not.toMatch(INTERPRETED);
  });
});

describe('live status on a terminal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function terminal(mode: 'default' | 'verbose') {
    vi.useFakeTimers();
    let clock = 0;
    const chunks: string[] = [];
    const renderer = createTerminalRenderer({ sink: (chunk) => void chunks.push(chunk), mode, isTTY: true, color: false, columns: 40, env: {}, now: () => clock });
    const advance = (ms: number) => {
      clock += ms;
      vi.advanceTimersByTime(ms);
    };
    return { renderer, chunks, advance };
  }

  it('draws one status line, updates it in place and replaces it with the result line', () => {
    const { renderer, chunks, advance } = terminal('verbose');
    renderer.write(toolUse('a', 'Bash', 'npm test'));
    expect(chunks.at(-1)).toBe('$ Bash npm test\n⠋ $ Bash npm test 0s');
    advance(1000);
    expect(chunks.at(-1)).toMatch(/^\r\x1b\[2K[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \$ Bash npm test 1s$/);
    renderer.write(toolResult('a', 'Bash'));
    expect(chunks.at(-1)).toBe('\r\x1b[2K  ✓ Completed Bash\n');
    renderer.end();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the newest of parallel calls and how many more run', () => {
    const { renderer, chunks } = terminal('verbose');
    renderer.write(toolUse('a', 'Read', 'a.ts'));
    renderer.write(toolUse('b', 'Grep', 'x'));
    expect(chunks.at(-1)).toBe('\r\x1b[2K⌕ Grep x\n⠋ ⌕ Grep x 0s (+1 more)');
    renderer.write(toolResult('b', 'Grep'));
    expect(chunks.at(-1)).toBe('\r\x1b[2K  ✓ Completed Grep\n⠋ » Read a.ts 0s');
    renderer.end();
    expect(chunks.at(-1)).toBe('\r\x1b[2K⋯ » Read a.ts (unfinished)\n! the run ended without its final line\n');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('in default mode, shows a transient status line below unfinished text and returns the cursor to it', () => {
    const { renderer, chunks, advance } = terminal('default');
    renderer.write(text('m', 'Let me check'));
    renderer.write(toolUse('a', 'Bash', 'ls'));
    expect(chunks.at(-1)).toBe('\x1bD\x1bM\x1b7\x1bD\r⠋ $ Bash ls 0s');
    advance(2000);
    expect(chunks.at(-1)).toMatch(/^\r\x1b\[2K\x1b8\x1bD\x1bM\x1b7\x1bD\r. \$ Bash ls 2s$/);
    renderer.write(toolResult('a', 'Bash'));
    expect(chunks.at(-1)).toBe('\r\x1b[2K\x1b8');
    renderer.write(text('n', 'Done.'));
    renderer.end();
    expect(chunks.slice(-2).join('')).toBe('\nDone.\n');
  });

  it('cuts the status line short of the last column', () => {
    const { renderer, chunks } = terminal('verbose');
    renderer.write(toolUse('a', 'Bash', 'x'.repeat(80)));
    const status = chunks.at(-1)?.split('\n')[1] ?? '';
    expect(status).toHaveLength(39);
    renderer.end();
  });

  it('stops its timer on end() and does not keep the process alive before', () => {
    const unref = vi.fn();
    const setInterval = vi.spyOn(globalThis, 'setInterval').mockImplementation(() => ({ unref }) as unknown as ReturnType<typeof globalThis.setInterval>);
    const clearInterval = vi.spyOn(globalThis, 'clearInterval').mockImplementation(() => undefined);
    const renderer = createTerminalRenderer({ sink: () => undefined, isTTY: true, env: {} });
    renderer.write(toolUse('a', 'Bash', 'ls'));
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect(unref).toHaveBeenCalledTimes(1);
    renderer.end();
    expect(clearInterval).toHaveBeenCalledTimes(1);
    setInterval.mockRestore();
    clearInterval.mockRestore();
  });

  it('never rewrites anything on a plain sink, however long a tool runs', () => {
    vi.useFakeTimers();
    let out = '';
    const renderer = createTerminalRenderer({ sink: (chunk) => void (out += chunk), mode: 'verbose', env: { FORCE_COLOR: '1' } });
    renderer.write(toolUse('a', 'Bash', 'sleep 5'));
    vi.advanceTimersByTime(5000);
    expect(vi.getTimerCount()).toBe(0);
    renderer.write(toolResult('a', 'Bash'));
    renderer.end();
    expect(out).not.toContain('\r');
    expect(out.replace(/\x1b\[\d+m/g, '')).not.toContain(ESC);
  });
});

describe('contract', () => {
  it('ignores unknown kinds and malformed events, and never throws on them', async () => {
    const odd = [
      { kind: 'future-kind', text: 'x' },
      { kind: 'text' },
      { kind: 'tool-result', id: 'z' },
      { kind: 'tool-use' },
      { kind: 'session', phase: 'middle' },
      null,
    ] as unknown as DisplayEvent[];
    for (const mode of ['default', 'verbose'] as const) {
      await expect(render([...odd, text('m', 'ok')], { mode })).resolves.toContain('ok');
    }
  });

  it('ignores writes after end() and a second end()', async () => {
    let out = '';
    const renderer = createTerminalRenderer({ sink: (chunk) => void (out += chunk), env: {} });
    renderer.write(text('m', 'a'));
    renderer.end();
    renderer.write(text('m', 'b'));
    renderer.end();
    expect(out).toBe('a\n');
  });

  it('passes the sink backpressure on', async () => {
    let release: () => void = () => undefined;
    const renderer = createTerminalRenderer({ sink: () => new Promise<void>((resolve) => (release = resolve)), env: {} });
    const pending = renderer.write(text('m', 'a'));
    expect(pending).toBeInstanceOf(Promise);
    release();
    await pending;
  });

  it('detects a terminal sink by its isTTY', () => {
    const chunks: string[] = [];
    const stdoutLike = { isTTY: true, columns: 80, write: (chunk: string) => void chunks.push(chunk) };
    const renderer = createTerminalRenderer({ sink: stdoutLike, env: {} });
    renderer.write(toolUse('a', 'Bash', 'ls'));
    expect(chunks.join('')).toContain('⠋');
    renderer.end();
  });

  it.each([
    [{ mode: 'loud' }, /mode must be 'default' or 'verbose'/],
    [{ contentLines: -1 }, /contentLines/],
    [{ columns: 0 }, /columns/],
    [{ sink: 42 }, /sink must be/],
  ])('rejects bad options %j with a message that says what to do', (bad, message) => {
    expect(() => createTerminalRenderer({ sink: () => undefined, ...(bad as object) })).toThrow(message);
  });
});
