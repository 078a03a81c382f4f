import { planned, ROUNDS_PER_TURN, type PlannedCall } from './plan.js';
import type { StreamGenerator } from './types.js';

/*
 * `codex exec --json` (0.44+). Line shapes copied from
 * fixtures/codex/read-edit-run.jsonl: Codex reads and searches through the
 * shell, so reads, greps and globs are command executions whose
 * `aggregated_output` holds the file or the matches; edits and writes are
 * `file_change` items, which carry paths, not content.
 */

function commandOf(call: PlannedCall): string {
  switch (call.type) {
    case 'read':
      return `bash -lc "sed -n '1,400p' ${call.path}"`;
    case 'grep':
      return `bash -lc 'rg -n "${call.command}" src'`;
    case 'glob':
      return `bash -lc "rg --files -g '${call.command}'"`;
    default:
      return `bash -lc '${call.command}'`;
  }
}

export const codexGenerator: StreamGenerator = {
  id: 'codex',
  provider: 'codex',
  description: 'Codex exec --json: reasoning, agent messages, command executions with their output, file changes, turn usage',
  create(content) {
    const { random } = content;
    let item = 0;
    let turnRounds = 0;
    const line = (value: unknown) => JSON.stringify(value);
    const turnCompleted = () =>
      line({
        type: 'turn.completed',
        usage: { input_tokens: random.int(20_000, 900_000), cached_input_tokens: random.int(10_000, 800_000), cache_write_input_tokens: 0, output_tokens: random.int(500, 30_000), reasoning_output_tokens: random.int(0, 9000) },
      });
    return planned(content, {
      start: () => [line({ type: 'thread.started', thread_id: `019b${random.hex(4)}-${random.hex(4)}-7${random.hex(3)}-8${random.hex(3)}-${random.hex(12)}` }), line({ type: 'turn.started' })],
      round(round) {
        const lines: string[] = [];
        if (turnRounds === ROUNDS_PER_TURN) {
          lines.push(turnCompleted(), line({ type: 'turn.started' }));
          turnRounds = 0;
        }
        turnRounds += 1;
        if (round.thought !== undefined) lines.push(line({ type: 'item.completed', item: { id: `item_${item++}`, type: 'reasoning', text: `**${round.thought.slice(0, 40)}**\n\n${round.thought}` } }));
        lines.push(line({ type: 'item.completed', item: { id: `item_${item++}`, type: 'agent_message', text: round.text } }));
        for (const call of round.calls) {
          const id = `item_${item++}`;
          if (call.type === 'edit' || call.type === 'write') {
            const changes = [{ path: call.path, kind: call.type === 'write' ? 'add' : 'update' }];
            lines.push(line({ type: 'item.started', item: { id, type: 'file_change', changes, status: 'in_progress' } }));
            lines.push(line({ type: 'item.completed', item: { id, type: 'file_change', changes, status: call.error === undefined ? 'completed' : 'failed' } }));
            continue;
          }
          const command = commandOf(call);
          const output = call.error !== undefined ? `${call.error}\n` : call.type === 'read' ? call.file : call.output;
          lines.push(line({ type: 'item.started', item: { id, type: 'command_execution', command, aggregated_output: '', exit_code: null, status: 'in_progress' } }));
          lines.push(
            line({
              type: 'item.completed',
              item: { id, type: 'command_execution', command, aggregated_output: output, exit_code: call.error === undefined ? 0 : 1, status: call.error === undefined ? 'completed' : 'failed' },
            }),
          );
        }
        return lines;
      },
      end: () => [turnCompleted()],
    });
  },
};
