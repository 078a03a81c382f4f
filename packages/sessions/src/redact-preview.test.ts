import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { createRedactingStream } from './redact-stream.js';

function through(events: readonly DisplayEvent[]): DisplayEvent[] {
  const stream = createRedactingStream();
  return [...events.flatMap((event) => stream.write(event)), ...stream.end()];
}

const TOKEN = 'ghp_Ab3dEfGh1jKlMn0pQrStUvWxYz0123456789';
// What @x/provider-codex makes of `echo <token>`: the preview cut at 40 characters leaves `ghp_` and 28 of the token's 36, too few for its rule.
const CUT = 'echo ghp_Ab3dEfGh1jKlMn0pQrStUvWxYz01...';
const SHOWN = 'echo [REDACTED:github-token]...';

describe("a tool call's cut preview, redacted", () => {
  it('loses the part of a secret left at the cut when the preview is no cut of an input string (a shell wrapper taken off)', () => {
    const call: DisplayEvent = {
      kind: 'tool-use',
      id: 'c1',
      name: 'Bash',
      toolName: 'command_execution',
      toolKind: 'execute',
      arg: CUT,
      input: { command: `bash -lc 'echo ${TOKEN}'` },
    };
    expect(through([call])).toEqual([{ ...call, arg: SHOWN, input: { command: "bash -lc 'echo [REDACTED:github-token]'" } }]);
  });

  it("does so in a result's preview of the input a call completed with, and in the warning that quotes it", () => {
    const events: DisplayEvent[] = [
      { kind: 'tool-use', id: 'i2', name: 'Bash', toolName: 'command_execution', toolKind: 'execute', arg: 'echo hi', input: { command: 'echo hi' } },
      {
        kind: 'tool-result',
        id: 'i2',
        name: 'Bash',
        toolKind: 'execute',
        status: 'success',
        outputState: 'text',
        output: 'ok\n',
        details: { exitCode: 0 },
        arg: CUT,
        input: { command: `echo ${TOKEN}` },
      },
      {
        kind: 'notice',
        level: 'warning',
        code: 'tool_input_changed',
        message: `The input of Bash call i2 changed between its start and its completion (started as "echo hi", completed as "${CUT}"); its result shows the input it completed with`,
      },
    ];
    const out = through(events);
    expect(JSON.stringify(out)).not.toContain('Ab3dEf');
    expect(out[1]).toMatchObject({ arg: 'echo [REDACTED:github-token]', input: { command: 'echo [REDACTED:github-token]' } });
    expect(out[2]).toMatchObject({ message: expect.stringContaining('completed as "echo [REDACTED:github-token]"') });
  });

  it('loses a secret that a key named, cut in a preview of compact JSON', () => {
    const call: DisplayEvent = {
      kind: 'tool-use',
      id: 'm1',
      name: 'mcp',
      toolName: 'mcp',
      toolKind: 'other',
      arg: '{"region":"eu-west-1","token":"q8Zr4Tk1...',
      input: { region: 'eu-west-1', token: 'q8Zr4Tk1Wm6Yp3Lx' },
    };
    expect(through([call])).toEqual([
      { ...call, arg: '{"region":"eu-west-1","token":"[REDACTED:secret-field]...', input: { region: 'eu-west-1', token: '[REDACTED:secret-field]' } },
    ]);
  });

  it("leaves a cut preview that shows no part of its input's secret as it is", () => {
    const call: DisplayEvent = {
      kind: 'tool-use',
      id: 'c2',
      name: 'Bash',
      toolName: 'command_execution',
      toolKind: 'execute',
      arg: 'echo the quick brown fox jumps over t...',
      input: { command: "bash -lc 'echo the quick brown fox jumps over the lazy dog'", env: { GH_TOKEN: TOKEN } },
    };
    expect(through([call])).toEqual([
      { ...call, input: { command: "bash -lc 'echo the quick brown fox jumps over the lazy dog'", env: { GH_TOKEN: '[REDACTED:secret-field]' } } },
    ]);
  });
});
