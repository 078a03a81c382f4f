import { describe, expect, it } from 'vitest';
import { MODEL, replay, SESSION } from '../test/lines.js';

/*
 * claude.md quirk 22: Claude Code 0.2.70 names its tools View, Replace,
 * GrepTool, GlobTool, WebFetchTool and dispatch_agent. Lines as in
 * fixtures/claude/recorded/0.2.70/read-edit-run.jsonl, write-search.jsonl and web-fetch.jsonl
 * (flat API messages, quirk 2; usage and the summary left out), the events
 * written by hand from the canonical tools those names are.
 */

const call = (id: string, name: string, input: object) => ({ id: `msg_${id}`, type: 'message', role: 'assistant', model: MODEL, content: [{ type: 'tool_use', id, name, input }] });
const output = (id: string, content: string) => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] });

describe('claude.md quirk 22: the tool names of 0.2.70', () => {
  it('shows View, Replace, GrepTool and GlobTool as the Read, Write, Grep and Glob they are', () => {
    const file = '/home/lab/project/src/greet.ts';
    const notes = '/home/lab/project/NOTES.md';
    const { events, diagnostics } = replay([
      call('v1', 'View', { file_path: file }),
      output('v1', '     1\texport function greet() {}'),
      call('r1', 'Replace', { file_path: notes, content: '# Notes\n' }),
      output('r1', `File created successfully at: ${notes}`),
      call('g1', 'GrepTool', { pattern: 'function greet' }),
      output('g1', `Found 1 file\n${file}`),
      call('f1', 'GlobTool', { pattern: '**/*.ts' }),
      output('f1', file),
    ]);
    expect(events.filter((event) => event.kind === 'tool-use')).toEqual([
      { kind: 'tool-use', id: 'v1', name: 'Read', toolName: 'View', toolKind: 'read', arg: file, input: { file_path: file } },
      { kind: 'tool-use', id: 'r1', name: 'Write', toolName: 'Replace', toolKind: 'edit', arg: notes, input: { file_path: notes, content: '# Notes\n' } },
      { kind: 'tool-use', id: 'g1', name: 'Grep', toolName: 'GrepTool', toolKind: 'search', arg: 'function greet', input: { pattern: 'function greet' } },
      { kind: 'tool-use', id: 'f1', name: 'Glob', toolName: 'GlobTool', toolKind: 'search', arg: '**/*.ts', input: { pattern: '**/*.ts' } },
    ]);
    expect(events.filter((event) => event.kind === 'tool-result')).toEqual([
      { kind: 'tool-result', id: 'v1', name: 'Read', toolKind: 'read', status: 'success', outputState: 'text', details: { path: file }, output: '     1\texport function greet() {}' },
      { kind: 'tool-result', id: 'r1', name: 'Write', toolKind: 'edit', status: 'success', outputState: 'text', details: { path: notes }, output: `File created successfully at: ${notes}` },
      { kind: 'tool-result', id: 'g1', name: 'Grep', toolKind: 'search', status: 'success', outputState: 'text', details: { matchCount: 1, fileCount: 1 }, output: `Found 1 file\n${file}` },
      { kind: 'tool-result', id: 'f1', name: 'Glob', toolKind: 'search', status: 'success', outputState: 'text', details: { matchCount: 1, fileCount: 1 }, output: file },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('shows WebFetchTool as the WebFetch it is', () => {
    const url = 'http://127.0.0.1:33851/status.html';
    const { events } = replay([call('w1', 'WebFetchTool', { url, prompt: 'What does it say?' })]);
    expect(events.find((event) => event.kind === 'tool-use')).toMatchObject({ name: 'WebFetch', toolName: 'WebFetchTool', toolKind: 'fetch', arg: url });
  });

  it('shows dispatch_agent as the Task call it is', () => {
    const { events } = replay([call('d1', 'dispatch_agent', { prompt: 'Count the files.' }), { role: 'system', cost_usd: 0.01, duration_ms: 5, duration_api_ms: 5, session_id: SESSION }]);
    expect(events.find((event) => event.kind === 'tool-use')).toMatchObject({ name: 'Task', toolName: 'dispatch_agent', toolKind: 'think' });
  });
});
