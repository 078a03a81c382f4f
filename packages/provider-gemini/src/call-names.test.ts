import { describe, expect, it } from 'vitest';
import { createGeminiState, rememberCall, takeCallName } from './state.js';

/*
 * A thousand calls may wait for their results, so what each keeps is bounded
 * by bytes (docs/memory.md): its id as a compact key, and its tool name only
 * when it could be one a result reads. 400 MB of unfinished calls named with
 * 200 KB each peaked at 292 MiB before, against 172 MiB at 100 MB.
 */
describe('gemini: tool names kept for results', () => {
  it('keeps a tool name a result may read, and not one of 100 KB', () => {
    const state = createGeminiState(undefined);
    rememberCall(state, 'a', 'run_shell_command');
    rememberCall(state, 'b', `mcp_${'n'.repeat(100_000)}`);
    expect(takeCallName(state, 'a')).toBe('run_shell_command');
    expect(takeCallName(state, 'b')).toBe('');
    expect(takeCallName(state, 'b')).toBeUndefined();
  });
});
