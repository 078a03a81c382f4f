import { describe, expect, it } from 'vitest';
import { createToolCallTracker } from './tool-calls.js';
import { countSearchOutput } from './tool-result-details.js';
import { toolAliases } from './tool-vocabulary.js';

const aliases = toolAliases({ read_file: 'Read', grep: 'Grep', run_shell_command: 'Bash' });

describe('createToolCallTracker', () => {
  it('announces a call once, however often it is started', () => {
    const tracker = createToolCallTracker({ aliases });
    const [first] = tracker.start({ id: 't1', toolName: 'read_file', input: { absolute_path: '/r/README.md' } });
    expect(first).toEqual({
      kind: 'tool-use',
      id: 't1',
      name: 'Read',
      toolName: 'read_file',
      toolKind: 'read',
      arg: '/r/README.md',
      input: { absolute_path: '/r/README.md' },
    });
    expect(tracker.start({ id: 't1', toolName: 'read_file', input: {} })).toEqual([]);
    expect(tracker.has('t1')).toBe(true);
  });

  it('previews an MCP call with no arguments as such, whatever form its name and empty input take (issue #30)', () => {
    const tracker = createToolCallTracker();
    const calls = [
      { id: 'm1', toolName: 'mcp__github__get_me', input: {} },
      { id: 'm2', toolName: 'mcp__github__get_me', input: '' },
      { id: 'm3', toolName: 'get_me', displayName: 'github.get_me', input: '{}' },
      { id: 'm4', toolName: 'github.get_me', input: null },
    ];
    expect(calls.map((call) => tracker.start(call)[0]).map((use) => [use?.name, use?.arg])).toEqual([
      ['github.get_me', 'no arguments'],
      ['github.get_me', 'no arguments'],
      ['github.get_me', 'no arguments'],
      ['github.get_me', 'no arguments'],
    ]);
    // Arguments keep their preview; a tool that is not MCP keeps an empty one.
    expect(tracker.start({ id: 'm5', toolName: 'mcp__github__get_issue', input: { number: 7 } })[0]?.arg).toBe('{"number":7}');
    expect(tracker.start({ id: 'e1', toolName: 'ExitPlanMode', input: {} })[0]?.arg).toBe('');
  });

  it('decodes JSON-string input and makes up ids where there are none', () => {
    const tracker = createToolCallTracker({ idPrefix: 'oa' });
    const [use] = tracker.start({ toolName: 'Bash', input: '{"command":"ls"}' });
    expect(use).toMatchObject({ id: 'oa-1', arg: 'ls', input: { command: 'ls' } });
    expect(tracker.start({ id: '', toolName: 'Bash', input: {} })[0]?.id).toBe('oa-2');
  });

  it('correlates the result, with the path from the call and the content length the provider gave', () => {
    const tracker = createToolCallTracker({ aliases });
    tracker.start({ id: 't1', toolName: 'read_file', input: { absolute_path: '/r/a.md' }, parentToolUseId: 'task-1' });
    expect(tracker.finish('t1', { status: 'success', output: { output: 'line\n' }, contentLength: 5 })[0]).toEqual({
      kind: 'tool-result',
      id: 't1',
      name: 'Read',
      toolKind: 'read',
      status: 'success',
      outputState: 'text',
      output: 'line\n',
      details: { path: '/r/a.md', contentLength: 5 },
      parentToolUseId: 'task-1',
    });
    expect(tracker.finish('t1', { status: 'success' })).toEqual([]);
    expect(tracker.unfinished()).toEqual([]);
  });

  it('tells an empty file from an unreadable output', () => {
    const tracker = createToolCallTracker({ aliases });
    tracker.start({ id: 'a', toolName: 'read_file', input: { path: 'empty.txt' } });
    tracker.start({ id: 'b', toolName: 'read_file', input: { path: 'x.png' } });
    expect(tracker.finish('a', { status: 'success', output: '' })[0]).toMatchObject({ outputState: 'empty', output: '', details: { path: 'empty.txt' } });
    const [unreadable] = tracker.finish('b', { status: 'success', output: { image: 'AAAA' } });
    expect(unreadable).toMatchObject({ outputState: 'unavailable', details: { path: 'x.png' } });
    expect(unreadable).not.toHaveProperty('output');
  });

  it('never guesses details from output text: a search says counts only when the provider gives them', () => {
    const tracker = createToolCallTracker({ aliases });
    tracker.start({ id: 'g', toolName: 'grep', input: { pattern: 'TODO' } });
    tracker.start({ id: 'h', toolName: 'grep', input: { pattern: 'TODO' } });
    const output = 'a.ts:1:TODO\na.ts:9:TODO\nb.ts:3:TODO\n';
    expect(tracker.finish('g', { status: 'success', output })[0]?.details).toEqual({});
    expect(tracker.finish('h', { status: 'success', output, ...countSearchOutput(output) })[0]?.details).toEqual({ matchCount: 3, fileCount: 2 });
  });

  it('keeps exit code, stderr, error message, changes and duration', () => {
    const tracker = createToolCallTracker({ aliases });
    tracker.start({ id: 'x', toolName: 'run_shell_command', input: { command: 'make' } });
    const [result] = tracker.finish('x', {
      status: 'error',
      output: 'partial',
      exitCode: 2,
      stderr: 'make: *** Error 2',
      errorMessage: 'exit 2',
      durationMs: 120,
      changes: [{ path: 'out.o', change: 'created' }],
    });
    expect(result?.details).toEqual({
      exitCode: 2,
      stderr: 'make: *** Error 2',
      errorMessage: 'exit 2',
      durationMs: 120,
      changes: [{ path: 'out.o', change: 'created' }],
    });
  });

  it('still gives a result for a call it never saw', () => {
    const tracker = createToolCallTracker({ aliases });
    expect(tracker.finish('ghost', { status: 'success', toolName: 'run_shell_command', output: 'ok' })[0]).toMatchObject({
      id: 'ghost',
      name: 'Bash',
      toolKind: 'execute',
      output: 'ok',
    });
  });

  it('lists unfinished calls in start order', () => {
    const tracker = createToolCallTracker();
    tracker.start({ id: '1', toolName: 'Bash', input: {} });
    tracker.start({ id: '2', toolName: 'Read', input: {} });
    tracker.finish('1', { status: 'success' });
    expect(tracker.unfinished().map((c) => c.id)).toEqual(['2']);
  });
});

describe('createToolCallTracker details', () => {
  it('previews a search by its pattern before its path', () => {
    const tracker = createToolCallTracker({ aliases });
    expect(tracker.start({ id: 's', toolName: 'grep', input: { path: '/repo/src', pattern: 'TODO' } })[0]?.arg).toBe('TODO');
    expect(tracker.start({ id: 'r', toolName: 'read_file', input: { path: '/repo/a', pattern: 'x' } })[0]?.arg).toBe('/repo/a');
  });

  it('counts "No matches found." as no match', () => {
    expect(countSearchOutput('No matches found.')).toEqual({ matchCount: 0, fileCount: 0 });
    expect(countSearchOutput('src/a.ts\nsrc/b.ts\n')).toEqual({ matchCount: 2, fileCount: 2 });
  });

  it('takes a display name when the provider name does not tell it', () => {
    const tracker = createToolCallTracker();
    expect(tracker.start({ id: 'e', toolName: 'str_replace_editor', displayName: 'Edit', input: { path: 'a.ts' } })[0]).toMatchObject({
      name: 'Edit',
      toolName: 'str_replace_editor',
      toolKind: 'edit',
    });
  });
});

describe('createToolCallTracker arg override', () => {
  it('takes the provider preview, still one line of at most 40 characters', () => {
    const tracker = createToolCallTracker();
    expect(tracker.start({ id: 'a', toolName: 'Bash', arg: 'ls -la', input: { command: 'bash -lc "ls -la"' } })[0]?.arg).toBe('ls -la');
    expect(tracker.start({ id: 'b', toolName: 'Bash', arg: `x\n${'y'.repeat(50)}`, input: {} })[0]?.arg).toHaveLength(40);
  });
});

describe('createToolCallTracker failed reads', () => {
  it('gives a failed read no content length', () => {
    const tracker = createToolCallTracker({ aliases });
    tracker.start({ id: 'f', toolName: 'read_file', input: { path: 'missing.txt' } });
    expect(tracker.finish('f', { status: 'error', output: 'ENOENT: no such file' })[0]?.details).toEqual({ path: 'missing.txt' });
  });
});

describe('createToolCallTracker scopes', () => {
  it('keeps ids unique when a later session reuses them', () => {
    const tracker = createToolCallTracker();
    expect(tracker.start({ id: 'item_0', toolName: 'Bash', input: {} })[0]?.id).toBe('item_0');
    tracker.finish('item_0', { status: 'success' });
    tracker.newScope();
    expect(tracker.start({ id: 'item_0', toolName: 'Bash', input: {} })[0]?.id).toBe('item_0#2');
    expect(tracker.start({ id: 'item_0', toolName: 'Bash', input: {} })).toEqual([]);
    expect(tracker.finish('item_0', { status: 'success' })[0]?.id).toBe('item_0#2');
    expect(tracker.start({ id: 'item_1', toolName: 'Bash', input: {} })[0]?.id).toBe('item_1');
  });

  it('a call still open when a new scope starts is another call when announced again there', () => {
    const tracker = createToolCallTracker();
    tracker.start({ id: 'x', toolName: 'Bash', input: {} });
    tracker.newScope();
    expect(tracker.start({ id: 'x', toolName: 'Bash', input: {} })[0]?.id).toBe('x#2');
    expect(tracker.start({ id: 'x', toolName: 'Bash', input: {} })).toEqual([]);
  });

  it('without a new scope, a repeated id is the same call', () => {
    const tracker = createToolCallTracker();
    tracker.start({ id: 'a', toolName: 'Bash', input: {} });
    tracker.finish('a', { status: 'success' });
    expect(tracker.start({ id: 'a', toolName: 'Bash', input: {} })).toEqual([]);
    expect(tracker.finish('a', { status: 'success' })).toEqual([]);
  });

  it('restarts made-up ids with a new prefix', () => {
    const tracker = createToolCallTracker({ idPrefix: 'r1' });
    expect(tracker.start({ toolName: 'Bash', input: {} })[0]?.id).toBe('r1-1');
    tracker.newScope('r2');
    expect(tracker.start({ toolName: 'Bash', input: {} })[0]?.id).toBe('r2-1');
  });

  it('with idReuse "new-call", an id reused after its result is another call, which its next result reaches', () => {
    const tracker = createToolCallTracker();
    tracker.start({ id: 'a', toolName: 'Bash', input: { command: 'ls' } });
    expect(tracker.start({ id: 'a', toolName: 'Bash', input: {}, idReuse: 'new-call' })).toEqual([]);
    tracker.finish('a', { status: 'success' });
    const [again] = tracker.start({ id: 'a', toolName: 'Read', input: { file_path: 'x' }, idReuse: 'new-call' });
    expect([again?.id, again?.name]).toEqual(['a#1', 'Read']);
    expect(tracker.finish('a', { status: 'success' })[0]?.id).toBe('a#1');
  });

  it('keeps open calls bounded by bytes and without their input', () => {
    const tracker = createToolCallTracker();
    const big = 'x'.repeat(1_000_000);
    for (let i = 0; i < 20; i++) expect(tracker.start({ id: `${big}${i}`, toolName: 'Write', input: { content: big } })[0]?.input).toEqual({ content: big });
    const open = tracker.unfinished();
    // 2 MB of id per call: the 4 MiB budget holds one or two.
    expect(open.length).toBeLessThanOrEqual(2);
    expect(open.every((call) => call.input === null)).toBe(true);
    // A forgotten call's result still comes out, as a result without a call.
    expect(tracker.finish(`${big}0`, { status: 'success', toolName: 'Write' })[0]?.name).toBe('Write');
  });

  it('shows the input a call completed with when it differs from the one announced, and warns', () => {
    const tracker = createToolCallTracker({ aliases });
    tracker.start({ id: 'c1', toolName: 'run_shell_command', input: { command: 'npm test' }, inputMayChange: true });
    expect(tracker.finish('c1', { status: 'success', input: { command: 'rm -rf build' }, exitCode: 0 })).toEqual([
      { kind: 'tool-result', id: 'c1', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'unavailable', details: { exitCode: 0 }, arg: 'rm -rf build', input: { command: 'rm -rf build' } },
      {
        kind: 'notice',
        level: 'warning',
        code: 'tool_input_changed',
        message: 'The input of Bash call c1 changed between its start and its completion (started as "npm test", completed as "rm -rf build"); its result shows the input it completed with',
      },
    ]);
  });

  it('says so when inputs differ beyond their previews, and nothing when the completion restates the same input', () => {
    const tracker = createToolCallTracker();
    tracker.start({ id: 'a', toolName: 'Write', arg: 'a.txt', input: { file_path: 'a.txt', content: 'one' }, inputMayChange: true, parentToolUseId: 'task' });
    const [, notice] = tracker.finish('a', { status: 'success', arg: 'a.txt', input: '{"file_path":"a.txt","content":"two"}' });
    expect(notice).toEqual({
      kind: 'notice',
      level: 'warning',
      code: 'tool_input_changed',
      message: 'The input of Write call a changed between its start and its completion (both previewed as "a.txt", the inputs differ further on); its result shows the input it completed with',
      parentToolUseId: 'task',
    });
    tracker.start({ id: 'b', toolName: 'Bash', input: { command: 'ls' }, inputMayChange: true });
    expect(tracker.finish('b', { status: 'success', input: '{"command":"ls"}' })).toEqual([
      { kind: 'tool-result', id: 'b', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'unavailable', details: {} },
    ]);
  });

  it('shows a call that opens under an id still open as another call, warns, and gives it the next result', () => {
    const tracker = createToolCallTracker();
    tracker.start({ id: 'item_1', toolName: 'Bash', input: { command: 'npm test' }, opens: true });
    // A restatement of the open call (a snapshot) still announces nothing.
    expect(tracker.start({ id: 'item_1', toolName: 'Bash', input: { command: 'npm test' } })).toEqual([]);
    const [use, notice] = tracker.start({ id: 'item_1', toolName: 'Bash', input: { command: 'make' }, opens: true });
    expect([use?.id, use?.arg]).toEqual(['item_1#1', 'make']);
    expect(notice).toEqual({
      kind: 'notice',
      level: 'warning',
      code: 'tool_id_reused',
      message: 'A second call started under id item_1 while Bash "npm test" was still running; it is shown as item_1#1, and results for item_1 go to it',
    });
    expect(tracker.finish('item_1', { status: 'success' })[0]?.id).toBe('item_1#1');
    expect(tracker.unfinished().map((call) => [call.id, call.arg])).toEqual([['item_1', 'npm test']]);
  });

  it('shows a call that opens under a finished id as another call, without a warning', () => {
    const tracker = createToolCallTracker();
    tracker.start({ id: 'a', toolName: 'Bash', input: { command: 'ls' }, opens: true });
    tracker.finish('a', { status: 'success' });
    expect(tracker.start({ id: 'a', toolName: 'Bash', input: { command: 'pwd' }, opens: true })).toEqual([
      { kind: 'tool-use', id: 'a#1', name: 'Bash', toolName: 'Bash', toolKind: 'execute', arg: 'pwd', input: { command: 'pwd' } },
    ]);
  });
});
