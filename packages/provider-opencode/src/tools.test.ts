// OpenCode's tools as calls and results: names, previews, read markup,
// search counts and exit codes (docs/formats/opencode.md section 1).
import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { part, replay, run } from '../test/lines.js';

const tool = (name: string, state: object) => run('tool_use', { part: part({ id: `prt_${name}`, type: 'tool', callID: `call_${name}`, tool: name, state }) });
const done = (input: object, output: string, metadata: object = {}) => ({ status: 'completed', input, output, title: '', metadata, time: { start: 1, end: 2 } });
const calls = (events: DisplayEvent[]) => events.filter((e) => e.kind === 'tool-use' || e.kind === 'tool-result');

describe('tools', () => {
  it.each([
    ['bash', 'Bash'],
    ['read', 'Read'],
    ['write', 'Write'],
    ['edit', 'Edit'],
    ['multiedit', 'Edit'],
    ['patch', 'Edit'],
    ['apply_patch', 'Edit'],
    ['glob', 'Glob'],
    ['grep', 'Grep'],
    ['list', 'LS'],
    ['webfetch', 'WebFetch'],
    ['websearch', 'WebSearch'],
    ['task', 'Task'],
    ['todowrite', 'TodoWrite'],
    ['todoread', 'TodoWrite'],
    ['github_create_issue', 'github_create_issue'],
  ])('maps %s to %s', (raw, name) => {
    const [use] = calls(replay([tool(raw, done({}, ''))]).events);
    expect(use).toMatchObject({ kind: 'tool-use', name, toolName: raw });
  });

  it('takes the file text out of the read output, and tells an empty file and a directory apart', () => {
    const wrap = (body: string, total: number) => `<path>/w/a.txt</path>\n<type>file</type>\n<content>\n${body}\n\n(End of file - total ${total} lines)\n</content>`;
    const use = { kind: 'tool-use', id: 'call_read', name: 'Read', toolName: 'read', toolKind: 'read', arg: '/w/a.txt', input: { filePath: '/w/a.txt' } };
    const result = { kind: 'tool-result', id: 'call_read', name: 'Read', toolKind: 'read', status: 'success' };
    expect(calls(replay([tool('read', done({ filePath: '/w/a.txt' }, wrap('1: one\n2: \n3: three', 3)))]).events)).toEqual([
      use,
      { ...result, outputState: 'text', output: 'one\n\nthree', details: { path: '/w/a.txt', contentLength: 10, durationMs: 1 } },
    ]);
    expect(calls(replay([tool('read', done({ filePath: '/w/a.txt' }, wrap('', 0)))]).events)).toEqual([
      use,
      { ...result, outputState: 'empty', output: '', details: { path: '/w/a.txt', contentLength: 0, durationMs: 1 } },
    ]);
    const listing = '<path>/w</path>\n<type>directory</type>\n<entries>\na.txt\n\n(1 entries)\n</entries>';
    expect(calls(replay([tool('read', done({ filePath: '/w' }, listing))]).events)).toEqual([
      { ...use, arg: '/w', input: { filePath: '/w' } },
      { ...result, outputState: 'text', output: listing, details: { path: '/w', durationMs: 1 } },
    ]);
  });

  it('counts grep matches from metadata and files from the grouped output', () => {
    const output = 'Found 3 matches\n/w/a.ts:\n  Line 1: TODO a\n  Line 9: TODO b\n\n/w/b.ts:\n  Line 2: TODO c';
    const { events } = replay([tool('grep', done({ pattern: 'TODO', path: 'src' }, output, { matches: 3, truncated: false }))]);
    expect(calls(events)).toEqual([
      { kind: 'tool-use', id: 'call_grep', name: 'Grep', toolName: 'grep', toolKind: 'search', arg: 'TODO', input: { pattern: 'TODO', path: 'src' } },
      { kind: 'tool-result', id: 'call_grep', name: 'Grep', toolKind: 'search', status: 'success', outputState: 'text', output, details: { path: 'src', matchCount: 3, fileCount: 2, durationMs: 1 } },
    ]);
  });

  it('gives the bash exit code; a command that exited non-zero is a failed call, as for every agent', () => {
    const [, result] = calls(replay([tool('bash', done({ command: 'false' }, '', { exit: 1 }))]).events);
    expect(result).toEqual({ kind: 'tool-result', id: 'call_bash', name: 'Bash', toolKind: 'execute', status: 'error', outputState: 'empty', output: '', details: { exitCode: 1, durationMs: 1 } });
  });
});
