import { CANONICAL_TOOLS, createRunAggregator, type CanonicalToolName, type DisplayEvent, type ToolKind, type ToolResultDisplayEvent, type ToolUseDisplayEvent } from '@x/core';
import { createTerminalRenderer, type TerminalRendererOptions } from '../src/terminal-renderer.js';

/** The kind of a canonical tool name, else `other`, as providers resolve it. */
function toolKindOf(name: string): ToolKind {
  return Object.hasOwn(CANONICAL_TOOLS, name) ? CANONICAL_TOOLS[name as CanonicalToolName] : 'other';
}

/** A text increment. */
export function text(id: string, value: string, extra: Partial<DisplayEvent> = {}): DisplayEvent {
  return { kind: 'text', id, text: value, ...extra } as DisplayEvent;
}

/** A tool call with its canonical kind. */
export function toolUse(id: string, name: string, arg: string, extra: Partial<ToolUseDisplayEvent> = {}): ToolUseDisplayEvent {
  return { kind: 'tool-use', id, name, toolName: name, toolKind: toolKindOf(name), arg, input: {}, ...extra };
}

/** A tool result; success with text output unless told otherwise. */
export function toolResult(id: string, name: string, extra: Partial<ToolResultDisplayEvent> = {}): ToolResultDisplayEvent {
  return {
    kind: 'tool-result',
    id,
    name,
    toolKind: toolKindOf(name),
    status: 'success',
    outputState: 'text',
    details: {},
    ...extra,
  };
}

/** Renders events to a string through a plain (non-terminal) sink unless the options say otherwise. */
export async function render(events: readonly DisplayEvent[], options: Omit<TerminalRendererOptions, 'sink'> = {}): Promise<string> {
  let out = '';
  const renderer = createTerminalRenderer({ env: {}, ...options, sink: (chunk) => void (out += chunk) });
  for (const event of events) await renderer.write(event);
  await renderer.end();
  return out;
}

/** A run with every event kind: text, a read, a failing command, reasoning, a subagent, usage and a session end. */
export const SAMPLE_RUN: DisplayEvent[] = [
  { kind: 'session', phase: 'start', sessionId: 'sess-1', model: 'model-x', cwd: '/repo' },
  { kind: 'reasoning', id: 'r1', text: 'The user wants a summary.\nLet me read the file.' },
  text('m1', "I'll read the file."),
  toolUse('t1', 'Read', 'src/index.ts'),
  toolResult('t1', 'Read', { output: 'line 1\n\tline 2\nline 3\n', details: { path: 'src/index.ts', contentLength: 21 } }),
  text('m2', 'Now the tests.\n'),
  toolUse('t2', 'Bash', 'npm test'),
  toolResult('t2', 'Bash', { status: 'error', details: { exitCode: 1, errorMessage: 'Command failed\nexit code 1' } }),
  toolUse('t3', 'Task', 'Explore the repo'),
  text('s1', 'Looking around.\nDone looking.', { parentToolUseId: 't3' }),
  toolUse('t4', 'Glob', '**/*.ts', { parentToolUseId: 't3' }),
  toolResult('t4', 'Glob', { parentToolUseId: 't3', details: { matchCount: 3, fileCount: 3 } }),
  toolResult('t3', 'Task', { output: 'Explored.' }),
  { kind: 'notice', level: 'warning', message: 'Rate limited, retrying', code: 'rate_limit' },
  { kind: 'error', message: 'Something odd', fatal: false },
  text('m3', 'All done.'),
  { kind: 'usage', cumulative: false, inputTokens: 1200, outputTokens: 340, cacheReadTokens: 5000, costUsd: 0.0123 },
  { kind: 'session', phase: 'end', status: 'success', durationMs: 12345, turns: 3 },
];

/** Renders events as `runPipeline` writes them: each folded first into the run's one aggregate, which the renderer is handed. */
export async function renderWithRun(events: readonly DisplayEvent[], options: Omit<TerminalRendererOptions, 'sink'> = {}): Promise<string> {
  let out = '';
  const renderer = createTerminalRenderer({ env: {}, ...options, sink: (chunk) => void (out += chunk) });
  const run = createRunAggregator();
  for (const event of events) {
    run.push(event);
    await renderer.write(event, run);
  }
  await renderer.end(run);
  return out;
}
