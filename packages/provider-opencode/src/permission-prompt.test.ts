// Quirk 19 of docs/formats/opencode.md: OpenCode 1.0 draws its permission
// prompt on standard output, between the JSON lines, and waits there.
// The lines below are those of the recording,
// fixtures/opencode/recorded/1.0.152/permission-denied.jsonl (after its
// step_start line), read byte by byte; the expected events are written
// from what the prompt says, not from the parser's output.
import { describe, expect, it } from 'vitest';
import { replay, S, stepStart } from '../test/lines.js';

const PROMPT = ['\u001b[?25l│', '◆  Permission required to run: rm -rf build', '│  ● Allow once', '│  ○ Always allow', '│  ○ Reject', '└'];

describe('quirk 19: 1.0 asks for a permission on standard output', () => {
  it('shows the question as a warning, the options and the frame as nothing, and the unanswered run as incomplete', () => {
    const { events, diagnostics, accounting } = replay([stepStart(), ...PROMPT]);
    expect(events).toEqual([
      { kind: 'session', phase: 'start', sessionId: S, timestamp: '2026-09-21T14:13:20.000Z' },
      { kind: 'notice', level: 'warning', message: 'Permission required to run: rm -rf build', code: 'permission' },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: S },
    ]);
    expect(diagnostics).toEqual([]);
    expect(accounting).toMatchObject({ lines: 7, events: 2, ignored: 5, malformed: 0, unknown: 0, partial: 0 });
  });

  it('still reports other text on standard output as not JSON', () => {
    const { diagnostics } = replay([stepStart(), '│ stray', '◆  Something else']);
    expect(diagnostics.map((d) => [d.line, d.outcome])).toEqual([
      [2, 'malformed'],
      [3, 'malformed'],
    ]);
  });
});
