import { replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { openCodeSource } from './source.js';

const S = 'ses_quirk0001';
const U = 'msg_user0001';
const A = 'msg_asst0001';

function replay(lines: readonly (string | object)[]) {
  return replayLines(
    openCodeSource,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
  );
}
const kinds = (events: DisplayEvent[]) => events.map((e) => e.kind);
const texts = (events: DisplayEvent[], kind: 'text' | 'reasoning' = 'text') =>
  events.flatMap((e) => (e.kind === kind ? [e.text] : []));
const ofKind = <K extends DisplayEvent['kind']>(events: DisplayEvent[], kind: K) =>
  events.filter((e): e is Extract<DisplayEvent, { kind: K }> => e.kind === kind);

// run --format json lines, as run.ts writes them.
let clock = 1790000000000;
const run = (type: string, data: object) => ({ type, timestamp: (clock += 10), sessionID: S, ...data });
const part = (extra: object) => ({ sessionID: S, messageID: A, ...extra });
const tokens = { input: 10, output: 5, reasoning: 1, cache: { read: 2, write: 3 } };
const stepStart = (id = 'prt_s1') => run('step_start', { part: part({ id, type: 'step-start' }) });
const stepFinish = (reason: string | undefined, id = 'prt_f1') =>
  run('step_finish', { part: part({ id, type: 'step-finish', ...(reason === undefined ? {} : { reason }), cost: 0.01, tokens }) });
const toolUse = (state: object, extra: object = {}) =>
  run('tool_use', { part: part({ id: 'prt_t1', type: 'tool', callID: 'call_1', tool: 'bash', state, ...extra }) });
const completedBash = { status: 'completed', input: { command: 'ls' }, output: 'a\n', title: 'ls', metadata: { exit: 0 }, time: { start: 1, end: 5 } };

// Bus events (SDK v2 envelope).
const bus = (type: string, properties: object) => `data: ${JSON.stringify({ id: `evt_${type}`, type, properties })}`;
const userMessage = (id = U) =>
  bus('message.updated', { sessionID: S, info: { id, sessionID: S, role: 'user', time: { created: 1 }, agent: 'build', model: { providerID: 'p', modelID: 'm' } } });
const assistantMessage = (extra: object = {}) =>
  bus('message.updated', {
    sessionID: S,
    info: { id: A, sessionID: S, role: 'assistant', time: { created: 10 }, parentID: U, modelID: 'claude-sonnet-4-5', providerID: 'anthropic', mode: 'build', agent: 'build', path: { cwd: '/w', root: '/w' }, cost: 0, tokens, ...extra },
  });
const partUpdated = (p: object, extra: object = {}) => bus('message.part.updated', { sessionID: S, part: part(p), time: 1, ...extra });
const delta = (partID: string, text: string, messageID = A) => bus('message.part.delta', { sessionID: S, messageID, partID, field: 'text', delta: text });
const status = (type: string) => bus('session.status', { sessionID: S, status: { type } });

describe('quirk 1: deltas vs snapshots', () => {
  it('emits the deltas once and nothing from the closing snapshot', () => {
    const { events } = replay([
      assistantMessage(),
      partUpdated({ id: 'prt_x', type: 'text', text: '', time: { start: 1 } }),
      delta('prt_x', 'hello'),
      delta('prt_x', ' world'),
      partUpdated({ id: 'prt_x', type: 'text', text: 'hello world', time: { start: 1, end: 2 } }),
    ]);
    expect(texts(events)).toEqual(['hello', ' world']);
  });

  it('takes the kind of a "text" delta from the part, so reasoning stays reasoning', () => {
    const { events } = replay([
      assistantMessage(),
      partUpdated({ id: 'prt_r', type: 'reasoning', text: '', time: { start: 1 } }),
      delta('prt_r', '**Planning**'),
      partUpdated({ id: 'prt_r', type: 'reasoning', text: '**Planning**', time: { start: 1, end: 2 } }),
    ]);
    expect(texts(events, 'reasoning')).toEqual(['**Planning**']);
    expect(texts(events)).toEqual([]);
  });

  it('emits only the missing tail when a snapshot holds more than the deltas', () => {
    const { events } = replay([
      assistantMessage(),
      partUpdated({ id: 'prt_x', type: 'text', text: '', time: { start: 1 } }),
      delta('prt_x', 'Two '),
      partUpdated({ id: 'prt_x', type: 'text', text: 'Two files.', time: { start: 1, end: 2 } }),
    ]);
    expect(texts(events)).toEqual(['Two ', 'files.']);
  });

  it('treats a delta of a part never opened as text, and ignores deltas of other fields', () => {
    const { events, accounting } = replay([assistantMessage(), delta('prt_new', 'hi'), bus('message.part.delta', { sessionID: S, messageID: A, partID: 'prt_t', field: 'raw', delta: '{"a"' })]);
    expect(texts(events)).toEqual(['hi']);
    expect(accounting.ignored).toBe(1);
  });

  it('reads the SDK-v1 form, with the delta inline in message.part.updated', () => {
    const v1 = (p: object, d?: string) => JSON.stringify({ type: 'message.part.updated', properties: { part: part(p), ...(d === undefined ? {} : { delta: d }) } });
    const { events } = replay([
      v1({ id: 'prt_x', type: 'text', text: 'Hel', time: { start: 1 } }, 'Hel'),
      v1({ id: 'prt_x', type: 'text', text: 'Hello', time: { start: 1 } }, 'lo'),
      v1({ id: 'prt_x', type: 'text', text: 'Hello', time: { start: 1, end: 2 } }),
    ]);
    expect(texts(events)).toEqual(['Hel', 'lo']);
  });
});

describe('quirk 2: user prompt parts are published too', () => {
  it('drops text parts and deltas of user messages', () => {
    const { events, accounting } = replay([
      userMessage(),
      bus('message.part.updated', { sessionID: S, part: { id: 'prt_u', sessionID: S, messageID: U, type: 'text', text: 'List the files' }, time: 1 }),
      delta('prt_u', 'more prompt', U),
      assistantMessage(),
      partUpdated({ id: 'prt_a', type: 'text', text: 'Sure.', time: { start: 1, end: 2 } }),
    ]);
    expect(texts(events)).toEqual(['Sure.']);
    // The user message.updated opens the session; its part, its delta and the assistant message.updated show nothing.
    expect(accounting.ignored).toBe(3);
  });
});

describe('quirk 3: session.status idle is not a reliable turn end', () => {
  it('ignores the busy/idle pair that fires before any assistant message', () => {
    const { events } = replay([userMessage(), status('busy'), status('idle'), bus('session.idle', { sessionID: S }), status('busy'), assistantMessage(), partUpdated({ id: 'prt_a', type: 'text', text: 'Done.', time: { start: 1, end: 2 } }), partUpdated({ id: 'prt_f', type: 'step-finish', reason: 'stop', cost: 0, tokens }), status('idle'), bus('session.idle', { sessionID: S })]);
    expect(kinds(events)).toEqual(['session', 'text', 'usage', 'session']);
    expect(events.at(-1)).toMatchObject({ phase: 'end', status: 'success' });
  });

  it('ends on session.idle alone after an abort, as cancelled', () => {
    const { events } = replay([
      userMessage(),
      assistantMessage(),
      bus('session.error', { sessionID: S, error: { name: 'MessageAbortedError', data: { message: 'Aborted' } } }),
      bus('session.idle', { sessionID: S }),
    ]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'cancelled' });
  });

  it('counts an assistant message completed with a final finish as the end when the stream stops before idle', () => {
    const { events } = replay([userMessage(), assistantMessage(), assistantMessage({ time: { created: 10, completed: 20 }, finish: 'stop' })]);
    expect(events.at(-1)).toMatchObject({ phase: 'end', status: 'success' });
    const open = replay([userMessage(), assistantMessage(), assistantMessage({ time: { created: 10, completed: 20 }, finish: 'tool-calls' })]);
    expect(open.events.at(-1)).toMatchObject({ phase: 'end', status: 'incomplete' });
  });
});

describe('quirk 4: run --format json truncation', () => {
  it('ends as incomplete when only step_start was written (#31404)', () => {
    const { events } = replay([stepStart()]);
    expect(events).toEqual([
      // The line's timestamp (epoch milliseconds) is the run's start.
      { kind: 'session', phase: 'start', sessionId: S, timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: S },
    ]);
  });

  it('ends as incomplete when the run exits before the final step_finish (#26855)', () => {
    const { events } = replay([stepStart(), toolUse(completedBash), stepFinish('tool-calls'), stepStart('prt_s2'), run('text', { part: part({ id: 'prt_x', type: 'text', text: 'Half', time: { start: 1, end: 2 } }) })]);
    expect(events.at(-1)).toMatchObject({ phase: 'end', status: 'incomplete' });
    expect(ofKind(events, 'usage')).toHaveLength(1);
  });
});

describe('quirk 5: no completion marker in older run JSON', () => {
  it('ends a run whose last step finished with "stop" as success at the end of the stream', () => {
    const { events } = replay([stepStart(), run('text', { part: part({ id: 'prt_x', type: 'text', text: 'Hi', time: { start: 1, end: 2 } }) }), stepFinish('stop')]);
    expect(events.at(-1)).toMatchObject({ phase: 'end', status: 'success', turns: 1 });
  });

  it('ends on done, and only once', () => {
    const { events, accounting } = replay([stepStart(), stepFinish('stop'), run('done', { reason: 'idle', rejected: [] }), run('done', { reason: 'idle', rejected: [] })]);
    expect(ofKind(events, 'session').map((e) => e.phase)).toEqual(['start', 'end']);
    expect(accounting.ignored).toBe(1);
  });

  it('ends a run whose error line was its last as error', () => {
    const { events } = replay([stepStart(), run('error', { error: { name: 'UnknownError', data: { message: 'boom' } } })]);
    expect(kinds(events)).toEqual(['session', 'error', 'session']);
    expect(events.at(-1)).toMatchObject({ phase: 'end', status: 'error' });
  });
});

describe('quirk 6: auto-rejected permissions are silent', () => {
  it('shows the rejected call as an error result and done.rejected as a warning', () => {
    const { events } = replay([
      stepStart(),
      toolUse({ status: 'error', input: { command: 'cat /etc/hosts' }, error: 'The user rejected permission to use this specific tool call.', time: { start: 1, end: 2 } }),
      stepFinish('stop'),
      run('done', { reason: 'idle', rejected: ['external_directory'] }),
    ]);
    expect(kinds(events)).toEqual(['session', 'tool-use', 'tool-result', 'usage', 'notice', 'session']);
    expect(ofKind(events, 'tool-result')[0]).toMatchObject({ status: 'error', details: { errorMessage: 'The user rejected permission to use this specific tool call.' } });
    expect(ofKind(events, 'notice')[0]).toMatchObject({ level: 'warning', message: 'Permission requests auto-rejected: external_directory' });
  });
});

describe('quirk 7: no model id in run JSON', () => {
  it('leaves model out of run JSON events', () => {
    const { events } = replay([stepStart(), stepFinish('stop')]);
    for (const event of events) expect(event).not.toHaveProperty('model');
  });

  it('takes the model from the bus message.updated, flat or nested', () => {
    const flat = replay([assistantMessage(), partUpdated({ id: 'prt_f', type: 'step-finish', reason: 'stop', cost: 0, tokens })]);
    expect(ofKind(flat.events, 'usage')[0]?.model).toBe('anthropic/claude-sonnet-4-5');
    const nested = replay([
      assistantMessage({ modelID: undefined, providerID: undefined, model: { providerID: 'openai', modelID: 'gpt-5' } }),
      partUpdated({ id: 'prt_f', type: 'step-finish', reason: 'stop', cost: 0, tokens }),
    ]);
    expect(ofKind(nested.events, 'usage')[0]?.model).toBe('openai/gpt-5');
  });
});

describe('quirk 8: tool frames collapse states', () => {
  it('turns one terminal run JSON frame into tool-use then tool-result', () => {
    const { events } = replay([stepStart(), toolUse(completedBash)]);
    expect(kinds(events).slice(1, 3)).toEqual(['tool-use', 'tool-result']);
    expect(events[1]).toMatchObject({ id: 'call_1', name: 'Bash', toolName: 'bash', arg: 'ls' });
    expect(events[2]).toMatchObject({ id: 'call_1', status: 'success', output: 'a\n', details: { exitCode: 0, durationMs: 4 } });
  });

  it('waits for the input of a pending call and announces it once across all its states', () => {
    const tool = (state: object) => partUpdated({ id: 'prt_t1', type: 'tool', callID: 'call_1', tool: 'bash', state });
    const { events } = replay([
      assistantMessage(),
      tool({ status: 'pending', input: {}, raw: '{"comm' }),
      tool({ status: 'running', input: { command: 'ls' }, time: { start: 1 } }),
      tool({ status: 'running', input: { command: 'ls' }, metadata: { output: 'a' }, time: { start: 1 } }),
      tool(completedBash),
      tool(completedBash),
      stepFinish('tool-calls'),
    ]);
    expect(ofKind(events, 'tool-use')).toHaveLength(1);
    expect(ofKind(events, 'tool-use')[0]?.arg).toBe('ls');
    expect(ofKind(events, 'tool-result')).toHaveLength(1);
  });

  it('never announces a call from step_finish', () => {
    const { events } = replay([stepStart(), toolUse(completedBash), stepFinish('tool-calls')]);
    expect(ofKind(events, 'tool-use')).toHaveLength(1);
    expect(kinds(events)).toEqual(['session', 'tool-use', 'tool-result', 'usage', 'session']);
  });
});

describe('quirk 9: optional step_finish fields', () => {
  it('treats a step_finish without reason as a finished step', () => {
    const { events } = replay([stepStart(), stepFinish(undefined)]);
    expect(events.at(-1)).toMatchObject({ phase: 'end', status: 'success' });
  });

  it('reports a zero cost and works without tokens.total or snapshot', () => {
    const { events } = replay([stepStart(), run('step_finish', { part: part({ id: 'prt_f', type: 'step-finish', reason: 'stop', cost: 0, tokens: { input: 1, output: 2, reasoning: 0, cache: { read: 0, write: 0 } } }) })]);
    expect(ofKind(events, 'usage')[0]).toEqual({ kind: 'usage', cumulative: false, inputTokens: 1, outputTokens: 2, reasoningTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 });
  });
});

describe('quirk 10: callID formats are provider-dependent', () => {
  it.each(['call_abc', 'toolu_01Xyz', 'tool_bash_hUFbWmc0v5dvHJZ6lgfR', 'r9bQWsNLvOrJGIOz'])('keys the call by %s', (callID) => {
    const { events } = replay([stepStart(), toolUse(completedBash, { callID })]);
    expect(ofKind(events, 'tool-use')[0]?.id).toBe(callID);
    expect(ofKind(events, 'tool-result')[0]?.id).toBe(callID);
  });

  it('falls back to the part id when callID is missing', () => {
    const { events } = replay([stepStart(), toolUse(completedBash, { callID: '' })]);
    expect(ofKind(events, 'tool-use')[0]?.id).toBe('prt_t1');
  });
});

describe('quirk 11 and 13: ids and millisecond timestamps', () => {
  it('measures the run from the top-level emit timestamps, in milliseconds', () => {
    const first = stepStart();
    const last = run('done', { reason: 'idle', rejected: [] });
    const { events } = replay([{ ...first, timestamp: 1790000000000 }, stepFinish('stop'), { ...last, timestamp: 1790000004250 }]);
    expect(events.at(-1)).toMatchObject({ sessionId: S, durationMs: 4250 });
  });

  it('measures a tool from its part time', () => {
    const { events } = replay([stepStart(), toolUse({ ...completedBash, time: { start: 1790000000100, end: 1790000000350 } })]);
    expect(ofKind(events, 'tool-result')[0]?.details.durationMs).toBe(250);
  });
});

describe('quirk 12: permission event naming changed', () => {
  it('shows SDK-v1 permission.updated, v2 permission.asked and permission.v2.asked as notices, and ignores replies', () => {
    const { events, accounting } = replay([
      JSON.stringify({ type: 'permission.updated', properties: { id: 'per_1', type: 'bash', sessionID: S, messageID: A, title: 'Run rm -rf dist', metadata: {}, time: { created: 1 } } }),
      JSON.stringify({ type: 'permission.replied', properties: { sessionID: S, permissionID: 'per_1', response: 'once' } }),
      bus('permission.asked', { id: 'per_2', sessionID: S, permission: 'bash', patterns: ['echo hi'], metadata: {}, always: ['echo *'] }),
      bus('permission.replied', { sessionID: S, requestID: 'per_2', reply: 'reject' }),
      bus('permission.v2.asked', { id: 'per_3', sessionID: S, action: 'edit', resources: ['src/a.ts'] }),
    ]);
    expect(ofKind(events, 'notice').map((e) => e.message)).toEqual([
      'Permission requested: bash (Run rm -rf dist)',
      'Permission requested: bash (echo hi)',
      'Permission requested: edit (src/a.ts)',
    ]);
    expect(accounting.ignored).toBe(2);
  });
});

describe('quirk 14: lines follow the SDK types', () => {
  it('reads SDK parts from run JSON lines whatever other fields they carry', () => {
    const { events } = replay([run('text', { part: part({ id: 'prt_x', type: 'text', text: 'Hi', synthetic: false, metadata: { openai: { itemId: 'x' } }, time: { start: 1, end: 2 } }), extra: 'new field' })]);
    expect(texts(events)).toEqual(['Hi']);
  });
});

describe('server event bus', () => {
  it('starts the session from session.created with cwd and version, once', () => {
    const info = { id: S, slug: 's', projectID: 'prj', directory: '/w', title: 't', version: '1.18.5', time: { created: 1, updated: 1 } };
    const { events } = replay([bus('session.created', { sessionID: S, info }), bus('session.updated', { sessionID: S, info })]);
    expect(ofKind(events, 'session').filter((e) => e.phase === 'start')).toEqual([{ kind: 'session', phase: 'start', sessionId: S, cwd: '/w', agentVersion: '1.18.5' }]);
  });

  it('follows only the first session: subagent and concurrent sessions are left out', () => {
    const { events, diagnostics, accounting } = replay([
      assistantMessage(),
      bus('message.part.delta', { sessionID: 'ses_child', messageID: 'msg_c', partID: 'prt_c', field: 'text', delta: 'child text' }),
      bus('session.idle', { sessionID: 'ses_child' }),
      delta('prt_x', 'parent text'),
    ]);
    expect(texts(events)).toEqual(['parent text']);
    expect(diagnostics).toEqual([]);
    expect(accounting.ignored).toBe(2);
  });

  it('still shows permission asks of a subagent session, as run.ts handles them', () => {
    const child = { id: 'ses_child', slug: 'c', projectID: 'prj', directory: '/w', parentID: S, title: 'sub', version: '1.18.5', time: { created: 1, updated: 1 } };
    const { events } = replay([
      assistantMessage(),
      bus('session.created', { sessionID: 'ses_child', info: child }),
      bus('permission.asked', { id: 'per_1', sessionID: 'ses_child', permission: 'bash', patterns: ['make'], metadata: {}, always: [] }),
      bus('permission.asked', { id: 'per_2', sessionID: 'ses_stranger', permission: 'bash', patterns: ['rm'], metadata: {}, always: [] }),
    ]);
    expect(ofKind(events, 'notice').map((e) => e.message)).toEqual(['Permission requested: bash (make)']);
  });

  it('counts a step-finish part once however often it is updated', () => {
    const finish = partUpdated({ id: 'prt_f', type: 'step-finish', reason: 'stop', cost: 0.5, tokens });
    const { events } = replay([assistantMessage(), finish, finish]);
    expect(ofKind(events, 'usage')).toHaveLength(1);
  });

  it('reports an error once when session.error and the assistant message both carry it', () => {
    const error = { name: 'ProviderAuthError', data: { providerID: 'anthropic', message: 'Invalid API key' } };
    const { events } = replay([userMessage(), assistantMessage(), bus('session.error', { sessionID: S, error }), assistantMessage({ error, time: { created: 10, completed: 20 } }), status('idle')]);
    expect(ofKind(events, 'error')).toEqual([{ kind: 'error', message: 'Invalid API key', fatal: true, code: 'ProviderAuthError' }]);
    expect(events.at(-1)).toMatchObject({ phase: 'end', status: 'error' });
  });

  it('names an error by its type when it has no message', () => {
    const { events } = replay([bus('session.error', { sessionID: S, error: { name: 'MessageOutputLengthError', data: {} } }), bus('session.error', { sessionID: S })]);
    expect(ofKind(events, 'error').map((e) => e.message)).toEqual(['MessageOutputLengthError', 'Session error without details']);
  });

  it('opens the session again for a new prompt after it ended', () => {
    const { events } = replay([userMessage(), assistantMessage(), status('idle'), userMessage('msg_user0002'), status('busy'), status('idle'), assistantMessage(), status('idle')]);
    expect(ofKind(events, 'session').map((e) => `${e.phase}:${e.status ?? ''}`)).toEqual(['start:', 'end:success', 'start:', 'end:success']);
  });

  it('turns retries, compaction, questions and slash commands into notices', () => {
    const { events } = replay([
      bus('session.status', { sessionID: S, status: { type: 'retry', attempt: 2, message: 'Rate limited', next: 5 } }),
      bus('session.compacted', { sessionID: S }),
      bus('question.asked', { id: 'que_1', sessionID: S, questions: [{ question: 'Which colour?', header: 'Colour', options: [] }] }),
      bus('command.executed', { name: 'init', sessionID: S, arguments: '', messageID: U }),
    ]);
    expect(ofKind(events, 'notice').map((e) => e.message)).toEqual(['Retrying (attempt 2): Rate limited', 'Session compacted', 'Question: Which colour?', 'Command /init']);
  });

  it('unwraps /global/event envelopes', () => {
    const line = `data: ${JSON.stringify({ directory: '/w', payload: { id: 'e1', type: 'message.part.delta', properties: { sessionID: S, messageID: A, partID: 'prt_x', field: 'text', delta: 'hi' } } })}`;
    expect(texts(replay([line]).events)).toEqual(['hi']);
  });

  it('accounts for SSE framing lines with a reason', () => {
    const parser = openCodeSource.createParser();
    const reasons: string[] = [];
    const ctx = { lineNumber: 1, ignore: (r: string) => reasons.push(r), malformed: () => reasons.push('malformed'), unknown: () => reasons.push('unknown') };
    for (const line of [': keep-alive', 'event: message', 'id: 42', 'retry: 3000', '   ', bus('server.heartbeat', {}), bus('lsp.updated', {})]) {
      expect(parser.parse(line, ctx)).toEqual([]);
    }
    expect(reasons).toEqual(['SSE comment (keep-alive)', 'SSE event field', 'SSE id field', 'SSE retry field', 'blank SSE separator', 'server heartbeat (keep-alive)', 'language server event']);
  });

  it('reports unknown event types as unknown, not as errors', () => {
    const { events, accounting } = replay([stepStart(), bus('sandbox.created', { sessionID: S }), JSON.stringify({ type: 'step_progress', timestamp: 1, sessionID: S })]);
    expect(ofKind(events, 'session').map((e) => e.phase)).toEqual(['start', 'end']);
    expect(kinds(events)).toEqual(['session', 'session']);
    expect(accounting.unknown).toBe(2);
  });
});

describe('tools', () => {
  const tool = (tool: string, state: object) => run('tool_use', { part: part({ id: `prt_${tool}`, type: 'tool', callID: `call_${tool}`, tool, state }) });
  const done = (input: object, output: string, metadata: object = {}) => ({ status: 'completed', input, output, title: '', metadata, time: { start: 1, end: 2 } });

  it.each([
    ['bash', 'Bash'],
    ['read', 'Read'],
    ['write', 'Write'],
    ['edit', 'Edit'],
    ['multiedit', 'Edit'],
    ['patch', 'Edit'],
    ['apply_patch', 'Edit'],
    ['glob', 'Glob'],
    ['grep', 'Grep'],
    ['list', 'LS'],
    ['webfetch', 'WebFetch'],
    ['websearch', 'WebSearch'],
    ['task', 'Task'],
    ['todowrite', 'TodoWrite'],
    ['todoread', 'TodoWrite'],
    ['github_create_issue', 'github_create_issue'],
  ])('maps %s to %s', (raw, name) => {
    const { events } = replay([tool(raw, done({}, ''))]);
    expect(ofKind(events, 'tool-use')[0]).toMatchObject({ name, toolName: raw });
  });

  it('takes the file text out of the read output, and tells an empty file apart', () => {
    const wrap = (body: string, total: number) => `<path>/w/a.txt</path>\n<type>file</type>\n<content>\n${body}\n\n(End of file - total ${total} lines)\n</content>`;
    const full = replay([tool('read', done({ filePath: '/w/a.txt' }, wrap('1: one\n2: \n3: three', 3)))]);
    expect(ofKind(full.events, 'tool-result')[0]).toMatchObject({ outputState: 'text', output: 'one\n\nthree', details: { path: '/w/a.txt', contentLength: 10 } });
    const empty = replay([tool('read', done({ filePath: '/w/a.txt' }, wrap('', 0)))]);
    expect(ofKind(empty.events, 'tool-result')[0]).toMatchObject({ outputState: 'empty', output: '' });
    const listing = '<path>/w</path>\n<type>directory</type>\n<entries>\na.txt\n\n(1 entries)\n</entries>';
    expect(ofKind(replay([tool('read', done({ filePath: '/w' }, listing))]).events, 'tool-result')[0]?.output).toBe(listing);
  });

  it('counts grep matches and files from metadata and the grouped output', () => {
    const output = 'Found 3 matches\n/w/a.ts:\n  Line 1: TODO a\n  Line 9: TODO b\n\n/w/b.ts:\n  Line 2: TODO c';
    const { events } = replay([tool('grep', done({ pattern: 'TODO', path: 'src' }, output, { matches: 3, truncated: false }))]);
    expect(ofKind(events, 'tool-use')[0]?.arg).toBe('TODO');
    expect(ofKind(events, 'tool-result')[0]?.details).toMatchObject({ matchCount: 3, fileCount: 2 });
  });

  it('gives the bash exit code and keeps a failed command a completed call', () => {
    const { events } = replay([tool('bash', done({ command: 'false' }, '', { exit: 1 }))]);
    expect(ofKind(events, 'tool-result')[0]).toMatchObject({ status: 'success', outputState: 'empty', details: { exitCode: 1 } });
  });
});
