// One test per quirk of docs/formats/opencode.md section 3, each on the exact
// events, written from the format notes (not from the parser's output).
import { describe, expect, it } from 'vitest';
import {
  A,
  S,
  T,
  U,
  assistantMessage,
  bus,
  completedBash,
  delta,
  done,
  idle,
  part,
  partUpdated,
  replay,
  run,
  runText,
  sessionCreated,
  status,
  stepFinish,
  stepStart,
  tokens,
  toolUse,
  usage,
  userMessage,
} from '../test/lines.js';

const START = { kind: 'session', phase: 'start', sessionId: S };
/** A run JSON session starts at its first line's timestamp, {@link T}. */
const RUN_START = { ...START, timestamp: '2026-09-21T14:13:20.000Z' };
const end = (status: string, extra: object = {}) => ({ kind: 'session', phase: 'end', status, sessionId: S, ...extra });
const SONNET = 'anthropic/claude-sonnet-4-5';
const bashUse = { kind: 'tool-use', id: 'call_1', name: 'Bash', toolName: 'bash', toolKind: 'execute', arg: 'ls', input: { command: 'ls' } };
const bashResult = { kind: 'tool-result', id: 'call_1', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'text', output: 'a\n', details: { exitCode: 0, durationMs: 4 } };
const textOpener = (id: string, type = 'text') => partUpdated({ id, type, text: '', time: { start: 1 } });
const textClosed = (id: string, text: string, type = 'text') => partUpdated({ id, type, text, time: { start: 1, end: 2 } });

describe('quirk 1: deltas and snapshots', () => {
  it('emits each delta once and nothing of the closing snapshot', () => {
    const { events } = replay([assistantMessage(), textOpener('prt_x'), delta('prt_x', 'hello'), delta('prt_x', ' world'), textClosed('prt_x', 'hello world')]);
    expect(events).toEqual([START, { kind: 'text', id: 'prt_x', text: 'hello' }, { kind: 'text', id: 'prt_x', text: ' world' }, end('incomplete')]);
  });

  it('takes the kind of a "text" delta from the part, so reasoning stays reasoning', () => {
    const { events } = replay([assistantMessage(), textOpener('prt_r', 'reasoning'), delta('prt_r', '**Planning**'), textClosed('prt_r', '**Planning**', 'reasoning')]);
    expect(events).toEqual([START, { kind: 'reasoning', id: 'prt_r', text: '**Planning**' }, end('incomplete')]);
  });

  it('emits only the missing tail when a snapshot holds more than the deltas', () => {
    const { events } = replay([assistantMessage(), textOpener('prt_x'), delta('prt_x', 'Two '), textClosed('prt_x', 'Two files.')]);
    expect(events).toEqual([START, { kind: 'text', id: 'prt_x', text: 'Two ' }, { kind: 'text', id: 'prt_x', text: 'files.' }, end('incomplete')]);
  });

  it('reads the SDK-v1 form, with the delta inline in message.part.updated', () => {
    const v1 = (text: string, inline?: string) =>
      JSON.stringify({ type: 'message.part.updated', properties: { part: part({ id: 'prt_x', type: 'text', text, time: { start: 1 } }), ...(inline === undefined ? {} : { delta: inline }) } });
    const { events } = replay([v1('Hel', 'Hel'), v1('Hello', 'lo'), v1('Hello')]);
    expect(events).toEqual([START, { kind: 'text', id: 'prt_x', text: 'Hel' }, { kind: 'text', id: 'prt_x', text: 'lo' }, end('incomplete')]);
  });
});

describe('quirk 2: the prompt parts are published too', () => {
  it('shows nothing of a user message, its parts or their deltas', () => {
    const { events, accounting } = replay([
      userMessage(),
      partUpdated({ id: 'prt_u', type: 'text', text: 'List the files' }, S, U),
      delta('prt_u', 'more prompt', U),
      assistantMessage(),
      textClosed('prt_a', 'Sure.'),
    ]);
    expect(events).toEqual([START, { kind: 'text', id: 'prt_a', text: 'Sure.' }, end('incomplete')]);
    expect(accounting).toEqual({ lines: 5, events: 2, ignored: 3, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });
});

describe('quirk 3: an idle is not always a turn end', () => {
  it('ignores the busy/idle pair that fires before any assistant message', () => {
    const finish = partUpdated({ id: 'prt_f', type: 'step-finish', reason: 'stop', cost: 0, tokens });
    const { events } = replay([userMessage(), status('busy'), status('idle'), idle(), status('busy'), assistantMessage(), textClosed('prt_a', 'Done.'), finish, status('idle'), idle()]);
    expect(events).toEqual([START, { kind: 'text', id: 'prt_a', text: 'Done.' }, { ...usage, model: SONNET, costUsd: 0 }, end('success', { turns: 1 })]);
  });

  it('ends on session.idle alone after an abort, as cancelled', () => {
    const aborted = bus('session.error', { sessionID: S, error: { name: 'MessageAbortedError', data: { message: 'Aborted' } } });
    const { events } = replay([userMessage(), assistantMessage(), aborted, idle()]);
    expect(events).toEqual([START, { kind: 'error', message: 'Aborted', fatal: true, code: 'MessageAbortedError' }, end('cancelled')]);
  });

  it('takes an assistant message completed with a final finish as the end when the stream stops before idle', () => {
    const completed = (finish: string) => assistantMessage({ time: { created: 10, completed: 20 }, finish });
    expect(replay([userMessage(), assistantMessage(), completed('stop')]).events).toEqual([START, end('success', { durationMs: 10 })]);
    expect(replay([userMessage(), assistantMessage(), completed('tool-calls')]).events).toEqual([START, end('incomplete', { durationMs: 10 })]);
  });
});

describe('quirk 4: run --format json cut short', () => {
  it('ends as incomplete when only step_start was written', () => {
    expect(replay([stepStart()]).events).toEqual([RUN_START, end('incomplete')]);
  });

  it('ends as incomplete when the run exits before the final step_finish', () => {
    const { events } = replay([stepStart(), toolUse(completedBash), stepFinish('tool-calls'), stepStart('prt_s2'), runText('prt_x', 'Half')]);
    expect(events).toEqual([RUN_START, bashUse, bashResult, usage, { kind: 'text', id: 'prt_x', text: 'Half' }, end('incomplete', { turns: 1 })]);
  });
});

describe('quirk 5: older run JSON has no end marker', () => {
  it('ends a run whose last step finished with "stop" as success at the end of the stream', () => {
    expect(replay([stepStart(), runText('prt_x', 'Hi'), stepFinish('stop')]).events).toEqual([RUN_START, { kind: 'text', id: 'prt_x', text: 'Hi' }, usage, end('success', { turns: 1 })]);
  });

  it('ends on done, once', () => {
    const { events, accounting } = replay([stepStart(), stepFinish('stop'), done(), done()]);
    expect(events).toEqual([RUN_START, usage, end('success', { turns: 1 })]);
    expect(accounting).toEqual({ lines: 4, events: 3, ignored: 1, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });

  it('ends a run whose error line was its last as error', () => {
    const { events } = replay([stepStart(), run('error', { error: { name: 'UnknownError', data: { message: 'boom' } } })]);
    expect(events).toEqual([RUN_START, { kind: 'error', message: 'boom', fatal: true, code: 'UnknownError' }, end('error')]);
  });
});

describe('quirk 6: auto-rejected permissions are silent', () => {
  it('shows the rejected call as an error result and done.rejected as a warning', () => {
    const rejected = { status: 'error', input: { command: 'cat /etc/hosts' }, error: 'The user rejected permission to use this specific tool call.', time: { start: 1, end: 2 } };
    const { events } = replay([stepStart(), toolUse(rejected), stepFinish('stop'), done(['external_directory'])]);
    expect(events).toEqual([
      RUN_START,
      { ...bashUse, arg: 'cat /etc/hosts', input: { command: 'cat /etc/hosts' } },
      {
        kind: 'tool-result',
        id: 'call_1',
        name: 'Bash',
        toolKind: 'execute',
        status: 'error',
        outputState: 'unavailable',
        details: { errorMessage: 'The user rejected permission to use this specific tool call.', durationMs: 1 },
      },
      usage,
      { kind: 'notice', level: 'warning', message: 'Permission requests auto-rejected: external_directory', code: 'permission-rejected' },
      end('success', { turns: 1 }),
    ]);
  });
});

describe('quirk 7: the model', () => {
  it('is absent from run JSON', () => {
    expect(replay([stepStart(), stepFinish('stop')]).events).toEqual([RUN_START, usage, end('success', { turns: 1 })]);
  });

  it('comes from the bus message.updated, flat or nested', () => {
    const finish = partUpdated({ id: 'prt_f', type: 'step-finish', reason: 'stop', cost: 0.01, tokens });
    expect(replay([assistantMessage(), finish]).events).toEqual([START, { ...usage, model: SONNET }, end('success', { turns: 1 })]);
    const nested = assistantMessage({ modelID: undefined, providerID: undefined, model: { providerID: 'openai', modelID: 'gpt-5' } });
    expect(replay([nested, finish]).events).toEqual([START, { ...usage, model: 'openai/gpt-5' }, end('success', { turns: 1 })]);
  });
});

describe('quirk 8: tool states', () => {
  it('turns one final run JSON frame into the call and its result', () => {
    expect(replay([stepStart(), toolUse(completedBash)]).events).toEqual([RUN_START, bashUse, bashResult, end('incomplete')]);
  });

  it('waits for the input of a pending call and announces it once across its states', () => {
    const tool = (state: object) => partUpdated({ id: 'prt_t1', type: 'tool', callID: 'call_1', tool: 'bash', state });
    const running = { status: 'running', input: { command: 'ls' }, time: { start: 1 } };
    const { events, accounting } = replay([
      assistantMessage(),
      tool({ status: 'pending', input: {}, raw: '{"comm' }),
      tool(running),
      tool({ ...running, metadata: { output: 'a' } }),
      tool(completedBash),
      tool(completedBash),
    ]);
    expect(events).toEqual([START, bashUse, bashResult, end('incomplete')]);
    expect(accounting).toEqual({ lines: 6, events: 3, ignored: 3, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });

  // Hand-derived from the SDK's ToolStateRunning / ToolStateCompleted (docs/formats/opencode.md): both carry `input`.
  it('shows the input a completed part reports when it differs from the running one, and warns', () => {
    const tool = (state: object) => partUpdated({ id: 'prt_t1', type: 'tool', callID: 'call_1', tool: 'bash', state });
    const { events } = replay([assistantMessage(), tool({ status: 'running', input: { command: 'npm test' }, time: { start: 1 } }), tool(completedBash)]);
    expect(events).toEqual([
      START,
      { ...bashUse, arg: 'npm test', input: { command: 'npm test' } },
      { ...bashResult, arg: 'ls', input: { command: 'ls' } },
      {
        kind: 'notice',
        level: 'warning',
        code: 'tool_input_changed',
        message: 'The input of Bash call call_1 changed between its start and its completion (started as "npm test", completed as "ls"); its result shows the input it completed with',
      },
      end('incomplete'),
    ]);
  });
});

describe('quirk 9: optional step_finish fields', () => {
  it('treats a step_finish without reason as a finished step', () => {
    expect(replay([stepStart(), stepFinish(undefined)]).events).toEqual([RUN_START, usage, end('success', { turns: 1 })]);
  });

  it('reports a zero cost and needs neither tokens.total nor snapshot', () => {
    const free = run('step_finish', { part: part({ id: 'prt_f', type: 'step-finish', reason: 'stop', cost: 0, tokens: { input: 1, output: 2, reasoning: 0, cache: { read: 0, write: 0 } } }) });
    expect(replay([stepStart(), free]).events).toEqual([
      RUN_START,
      { kind: 'usage', cumulative: false, inputTokens: 1, outputTokens: 2, reasoningTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 },
      end('success', { turns: 1 }),
    ]);
  });
});

describe('quirk 10: callID formats depend on the model provider', () => {
  it.each(['call_abc', 'toolu_01Xyz', 'tool_bash_hUFbWmc0v5dvHJZ6lgfR', 'r9bQWsNLvOrJGIOz'])('keys the call by %s', (callID) => {
    expect(replay([stepStart(), toolUse(completedBash, { callID })]).events).toEqual([RUN_START, { ...bashUse, id: callID }, { ...bashResult, id: callID }, end('incomplete')]);
  });

  it('falls back to the part id when callID is empty', () => {
    expect(replay([stepStart(), toolUse(completedBash, { callID: '' })]).events).toEqual([RUN_START, { ...bashUse, id: 'prt_t1' }, { ...bashResult, id: 'prt_t1' }, end('incomplete')]);
  });
});

describe('quirks 11 and 13: ids, and times in epoch milliseconds', () => {
  it('measures the run from the top-level emit timestamps', () => {
    const { events } = replay([stepStart('prt_s1', T), stepFinish('stop', 'prt_f1', T + 1000), done([], T + 4250)]);
    expect(events).toEqual([RUN_START, usage, end('success', { durationMs: 4250, turns: 1 })]);
  });

  it('measures a tool from its part time', () => {
    const { events } = replay([stepStart(), toolUse({ ...completedBash, time: { start: T + 100, end: T + 350 } })]);
    expect(events).toEqual([RUN_START, bashUse, { ...bashResult, details: { exitCode: 0, durationMs: 250 } }, end('incomplete')]);
  });
});

describe('quirk 12: permission events were renamed', () => {
  it('shows v1 permission.updated, v2 permission.asked and permission.v2.asked, and ignores replies', () => {
    const notice = (message: string) => ({ kind: 'notice', level: 'warning', message, code: 'permission' });
    const { events, accounting } = replay([
      JSON.stringify({ type: 'permission.updated', properties: { id: 'per_1', type: 'bash', sessionID: S, messageID: A, title: 'Run rm -rf dist', metadata: {}, time: { created: 1 } } }),
      JSON.stringify({ type: 'permission.replied', properties: { sessionID: S, permissionID: 'per_1', response: 'once' } }),
      bus('permission.asked', { id: 'per_2', sessionID: S, permission: 'bash', patterns: ['echo hi'], metadata: {}, always: ['echo *'] }),
      bus('permission.replied', { sessionID: S, requestID: 'per_2', reply: 'reject' }),
      bus('permission.v2.asked', { id: 'per_3', sessionID: S, action: 'edit', resources: ['src/a.ts'] }),
    ]);
    expect(events).toEqual([
      START,
      notice('Permission requested: bash (Run rm -rf dist)'),
      notice('Permission requested: bash (echo hi)'),
      notice('Permission requested: edit (src/a.ts)'),
      end('incomplete'),
    ]);
    expect(accounting).toEqual({ lines: 5, events: 3, ignored: 2, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });
});

describe('quirk 14: lines follow the SDK types, with fields added over time', () => {
  it('reads an SDK part whatever other fields it and its line carry', () => {
    const line = run('text', { part: part({ id: 'prt_x', type: 'text', text: 'Hi', synthetic: false, metadata: { openai: { itemId: 'x' } }, time: { start: 1, end: 2 } }), extra: 'new field' });
    expect(replay([line]).events).toEqual([RUN_START, { kind: 'text', id: 'prt_x', text: 'Hi' }, end('incomplete')]);
  });
});

describe('quirk 15: a subagent runs in a child session', () => {
  const TASK = 'toolu_task';
  const C = 'ses_child';
  const task = (state: object) => partUpdated({ id: 'prt_task', type: 'tool', callID: TASK, tool: 'task', state });
  const input = { description: 'Look around', prompt: 'List the files.', subagent_type: 'explore' };
  const named = task({ status: 'running', input, title: 'Look around', metadata: { sessionId: C }, time: { start: 1 } });
  const taskUse = { kind: 'tool-use', id: TASK, name: 'Task', toolName: 'task', toolKind: 'think', arg: 'Look around', input };

  it('nests the child session events under the Task call that named it', () => {
    const { events } = replay([
      assistantMessage(),
      sessionCreated(C, { parentID: S }),
      named,
      userMessage('msg_cu', C),
      assistantMessage({ modelID: 'claude-haiku-4-5' }, C, 'msg_ca'),
      delta('prt_ct', 'Two files.', 'msg_ca', C),
      partUpdated({ id: 'prt_cf', type: 'step-finish', reason: 'stop', cost: 0.01, tokens }, C, 'msg_ca'),
      bus('session.error', { sessionID: C, error: { name: 'APIError', data: { message: 'Overloaded', isRetryable: true } } }),
      status('idle', C),
    ]);
    expect(events).toEqual([
      START,
      taskUse,
      { kind: 'text', id: 'prt_ct', text: 'Two files.', parentToolUseId: TASK },
      { ...usage, model: 'anthropic/claude-haiku-4-5', parentToolUseId: TASK },
      { kind: 'error', message: 'Overloaded', fatal: false, parentToolUseId: TASK, code: 'APIError' },
      end('incomplete'),
    ]);
  });

  it('nests a child of a child under the inner Task call', () => {
    const grandchild = partUpdated({ id: 'prt_t2', type: 'tool', callID: 'toolu_inner', tool: 'task', state: { status: 'running', input, metadata: { sessionId: 'ses_grand' }, time: { start: 1 } } }, C, 'msg_ca');
    const { events } = replay([assistantMessage(), sessionCreated(C, { parentID: S }), named, grandchild, sessionCreated('ses_grand', { parentID: C }), delta('prt_g', 'deep', 'msg_g', 'ses_grand')]);
    expect(events).toEqual([START, taskUse, { ...taskUse, id: 'toolu_inner', parentToolUseId: TASK }, { kind: 'text', id: 'prt_g', text: 'deep', parentToolUseId: 'toolu_inner' }, end('incomplete')]);
  });

  it('leaves out sessions no Task call named, saying why, but shows their permission asks', () => {
    const ask = bus('permission.asked', { id: 'per_1', sessionID: C, permission: 'bash', patterns: ['make'], metadata: {}, always: [] });
    const { events, diagnostics, accounting } = replay([
      assistantMessage(),
      sessionCreated(C, { parentID: S }),
      delta('prt_c', 'too early', 'msg_c', C),
      ask,
      delta('prt_o', 'concurrent prompt', 'msg_o', 'ses_other'),
    ]);
    expect(events).toEqual([START, { kind: 'notice', level: 'warning', message: 'Permission requested: bash (make)', code: 'permission' }, end('incomplete')]);
    expect(diagnostics).toEqual([]);
    expect(accounting).toEqual({ lines: 5, events: 2, ignored: 3, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });
});

describe('quirk 16: run prints the text OpenCode adds to the conversation itself', () => {
  // As 1.18.33 prints it after a 400 it takes for a context overflow
  // (fixtures/opencode/recorded/1.18.33/api-error-400.jsonl): the note of a user message it wrote.
  const note = 'The conversation was compacted.\n\nContinue if you have next steps.';
  const synthetic = run('text', { part: part({ id: 'prt_n1', messageID: U, type: 'text', metadata: { compaction_continue: true }, synthetic: true, text: note, time: { start: 1, end: 1 } }) });

  it('shows the note after a compaction as the compaction notice, once, and never as the model’s text', () => {
    const result = replay([synthetic, synthetic, stepStart(), runText('prt_x1', 'none'), stepFinish('stop')]);
    expect(result.events).toEqual([
      RUN_START,
      { kind: 'notice', level: 'info', message: 'Conversation compacted (auto)', code: 'compaction' },
      { kind: 'text', id: 'prt_x1', text: 'none' },
      usage,
      end('success', { turns: 1 }),
    ]);
  });

  it('shows another synthetic text part as a notice of its text', () => {
    const reminder = run('text', { part: part({ id: 'prt_n2', messageID: U, type: 'text', synthetic: true, text: 'Called the Read tool.', time: { start: 1, end: 1 } }) });
    const result = replay([reminder, stepStart(), runText('prt_x1', 'none'), stepFinish('stop')]);
    expect(result.events).toEqual([
      RUN_START,
      { kind: 'notice', level: 'info', message: 'Called the Read tool.', code: 'synthetic' },
      { kind: 'text', id: 'prt_x1', text: 'none' },
      usage,
      end('success', { turns: 1 }),
    ]);
  });
});
