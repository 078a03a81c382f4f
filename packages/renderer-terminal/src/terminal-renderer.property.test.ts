import type { DisplayEvent } from '@x/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTerminalRenderer } from './terminal-renderer.js';

/** Characters a terminal could interpret, newline and tab aside; a CR is allowed only before a newline. */
const INTERPRETED = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BARE_CR = /\r(?!\n)/;

const hostile = fc.constantFrom('\x1b', '\x1b[2J', '\x1b]52;c;eA==\x07', '\x9b', '\x9d', '\r', '\n', '\t', '\x07', '\x00', '\u202e', '\u2066', 'a', 'é', '日', '👍');
/** Any string, with a good share of escape sequences and controls. */
const content = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: hostile }), fc.string({ unit: fc.oneof(hostile, fc.string({ unit: 'binary', maxLength: 1 })) }));
const ids = fc.oneof(fc.constantFrom('a', 'b', 'c'), content);
const toolKind = fc.constantFrom('read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'other');
const count = fc.oneof(fc.nat(), fc.double());
const parent = fc.option(ids, { nil: undefined });

const event: fc.Arbitrary<DisplayEvent> = fc.oneof(
  fc.record({ kind: fc.constant('text'), id: ids, text: content, parentToolUseId: parent }),
  fc.record({ kind: fc.constant('reasoning'), id: ids, text: content, parentToolUseId: parent }),
  fc.record({
    kind: fc.constant('tool-use'),
    id: ids,
    name: fc.oneof(fc.constantFrom('Read', 'Bash', 'Task', 'mcp.x'), content),
    toolName: content,
    toolKind,
    arg: content,
    input: fc.jsonValue(),
    parentToolUseId: parent,
  }),
  fc.record({
    kind: fc.constant('tool-result'),
    id: ids,
    name: fc.oneof(fc.constantFrom('Read', 'Write', 'Edit', 'Grep'), content),
    toolKind,
    status: fc.constantFrom('success', 'error'),
    outputState: fc.constantFrom('text', 'empty', 'unavailable'),
    output: fc.option(content, { nil: undefined }),
    details: fc.record(
      { path: content, durationMs: count, contentLength: count, matchCount: count, fileCount: count, exitCode: count, stderr: content, errorMessage: content },
      { requiredKeys: [] },
    ),
    parentToolUseId: parent,
  }),
  fc.record(
    { kind: fc.constant('usage'), cumulative: fc.boolean(), model: content, inputTokens: count, outputTokens: count, reasoningTokens: count, costUsd: count },
    { requiredKeys: ['kind', 'cumulative'] },
  ),
  fc.record(
    {
      kind: fc.constant('session'),
      phase: fc.constantFrom('start', 'end'),
      sessionId: content,
      model: content,
      cwd: content,
      status: fc.constantFrom('success', 'error', 'cancelled', 'incomplete'),
      durationMs: count,
      turns: count,
      result: content,
    },
    { requiredKeys: ['kind', 'phase'] },
  ),
  fc.record({ kind: fc.constant('error'), message: content, fatal: fc.boolean(), code: fc.option(content, { nil: undefined }) }),
  fc.record({ kind: fc.constant('notice'), level: fc.constantFrom('info', 'warning'), message: content }),
) as fc.Arbitrary<DisplayEvent>;

function renderAll(events: DisplayEvent[], options: { mode: 'default' | 'verbose'; color: boolean; columns?: number }): string {
  let out = '';
  const renderer = createTerminalRenderer({ ...options, showContent: true, env: {}, sink: (chunk) => void (out += chunk) });
  for (const item of events) renderer.write(item);
  renderer.end();
  return out;
}

describe('arbitrary event content', () => {
  it('never yields a control or escape character from content on a plain sink, and never throws', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.constantFrom('default', 'verbose'), fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }), (events, mode, columns) => {
        const out = renderAll(events, { mode, color: false, ...(columns === undefined ? {} : { columns }) });
        expect(out).not.toMatch(INTERPRETED);
        expect(out).not.toMatch(BARE_CR);
      }),
      { numRuns: 400 },
    );
  });

  it('with colour on, writes no escape sequence but its own colour codes', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const out = renderAll(events, { mode: 'verbose', color: true });
        expect(out.replace(/\x1b\[\d+m/g, '')).not.toMatch(INTERPRETED);
      }),
      { numRuns: 200 },
    );
  });
});
