import { replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { codexLogSource } from './log-source.js';
import { parseRolloutOutput, patchChanges } from './log-output.js';

// Hand-written rollout lines, one quirk each, in the `{timestamp, type, payload}`
// envelope (session-log notes, Codex section).
const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type, payload });
const meta = line('session_meta', { id: 'th1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w', originator: 'codex_cli_rs', cli_version: '0.50.0' });
const turn = line('turn_context', { cwd: '/w', model: 'gpt-5-codex' });
const prompt = (text: string) => line('event_msg', { type: 'user_message', message: text, images: [] });
const run = (lines: string[]) => replayLines(codexLogSource, lines);
const shown = (events: DisplayEvent[]) =>
  events.filter((event) => event.kind !== 'session' && event.kind !== 'usage').map(({ timestamp: _t, ...rest }) => rest);

describe('Codex rollout quirks', () => {
  it('shows text and reasoning once though the file writes them twice, the event copy first', () => {
    const { events, accounting } = run([
      meta,
      prompt('hi'),
      turn,
      line('event_msg', { type: 'agent_reasoning', text: '**Greeting**' }),
      line('response_item', { type: 'reasoning', summary: [{ type: 'summary_text', text: '**Greeting**' }], content: null, encrypted_content: 'x' }),
      line('event_msg', { type: 'agent_message', message: 'Hello!' }),
      line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hello!' }] }),
      // A version that writes the copy after the item.
      line('event_msg', { type: 'agent_message', message: 'Hello!' }),
    ]);
    expect(shown(events)).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'hi' },
      { kind: 'reasoning', id: 'reasoning-1', text: '**Greeting**' },
      { kind: 'text', id: 'message-2', text: 'Hello!' },
    ]);
    // session_meta, the prompt held for the start, and the three copies.
    expect(accounting.ignored).toBe(5);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success', result: 'Hello!', turns: 1 });
  });

  it('shows an agent_message whose response item is missing', () => {
    const { events } = run([meta, prompt('hi'), turn, line('event_msg', { type: 'agent_message', message: 'Only here.' }), prompt('next')]);
    expect(shown(events)).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'hi' },
      { kind: 'text', id: 'message-1', text: 'Only here.' },
      { kind: 'prompt', form: 'prompt', text: 'next' },
    ]);
  });

  it('does not show the injected user-role context as a prompt; the user_message event is the prompt', () => {
    const { events } = run([
      meta,
      line('response_item', { type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions instructions>…' }] }),
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context><cwd>/w</cwd></environment_context>' }] }),
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Fix the bug.' }] }),
      prompt('Fix the bug.'),
      turn,
    ]);
    expect(shown(events)).toEqual([{ kind: 'prompt', form: 'prompt', text: 'Fix the bug.' }]);
    expect(events[0]).toEqual({ kind: 'session', phase: 'start', sessionId: 'th1', cwd: '/w', agentVersion: '0.50.0', timestamp: '2026-01-01T00:00:00.000Z', model: 'gpt-5-codex' });
  });

  it('reads both command-output shapes into exit code, duration and output', () => {
    expect(parseRolloutOutput('{"output":"a\\nb\\n","metadata":{"exit_code":2,"duration_seconds":1.5}}')).toEqual({ output: 'a\nb\n', exitCode: 2, durationMs: 1500 });
    expect(parseRolloutOutput('Chunk ID: 1\nWall time: 0.0510 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\nhello\n')).toEqual({ output: 'hello\n', exitCode: 0, durationMs: 51 });
    expect(parseRolloutOutput('Exit code: 1\nWall time: 0.1 seconds\nOutput:\nboom\n')).toEqual({ output: 'boom\n', exitCode: 1, durationMs: 100 });
    // Text that only looks like it has a header stays the output.
    expect(parseRolloutOutput('Note: see below\nOutput:\nx')).toEqual({ output: 'Note: see below\nOutput:\nx' });
  });

  it('matches calls to outputs by call_id and fails a non-zero exit', () => {
    const { events } = run([
      meta,
      turn,
      line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["bash","-lc","npm test"]}', call_id: 'c1' }),
      line('response_item', { type: 'function_call_output', call_id: 'c1', output: 'Exit code: 1\nWall time: 2 seconds\nOutput:\n1 failing\n' }),
    ]);
    expect(shown(events)).toEqual([
      { kind: 'tool-use', id: 'c1', name: 'Bash', toolName: 'shell', toolKind: 'execute', arg: 'npm test', input: { command: ['bash', '-lc', 'npm test'] } },
      { kind: 'tool-result', id: 'c1', name: 'Bash', toolKind: 'execute', status: 'error', outputState: 'text', output: '1 failing\n', details: { exitCode: 1, durationMs: 2000, errorMessage: 'Exit code 1' } },
    ]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
  });

  it('reads the files an apply_patch body changes', () => {
    expect(patchChanges('*** Begin Patch\n*** Add File: a.ts\n+x\n*** Update File: b.ts\n*** Move to: c.ts\n@@\n*** Delete File: d.ts\n*** End Patch')).toEqual([
      { path: 'a.ts', change: 'created' },
      { path: 'b.ts', change: 'moved' },
      { path: 'd.ts', change: 'deleted' },
    ]);
  });

  it('counts a running token total once, and shows a compaction as a notice', () => {
    const total = { input_tokens: 10, cached_input_tokens: 4, output_tokens: 3, reasoning_output_tokens: 1, total_tokens: 13 };
    const count = line('event_msg', { type: 'token_count', info: { total_token_usage: total, last_token_usage: total }, rate_limits: null });
    const { events } = run([meta, turn, count, count, line('compacted', { message: 'summary' })]);
    expect(events.filter((event) => event.kind === 'usage' || event.kind === 'notice').map(({ timestamp: _t, ...rest }) => rest)).toEqual([
      { kind: 'usage', cumulative: true, model: 'gpt-5-codex', inputTokens: 10, outputTokens: 3, reasoningTokens: 1, cacheReadTokens: 4 },
      { kind: 'notice', level: 'info', message: 'Conversation compacted', code: 'compaction' },
    ]);
  });

  it('reads a rollout written before the envelope: a bare meta object, bare items, record_type lines', () => {
    const { events, accounting } = run([
      JSON.stringify({ id: 'old1', timestamp: '2025-06-01T00:00:00.000Z', instructions: null, git: { branch: 'dev' } }),
      JSON.stringify({ record_type: 'state' }),
      JSON.stringify({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Old answer.' }] }),
    ]);
    expect(events.map(({ timestamp: _t, ...rest }) => rest)).toEqual([
      { kind: 'session', phase: 'start', sessionId: 'old1', gitBranch: 'dev' },
      { kind: 'text', id: 'message-1', text: 'Old answer.' },
      { kind: 'session', phase: 'end', status: 'success', sessionId: 'old1', result: 'Old answer.' },
    ]);
    expect(accounting.malformed + accounting.unknown).toBe(0);
  });
});
