/*
 * Hostile inputs for the memory check: the shapes of issue #21, every line
 * under the 16 MiB line limit, each built to make some per-stream state grow
 * (docs/memory.md names the bound each one meets). They are generated on the
 * fly into xview's standard input, never written to disk.
 */

const MB = 1_000_000;

/** A hostile stream: its lines, produced lazily. */
export interface HostileShape {
  id: string;
  description: string;
  /** About how many bytes it produces at `scale` 1. */
  bytes: number;
  /** The xview modes it is run in. */
  modes: readonly HostileMode[];
  lines(scale: number): Iterable<string>;
}

/** The output modes of the hostile check: what each keeps is different. */
export type HostileMode = 'terminal' | 'html' | 'events' | 'summary';

const ALL_MODES: readonly HostileMode[] = ['terminal', 'html', 'events', 'summary'];

const claudeInit = JSON.stringify({ type: 'system', subtype: 'init', session_id: 'hostile', model: 'claude-sonnet-4-5', cwd: '/repo', tools: [], claude_code_version: '2.0.0' });
const claudeResult = JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'done', session_id: 'hostile', num_turns: 1, duration_ms: 1 });

function claudeToolUse(message: string, id: string, input: unknown): string {
  return JSON.stringify({ type: 'assistant', message: { id: message, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id, name: 'Write', input }] } });
}

function claudeToolResult(id: string): string {
  return JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] } });
}

/** 1,000 calls that never finish, each with `size` bytes of input (a file being written). */
function openCalls(size: number): HostileShape['lines'] {
  return function* (scale) {
    yield claudeInit;
    const content = 'x'.repeat(size - 64);
    for (let i = 0; i < Math.round(1000 * scale); i++) yield claudeToolUse(`msg_${i}`, `toolu_${i}`, { file_path: `/repo/f${i}.txt`, content });
    yield claudeResult;
  };
}

/** One text block of Claude partial-message deltas, never closed by a complete line. */
function* claudeHugeBlock(scale: number): Iterable<string> {
  yield claudeInit;
  yield JSON.stringify({ type: 'stream_event', event: { type: 'message_start', message: { id: 'msg_huge', model: 'claude-sonnet-4-5', usage: { input_tokens: 1 } } } });
  yield JSON.stringify({ type: 'stream_event', event: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } });
  const delta = JSON.stringify({ type: 'stream_event', event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: `${'lorem ipsum dolor sit amet '.repeat(2400)}\n` } } });
  for (let i = 0; i < Math.round((1000 * MB * scale) / delta.length); i++) yield delta;
  yield JSON.stringify({ type: 'stream_event', event: { type: 'content_block_stop', index: 0 } });
  yield JSON.stringify({ type: 'stream_event', event: { type: 'message_stop' } });
  yield claudeResult;
}

/** One Gemini assistant message streamed as deltas. */
function* geminiHugeMessage(scale: number): Iterable<string> {
  yield JSON.stringify({ type: 'init', timestamp: '2026-01-01T00:00:00.000Z', session_id: 'hostile', model: 'gemini-2.5-pro' });
  const delta = JSON.stringify({ type: 'message', timestamp: '2026-01-01T00:00:01.000Z', role: 'assistant', content: `${'lorem ipsum dolor sit amet '.repeat(600)}\n`, delta: true });
  for (let i = 0; i < Math.round((1000 * MB * scale) / delta.length); i++) yield delta;
  yield JSON.stringify({ type: 'result', timestamp: '2026-01-01T00:00:02.000Z', status: 'success', stats: { total_tokens: 2, input_tokens: 1, output_tokens: 1 } });
}

/** 10,000 finished calls whose ids are 50 KB each. */
function* longIds(scale: number): Iterable<string> {
  yield claudeInit;
  const pad = 'i'.repeat(50_000);
  for (let i = 0; i < Math.round(10_000 * scale); i++) {
    const id = `toolu_${i}_${pad}`;
    yield claudeToolUse(`msg_${i}`, id, { file_path: `/repo/f${i}.txt`, content: 'x' });
    yield claudeToolResult(id);
  }
  yield claudeResult;
}

/** A million small finished calls. */
function* millionCalls(scale: number): Iterable<string> {
  yield claudeInit;
  for (let i = 0; i < Math.round(1_000_000 * scale); i++) {
    yield claudeToolUse(`msg_${i}`, `toolu_${i}`, { file_path: `/repo/f${i % 5000}.txt`, content: 'x' });
    yield claudeToolResult(`toolu_${i}`);
  }
  yield claudeResult;
}

export const HOSTILE_SHAPES: readonly HostileShape[] = [
  { id: 'open-calls-1mb', description: '1,000 unfinished Claude calls with 1 MB of input each', bytes: 1000 * MB, modes: ALL_MODES, lines: openCalls(1 * MB) },
  { id: 'open-calls-5mb', description: '1,000 unfinished Claude calls with 5 MB of input each', bytes: 5000 * MB, modes: ALL_MODES, lines: openCalls(5 * MB) },
  { id: 'claude-huge-block', description: 'one Claude text block of 1 GB in partial-message deltas', bytes: 1000 * MB, modes: ALL_MODES, lines: claudeHugeBlock },
  { id: 'gemini-huge-message', description: 'one Gemini assistant message of 1 GB in deltas', bytes: 1000 * MB, modes: ALL_MODES, lines: geminiHugeMessage },
  { id: 'long-ids', description: '10,000 Claude calls with 50 KB ids', bytes: 1000 * MB, modes: ALL_MODES, lines: longIds },
  { id: 'million-calls', description: 'a million small Claude calls, with --summary', bytes: 330 * MB, modes: ['summary'], lines: millionCalls },
];

/** The lines of a shape as byte chunks of about 1 MiB, for a pipe. */
export function* chunksOfLines(lines: Iterable<string>): Iterable<Buffer> {
  let batch: string[] = [];
  let size = 0;
  for (const line of lines) {
    batch.push(line, '\n');
    size += line.length + 1;
    if (size >= 1 << 20) {
      yield Buffer.from(batch.join(''));
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) yield Buffer.from(batch.join(''));
}
