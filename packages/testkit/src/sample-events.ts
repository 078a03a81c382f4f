import type { DisplayEvent } from '@x/core';

/** One event of every kind, as a small but complete run: what a renderer must handle. */
export function sampleEvents(): DisplayEvent[] {
  return [
    { kind: 'session', phase: 'start', sessionId: 'session-1', model: 'model-x', cwd: '/repo' },
    { kind: 'reasoning', id: 'r1', text: 'Thinking about the task.' },
    { kind: 'text', id: 'm1', text: "I'll read README.md." },
    { kind: 'tool-use', id: 't1', name: 'Read', toolName: 'read_file', toolKind: 'read', arg: 'README.md', input: { path: 'README.md' } },
    { kind: 'tool-result', id: 't1', name: 'Read', toolKind: 'read', status: 'success', outputState: 'text', output: '# Title\n', details: { path: 'README.md', contentLength: 8 } },
    { kind: 'tool-use', id: 't2', name: 'Bash', toolName: 'shell', toolKind: 'execute', arg: 'npm test', input: { command: 'npm test' } },
    { kind: 'tool-result', id: 't2', name: 'Bash', toolKind: 'execute', status: 'error', outputState: 'text', output: 'failed', details: { exitCode: 1, errorMessage: 'exit 1' } },
    { kind: 'notice', level: 'warning', message: 'Rate limited; retrying.' },
    { kind: 'error', message: 'The tool crashed.', fatal: false },
    { kind: 'text', id: 'm2', text: 'README.md has 42 lines.' },
    { kind: 'usage', cumulative: true, model: 'model-x', inputTokens: 100, outputTokens: 20, costUsd: 0.01 },
    { kind: 'session', phase: 'end', status: 'success', durationMs: 1234, turns: 2, result: 'README.md has 42 lines.' },
  ];
}
