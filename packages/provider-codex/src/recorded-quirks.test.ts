import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { codexLogSource } from './log-source.js';

// Quirks the recordings of 0.44.0 and later showed, one hand-written test each,
// with the lines copied in shape (not in full) from the recording each cites.
const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type, payload });
const meta = line('session_meta', { id: 'th1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w', originator: 'codex_exec', cli_version: '0.44.0', instructions: null, source: 'exec' });
const turn = line('turn_context', { cwd: '/w', approval_policy: 'never', sandbox_policy: { mode: 'read-only' }, model: 'gpt-5.5', summary: 'auto' });
const prompt = (text: string) => line('event_msg', { type: 'user_message', message: text, kind: 'plain' });

describe('Codex rollout quirks seen in the recordings', () => {
  it('21. 0.44 words a refused command "exec command rejected: ...": the call failed', () => {
    // Codex 0.44.0, fixtures/codex-log/recorded/0.44.0/permission-denied/ (scenario permission-denied, --sandbox read-only).
    const { events } = replayLines(codexLogSource, [
      meta,
      prompt('Delete the build folder.'),
      turn,
      line('response_item', { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'rm -rf build'] }), call_id: 'call_lab_1_0' }),
      line('response_item', {
        type: 'function_call_output',
        call_id: 'call_lab_1_0',
        output: 'exec command rejected: "dangerous command detected; rejected by user approval settings"',
      }),
    ]);
    const results = events.flatMap((event) => (event.kind === 'tool-result' ? [[event.id, event.status]] : []));
    expect(results).toEqual([['call_lab_1_0', 'error']]);
  });
});
