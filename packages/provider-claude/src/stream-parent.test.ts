import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { ofKind, replay } from '../test/lines.js';

/*
 * Quirk 20 of docs/formats/claude.md: Claude Code 1.0.109 tags the stream
 * events of a call's own block with the call's id as `parent_tool_use_id`
 * (fixtures/claude/recorded/1.0.109/partial-messages.jsonl, lines 9 to 12:
 * the Read call's `content_block_start` and its three `input_json_delta`
 * fragments), though no subagent runs under a Read. The events expected here
 * were written from reading those lines.
 */
const RECORDING = join(FIXTURES_DIR, 'claude', 'recorded', '1.0.109', 'partial-messages.jsonl');
const lines = readFileSync(RECORDING, 'utf8').split('\n').filter((line) => line !== '');

/** The Read call as line 13's complete assistant line, and the fragments of lines 10 to 12, give it: in the main thread. */
const READ = { kind: 'tool-use', id: 'call_lab_1_0', name: 'Read', toolName: 'Read', toolKind: 'read', arg: '/home/lab/project/README.md', input: { file_path: '/home/lab/project/README.md' } };

describe('20. 1.0.109 tags a call’s own stream events with the call’s id', () => {
  it('shows the call once, in the main thread, with its result beside it (the recording as printed)', () => {
    const { events, diagnostics } = replay(lines);
    expect(ofKind(events, 'tool-use')).toEqual([READ]);
    expect(ofKind(events, 'tool-result').map((event) => [event.id, event.status, 'parentToolUseId' in event])).toEqual([['call_lab_1_0', 'success', false]]);
    expect(diagnostics.filter((d) => d.outcome !== 'ignored')).toEqual([]);
  });

  it('announces the call from its tagged fragments at content_block_stop when the stream breaks off before the complete line', () => {
    // Lines 1 to 12 and 14 (the block's stop), without line 13's complete assistant line: the run cut off there.
    const cut = [...lines.slice(0, 12), lines[13] as string];
    expect(cut.at(-1)).toContain('"content_block_stop"');
    const { events } = replay(cut);
    expect(ofKind(events, 'tool-use')).toEqual([READ]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
  });
});
