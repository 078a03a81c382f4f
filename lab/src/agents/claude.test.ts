import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../scenarios.js';
import { claude } from './claude.js';

const todo = { kind: 'todo', items: ['Write the changelog', 'Tag the release'] } as const;
const place = (version: string) => ({ work: '/tmp/w', serverUrl: 'http://127.0.0.1:1', version });

describe('the Claude profile', () => {
  it('gives TodoWrite items the id and priority 1.0.60 requires, and activeForm from 1.0.90 on', () => {
    expect(claude.makeCall(todo, ['TodoWrite'], 'c', place('1.0.60'))?.input).toEqual({
      todos: [
        { id: '1', content: 'Write the changelog', status: 'in_progress', priority: 'high' },
        { id: '2', content: 'Tag the release', status: 'pending', priority: 'high' },
      ],
    });
    expect(claude.makeCall(todo, ['TodoWrite'], 'c', place('1.0.90'))?.input).toEqual({
      todos: [
        { content: 'Write the changelog', status: 'in_progress', activeForm: 'Write the changelog' },
        { content: 'Tag the release', status: 'pending', activeForm: 'Tag the release' },
      ],
    });
  });

  it('allows the tools by name before 1.0.60, which refuses --dangerously-skip-permissions as root, and bypasses the checks from 1.0.60 on', () => {
    const scenario = SCENARIOS.find((one) => one.name === 'read-edit-run');
    if (scenario === undefined) throw new Error('no read-edit-run scenario');
    const args = (version: string) => claude.invocation(scenario, { ...place(version), home: '/tmp/h' }).args;
    expect(args('1.0.30')).not.toContain('--dangerously-skip-permissions');
    expect(args('1.0.30')).toEqual(expect.arrayContaining(['--allowedTools', 'Bash', 'Edit', 'Write']));
    expect(args('1.0.60')).toContain('--dangerously-skip-permissions');
    expect(args('1.0.60')).not.toContain('--allowedTools');
  });

  it("calls 0.2.70's tools by their names then (View, Replace, GrepTool, GlobTool, WebFetchTool, dispatch_agent), and allows them by name", () => {
    // The tools 0.2.70 offered (fixtures/claude/recorded/0.2.70/provenance.json).
    const offered = ['dispatch_agent', 'Bash', 'BatchTool', 'GlobTool', 'GrepTool', 'LS', 'View', 'Edit', 'Replace', 'ReadNotebook', 'NotebookEditCell', 'WebFetchTool'];
    const name = (intent: Parameters<typeof claude.makeCall>[0]) => claude.makeCall(intent, offered, 'c', place('0.2.70'))?.name;
    expect([name({ kind: 'read', path: 'a' }), name({ kind: 'write', path: 'a', content: 'x' }), name({ kind: 'grep', pattern: 'p' }), name({ kind: 'glob', pattern: '*.ts' }), name({ kind: 'fetch', path: '/s' })]).toEqual(['View', 'Replace', 'GrepTool', 'GlobTool', 'WebFetchTool']);
    expect(claude.makeCall({ kind: 'task', description: 'd', prompt: 'Count' }, offered, 'c', place('0.2.70'))).toEqual({ id: 'c', name: 'dispatch_agent', input: { prompt: 'Count' } });
    expect(claude.makeCall({ kind: 'read', path: 'a' }, ['Read', 'View'], 'c', place('0.2.100'))?.name).toBe('Read');
    const scenario = SCENARIOS.find((one) => one.name === 'read-edit-run');
    if (scenario === undefined) throw new Error('no read-edit-run scenario');
    const args = (version: string) => claude.invocation(scenario, { ...place(version), home: '/tmp/h' }).args;
    expect(args('0.2.70')).toEqual(expect.arrayContaining(['--allowedTools', 'Read', 'View', 'Replace', 'dispatch_agent']));
    expect(args('0.2.100')).not.toContain('View');
  });

  it('leaves Grep its output_mode before 1.0.60, whose Grep (1.0.30) refuses it', () => {
    const grep = { kind: 'grep', pattern: 'function greet' } as const;
    expect(claude.makeCall(grep, ['Grep'], 'c', place('1.0.30'))?.input).toEqual({ pattern: 'function greet' });
    expect(claude.makeCall(grep, ['Grep'], 'c', place('1.0.60'))?.input).toEqual({ pattern: 'function greet', output_mode: 'content' });
  });

  it('prints one json document in its other modes: without --verbose (`json`, an object) and with it (`json-verbose`, an array)', () => {
    const scenario = SCENARIOS.find((s) => s.name === 'plain-answer');
    if (scenario === undefined) throw new Error('plain-answer');
    const args = (mode?: string) => claude.invocation(scenario, { ...place('2.1.332'), home: '/tmp/h', ...(mode === undefined ? {} : { mode }) }).args;
    const format = (list: string[]) => [list[list.indexOf('--output-format') + 1], list.includes('--verbose')];
    expect([format(args()), format(args('json')), format(args('json-verbose'))]).toEqual([
      ['stream-json', true],
      ['json', false],
      ['json', true],
    ]);
  });
});
