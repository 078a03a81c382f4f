import type { DisplayEvent } from '@x/core';

/**
 * A synthetic run that touches every event kind and every rendering path:
 * streamed text and reasoning, parallel calls, an error result, an empty and
 * an unreadable output, a subagent whose events come between its call and
 * its result, a notice, an error, usage increments, a call that never ends,
 * and a kind this version does not know.
 */
export function sampleRun(): DisplayEvent[] {
  return [
    { kind: 'session', phase: 'start', sessionId: 'sess-42', model: 'model-x', cwd: '/work/demo' },
    { kind: 'reasoning', id: 'r1', text: 'The user wants the **config** ' },
    { kind: 'reasoning', id: 'r1', text: 'checked.' },
    { kind: 'text', id: 'm1', text: 'I will read the config and the ' },
    { kind: 'text', id: 'm1', text: 'tests.\n\n```ts\nconst x = 1;\n' },
    { kind: 'text', id: 'm1', text: '```\n\n1. first\n2. second' },
    { kind: 'tool-use', id: 'c1', name: 'Read', toolName: 'read_file', toolKind: 'read', arg: 'config/app.yaml', input: { path: 'config/app.yaml' } },
    { kind: 'tool-use', id: 'c2', name: 'Read', toolName: 'read_file', toolKind: 'read', arg: 'empty.txt', input: { path: 'empty.txt' } },
    { kind: 'tool-result', id: 'c2', name: 'Read', toolKind: 'read', status: 'success', outputState: 'empty', output: '', details: { path: 'empty.txt', contentLength: 0 } },
    { kind: 'tool-result', id: 'c1', name: 'Read', toolKind: 'read', status: 'success', outputState: 'text', output: 'port: 8080\n', details: { path: 'config/app.yaml', contentLength: 11 } },
    { kind: 'usage', cumulative: false, inputTokens: 1000, outputTokens: 100, costUsd: 0.01 },
    { kind: 'text', id: 'm2', text: 'Now the tests.' },
    { kind: 'tool-use', id: 'c3', name: 'Bash', toolName: 'shell', toolKind: 'execute', arg: 'npm test', input: { command: 'npm test' } },
    { kind: 'tool-result', id: 'c3', name: 'Bash', toolKind: 'execute', status: 'error', outputState: 'unavailable', details: { exitCode: 1, errorMessage: 'tests failed', stderr: '1 failing' } },
    { kind: 'tool-use', id: 'c4', name: 'Task', toolName: 'Task', toolKind: 'think', arg: 'Find flaky tests', input: { description: 'Find flaky tests' } },
    { kind: 'text', id: 'sub1', text: 'Looking for *flaky* tests.', parentToolUseId: 'c4' },
    { kind: 'tool-use', id: 'c5', name: 'Grep', toolName: 'Grep', toolKind: 'search', arg: 'retry', input: { pattern: 'retry' }, parentToolUseId: 'c4' },
    { kind: 'tool-result', id: 'c5', name: 'Grep', toolKind: 'search', status: 'success', outputState: 'text', output: 'a.test.ts:3: retry(3)', details: { matchCount: 1, fileCount: 1 }, parentToolUseId: 'c4' },
    { kind: 'tool-result', id: 'c4', name: 'Task', toolKind: 'think', status: 'success', outputState: 'text', output: 'a.test.ts retries', details: {} },
    { kind: 'notice', level: 'warning', message: 'Rate limited, retrying in 2 s', code: 'rate_limit' },
    { kind: 'usage', cumulative: false, inputTokens: 500, outputTokens: 50, reasoningTokens: 20, costUsd: 0.005 },
    { kind: 'future-kind', payload: 'ignored' } as unknown as DisplayEvent,
    { kind: 'text', id: 'm3', text: 'The failing test is `a.test.ts`. See [the guide](https://example.com/guide).' },
    { kind: 'error', message: 'Connection reset', fatal: false },
    { kind: 'tool-use', id: 'c6', name: 'Write', toolName: 'write', toolKind: 'edit', arg: 'fix.patch', input: { path: 'fix.patch', content: 'diff' } },
    { kind: 'session', phase: 'end', status: 'incomplete', durationMs: 65_000 },
  ];
}
