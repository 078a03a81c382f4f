// Size: a single 200 MB tool output and a run of 100 000 tool calls go
// through the pipeline and both renderers without running out of memory.
// Inputs are generated as they are read, never held whole.
import type { DisplayEvent } from '@x/core';
import { runPipeline } from '@x/core';
import { claudeSource } from '@x/provider-claude';
import { createHtmlRenderer } from '@x/renderer-html';
import { createTerminalRenderer } from '@x/renderer-terminal';
import { describe, expect, it } from 'vitest';

const MiB = 1024 * 1024;

function init(): string {
  return JSON.stringify({ type: 'system', subtype: 'init', session_id: 'size-test', model: 'claude-sonnet-4-5', cwd: '/repo', tools: [], mcp_servers: [], permissionMode: 'default', apiKeySource: 'none', slash_commands: [], output_style: 'default', skills: [], plugins: [], uuid: 'u0' });
}

function toolUse(id: string, command: string): string {
  return JSON.stringify({ type: 'assistant', message: { id: `msg_${id}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } }, parent_tool_use_id: null, session_id: 'size-test', uuid: `a${id}` });
}

function toolResultHead(id: string): string {
  // The line is written in pieces so the 200 MB content is never one JS string here.
  return `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"${id}","content":"`;
}

function toolResultTail(): string {
  return '","is_error":false}]},"parent_tool_use_id":null,"session_id":"size-test","uuid":"u-r"}';
}

function result(): string {
  return JSON.stringify({ type: 'result', subtype: 'success', is_error: false, duration_ms: 1, duration_api_ms: 1, num_turns: 1, result: 'done', stop_reason: 'end_turn', session_id: 'size-test', total_cost_usd: 0, usage: { input_tokens: 1, output_tokens: 1 }, modelUsage: {}, permission_denials: [], uuid: 'u-end' });
}

/**
 * Lets the event loop run between pieces. Without it the whole run is one
 * chain of microtasks, vitest's worker cannot answer its runner for minutes on
 * a loaded machine, and vitest fails the file with `Timeout calling
 * "onTaskUpdate"` although every test passed.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

async function* hugeOutputRun(bytes: number): AsyncGenerator<string> {
  yield `${init()}\n${toolUse('toolu_big', 'cat big.log')}\n${toolResultHead('toolu_big')}`;
  const piece = 'log line with some text\\n'.repeat(40_000);
  for (let sent = 0; sent < bytes; sent += piece.length) {
    yield piece;
    await breathe();
  }
  yield `${toolResultTail()}\n${result()}\n`;
}

async function* manyCallsRun(calls: number): AsyncGenerator<string> {
  yield `${init()}\n`;
  let batch = '';
  for (let i = 0; i < calls; i++) {
    const id = `toolu_${i}`;
    batch += `${toolUse(id, `echo ${i}`)}\n${toolResultHead(id)}${i}${toolResultTail()}\n`;
    if (batch.length > 256 * 1024) {
      yield batch;
      batch = '';
      await breathe();
    }
  }
  yield `${batch}${result()}\n`;
}

function countingSink() {
  const sink = { bytes: 0, write: (chunk: string) => void (sink.bytes += chunk.length) };
  return sink;
}

describe('size', { timeout: 600_000 }, () => {
  it('renders a single 200 MB tool output', async () => {
    for (const make of [
      (write: (c: string) => void) => createTerminalRenderer({ sink: write, mode: 'verbose', showContent: true }),
      (write: (c: string) => void) => createHtmlRenderer({ sink: write }),
    ]) {
      const sink = countingSink();
      let output: DisplayEvent | undefined;
      const report = await runPipeline(hugeOutputRun(200 * MiB), {
        source: claudeSource,
        maxLineBytes: 256 * MiB,
        renderer: make(sink.write),
        onEvent: (event) => {
          if (event.kind === 'tool-result') output = event;
        },
      });
      expect(report.accounting.malformed).toBe(0);
      expect(output).toMatchObject({ kind: 'tool-result', status: 'success', outputState: 'text' });
      expect((output as { output: string }).output.length).toBeGreaterThanOrEqual(200 * MiB * 0.95);
      expect(sink.bytes).toBeGreaterThan(0);
      output = undefined;
    }
  });

  it('renders a run of 100 000 tool calls', async () => {
    for (const make of [
      (write: (c: string) => void) => createTerminalRenderer({ sink: write, mode: 'verbose' }),
      (write: (c: string) => void) => createHtmlRenderer({ sink: write }),
    ]) {
      const sink = countingSink();
      let uses = 0;
      let results = 0;
      const report = await runPipeline(manyCallsRun(100_000), {
        source: claudeSource,
        renderer: make(sink.write),
        onEvent: (event) => {
          if (event.kind === 'tool-use') uses += 1;
          if (event.kind === 'tool-result') results += 1;
        },
      });
      expect({ uses, results }).toEqual({ uses: 100_000, results: 100_000 });
      // The outcome lists the first thousand calls and counts every one (bounded by bytes: docs/memory.md).
      expect(report.outcome?.toolCalls).toHaveLength(1_000);
      expect(report.outcome?.toolCallCounts).toEqual({ total: 100_000, failed: 0, unfinished: 0 });
      expect(report.outcome?.omitted.toolCalls).toBe(99_000);
      expect(report.outcome?.status).toBe('success');
      expect(sink.bytes).toBeGreaterThan(100_000 * 10);
    }
  });
});
