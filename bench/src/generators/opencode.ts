import { planned, ROUNDS_PER_TURN, type PlannedCall } from './plan.js';
import type { StreamGenerator } from './types.js';

/*
 * `opencode run --format json`. Line shapes copied from
 * fixtures/opencode/run-read-edit-bash.jsonl: a step per model request
 * (`step_start` ... `step_finish` with tokens and cost), whole text parts,
 * tool parts in their final state. A bash part carries its output twice
 * (`output` and `metadata.output`), an edit its diff twice.
 */

const TOOL_NAMES: Record<PlannedCall['type'], string> = { read: 'read', bash: 'bash', grep: 'grep', glob: 'glob', edit: 'edit', write: 'write' };

export const opencodeGenerator: StreamGenerator = {
  id: 'opencode',
  provider: 'opencode',
  description: 'OpenCode run --format json: steps with tokens and cost, text and reasoning parts, completed tool parts',
  create(content) {
    const { random } = content;
    const session = `ses_${random.hex(12)}${random.token(14)}`;
    let clock = 1790000000000;
    let part = 0;
    let turnRounds = 0;
    const now = () => (clock += random.int(5, 900));
    const partId = () => `prt_${(0xb5e000000 + part++).toString(16)}001${random.token(10)}`;
    const line = (type: string, body: Record<string, unknown>) => JSON.stringify({ type, timestamp: now(), sessionID: session, part: { id: partId(), sessionID: session, ...body } });

    const state = (call: PlannedCall, start: number): Record<string, unknown> => {
      const time = { start, end: start + random.int(5, 3000) };
      const input: Record<string, unknown> =
        call.type === 'read'
          ? { filePath: call.path }
          : call.type === 'bash'
            ? { command: call.command, description: 'Run the command' }
            : call.type === 'grep'
              ? { pattern: call.command, path: 'src' }
              : call.type === 'glob'
                ? { pattern: call.command }
                : call.type === 'edit'
                  ? { filePath: call.path, oldString: call.oldString, newString: call.newString }
                  : { filePath: call.path, content: call.file };
      if (call.error !== undefined) return { status: 'error', input, error: call.error, time };
      switch (call.type) {
        case 'read': {
          const rows = call.file.split('\n');
          rows.pop();
          const body = rows.map((row, i) => `${i + 1}: ${row}`).join('\n');
          return {
            status: 'completed',
            input,
            output: `<path>${call.path}</path>\n<type>file</type>\n<content>\n${body}\n\n(End of file - total ${rows.length} lines)\n</content>`,
            title: call.path.replace('/work/demo/', ''),
            metadata: { preview: rows.slice(0, 20).join('\n'), truncated: false, loaded: [] },
            time,
          };
        }
        case 'bash':
          return { status: 'completed', input, output: call.output, title: call.command, metadata: { output: call.output, exit: 0, truncated: false, description: 'Run the command' }, time };
        case 'grep': {
          const matches = call.output.split('\n').length - 1;
          return { status: 'completed', input, output: `Found ${matches} matches\n${call.output}`, title: call.command, metadata: { matches, truncated: false }, time };
        }
        case 'glob': {
          const count = call.output.split('\n').length - 1;
          return { status: 'completed', input, output: call.output, title: 'src', metadata: { count, truncated: false }, time };
        }
        case 'edit': {
          const diff = `Index: ${call.path}\n===================================================================\n--- ${call.path}\n+++ ${call.path}\n@@ -12,3 +12,3 @@\n${call.oldString.replace(/^/gm, '-')}\n${call.newString.replace(/^/gm, '+')}\n`;
          return {
            status: 'completed',
            input,
            output: 'Edit applied successfully.',
            title: call.path.replace('/work/demo/', ''),
            metadata: { diagnostics: {}, diff, filediff: { file: call.path, patch: diff, additions: 3, deletions: 3 } },
            time,
          };
        }
        case 'write':
          return { status: 'completed', input, output: 'Wrote file successfully.', title: call.path.replace('/work/demo/', ''), metadata: { diagnostics: {}, filepath: call.path, exists: false }, time };
      }
    };

    return planned(content, {
      start: () => [],
      round(round) {
        const lines: string[] = [];
        turnRounds = turnRounds === ROUNDS_PER_TURN ? 1 : turnRounds + 1;
        const messageID = `msg_${(0xb5e100000 + part).toString(16)}001${random.token(14)}`;
        lines.push(line('step_start', { messageID, type: 'step-start' }));
        if (round.thought !== undefined) {
          const start = now();
          lines.push(line('reasoning', { messageID, type: 'reasoning', text: round.thought, time: { start, end: start + random.int(100, 3000) } }));
        }
        const start = now();
        lines.push(line('text', { messageID, type: 'text', text: round.text, time: { start, end: start + random.int(100, 3000) } }));
        for (const call of round.calls) {
          lines.push(line('tool_use', { messageID, type: 'tool', callID: `toolu_01${random.token(22)}`, tool: TOOL_NAMES[call.type], state: state(call, now()) }));
        }
        // The last round of a turn finishes with `stop`: the turn is over.
        const reason = turnRounds === ROUNDS_PER_TURN ? 'stop' : 'tool-calls';
        const input = random.int(100, 9000);
        const read = random.int(1000, 90000);
        lines.push(
          line('step_finish', {
            messageID,
            type: 'step-finish',
            reason,
            cost: random.int(1, 9000) / 1_000_000,
            tokens: { total: input + read, input, output: random.int(20, 3000), reasoning: 0, cache: { read, write: random.int(0, 2000) } },
          }),
        );
        return lines;
      },
      // `done`: the newest run.ts ends every run with it, once the session is idle.
      end: () => [JSON.stringify({ type: 'done', timestamp: now(), sessionID: session, reason: 'idle', rejected: [] })],
    });
  },
};
