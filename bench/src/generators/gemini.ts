import { deltas } from '../content.js';
import { planned, ROUNDS_PER_TURN, type PlannedCall } from './plan.js';
import type { StreamGenerator } from './types.js';

/*
 * `gemini -p --output-format stream-json`. Line shapes copied from
 * fixtures/gemini/read-edit-run.jsonl and docs/formats/gemini.md: text
 * arrives as `delta: true` messages; a tool result carries `output` only when
 * the tool's display is a string (empty for read_file, the output for shell
 * commands, absent for write_file and replace). Gemini streams no thoughts.
 */

const TOOL_NAMES: Record<PlannedCall['type'], string> = {
  read: 'read_file',
  bash: 'run_shell_command',
  grep: 'grep_search',
  glob: 'glob',
  edit: 'replace',
  write: 'write_file',
};

export const geminiGenerator: StreamGenerator = {
  id: 'gemini',
  provider: 'gemini',
  description: 'Gemini CLI stream-json: text deltas, tool calls with their parameters, shell output, result stats',
  create(content) {
    const { random } = content;
    let clock = Date.parse('2026-01-01T00:00:00.000Z');
    const ts = () => new Date((clock += random.int(20, 900))).toISOString();
    let turnRounds = 0;
    let toolCount = 0;
    const session = random.uuid();
    const line = (value: unknown) => JSON.stringify(value);
    const opening = () => [
      line({ type: 'init', timestamp: ts(), session_id: session, model: 'auto-gemini-2.5' }),
      line({ type: 'message', timestamp: ts(), role: 'user', content: 'Fix the failing retry test and keep the suite green.' }),
    ];
    const result = () =>
      line({
        type: 'result',
        timestamp: ts(),
        status: 'success',
        stats: {
          total_tokens: 412000,
          input_tokens: random.int(100_000, 900_000),
          output_tokens: random.int(1000, 20_000),
          cached: random.int(50_000, 500_000),
          input: random.int(10_000, 100_000),
          duration_ms: random.int(60_000, 900_000),
          tool_calls: ROUNDS_PER_TURN,
          models: { 'gemini-2.5-pro': { total_tokens: 412000, input_tokens: 398000, output_tokens: 6200, cached: 301000, input: 97000 } },
        },
      });
    const parameters = (call: PlannedCall): Record<string, unknown> => {
      switch (call.type) {
        case 'read':
          return { file_path: call.path };
        case 'bash':
          return { command: call.command, description: 'Run the command', dir_path: '/work/demo' };
        case 'grep':
          return { pattern: call.command, dir_path: '/work/demo/src' };
        case 'glob':
          return { pattern: call.command };
        case 'edit':
          return { file_path: call.path, instruction: 'Fix the loop bound', old_string: call.oldString, new_string: call.newString };
        case 'write':
          return { file_path: call.path, content: call.file };
      }
    };
    const output = (call: PlannedCall): string | undefined => {
      switch (call.type) {
        case 'read':
          return '';
        case 'bash':
          return call.output;
        case 'grep':
          return `Found ${call.output.split('\n').length - 1} matches`;
        case 'glob':
          return `Found ${call.output.split('\n').length - 1} matching file(s)`;
        default:
          return undefined;
      }
    };
    return planned(content, {
      start: opening,
      round(round) {
        const lines: string[] = [];
        if (turnRounds === ROUNDS_PER_TURN) {
          lines.push(result(), ...opening());
          turnRounds = 0;
        }
        turnRounds += 1;
        for (const piece of deltas(random, `${round.text}\n`)) lines.push(line({ type: 'message', timestamp: ts(), role: 'assistant', content: piece, delta: true }));
        const ids = round.calls.map((call) => `${TOOL_NAMES[call.type]}__synth_${random.hex(8)}_${toolCount++}`);
        round.calls.forEach((call, i) => lines.push(line({ type: 'tool_use', timestamp: ts(), tool_name: TOOL_NAMES[call.type], tool_id: ids[i], parameters: parameters(call) })));
        round.calls.forEach((call, i) => {
          if (call.error !== undefined) {
            lines.push(line({ type: 'tool_result', timestamp: ts(), tool_id: ids[i], status: 'error', output: call.error, error: { type: 'tool_error', message: call.error } }));
            return;
          }
          const out = output(call);
          lines.push(line({ type: 'tool_result', timestamp: ts(), tool_id: ids[i], status: 'success', ...(out === undefined ? {} : { output: out }) }));
        });
        return lines;
      },
      end: () => [result()],
    });
  },
};
