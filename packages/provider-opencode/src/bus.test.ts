// The server event bus beyond the numbered quirks, and what the parser says
// about lines it does not show; expected events written from
// docs/formats/opencode.md section 2.
import type { Diagnostic, LineContext } from '@x/core';
import { describe, expect, it } from 'vitest';
import {
  A,
  S,
  assistantMessage,
  bus,
  partUpdated,
  replay,
  run,
  sessionInfo,
  sessionCreated,
  status,
  stepStart,
  tokens,
  usage,
  userMessage,
} from '../test/lines.js';
import { openCodeLogSource } from './log-source.js';
import { openCodeSource } from './source.js';

const START = { kind: 'session', phase: 'start', sessionId: S };
const end = (status: string, extra: object = {}) => ({ kind: 'session', phase: 'end', status, sessionId: S, ...extra });
const SONNET = 'anthropic/claude-sonnet-4-5';
const reasons = (diagnostics: Diagnostic[]) => diagnostics.map(({ line, outcome, reason }) => ({ line, outcome, reason }));

describe('server event bus', () => {
  it('starts the session from session.created with cwd and OpenCode version, once', () => {
    const { events } = replay([sessionCreated(S), bus('session.updated', { sessionID: S, info: sessionInfo(S) })]);
    expect(events).toEqual([{ ...START, cwd: '/w', agentVersion: '1.18.5' }, end('incomplete')]);
  });

  it('counts a step-finish part once however often it is updated', () => {
    const finish = partUpdated({ id: 'prt_f', type: 'step-finish', reason: 'stop', cost: 0.5, tokens });
    expect(replay([assistantMessage(), finish, finish]).events).toEqual([START, { ...usage, model: SONNET, costUsd: 0.5 }, end('success', { turns: 1 })]);
  });

  it('reports an error once when session.error and the assistant message both carry it', () => {
    const error = { name: 'ProviderAuthError', data: { providerID: 'anthropic', message: 'Invalid API key' } };
    const { events } = replay([userMessage(), assistantMessage(), bus('session.error', { sessionID: S, error }), assistantMessage({ error, time: { created: 10, completed: 20 } }), status('idle')]);
    expect(events).toEqual([START, { kind: 'error', message: 'Invalid API key', fatal: true, code: 'ProviderAuthError' }, end('error', { durationMs: 10 })]);
  });

  it('names an error by its type when it has no message, and one without details as such', () => {
    const { events } = replay([bus('session.error', { sessionID: S, error: { name: 'MessageOutputLengthError', data: {} } }), bus('session.error', { sessionID: S })]);
    expect(events).toEqual([
      START,
      { kind: 'error', message: 'MessageOutputLengthError', fatal: true, code: 'MessageOutputLengthError' },
      { kind: 'error', message: 'Session error without details', fatal: true },
      end('error'),
    ]);
  });

  it('opens the session again for a new prompt after it ended, with what it knows of it', () => {
    const { events } = replay([userMessage(), assistantMessage(), status('idle'), userMessage('msg_user0002'), status('busy'), status('idle'), assistantMessage(), status('idle')]);
    expect(events).toEqual([START, end('success'), { ...START, model: SONNET, cwd: '/w' }, end('success')]);
  });

  it('turns retries, compaction, questions and slash commands into notices', () => {
    const { events } = replay([
      bus('session.status', { sessionID: S, status: { type: 'retry', attempt: 2, message: 'Rate limited', next: 5 } }),
      bus('session.compacted', { sessionID: S }),
      bus('question.asked', { id: 'que_1', sessionID: S, questions: [{ question: 'Which colour?', header: 'Colour', options: [] }] }),
      bus('command.executed', { name: 'init', sessionID: S, arguments: '', messageID: A }),
    ]);
    expect(events).toEqual([
      START,
      { kind: 'notice', level: 'warning', message: 'Retrying (attempt 2): Rate limited', code: 'retry' },
      { kind: 'notice', level: 'info', message: 'Conversation compacted', code: 'compaction' },
      { kind: 'notice', level: 'info', message: 'Question: Which colour?', code: 'question' },
      { kind: 'notice', level: 'info', message: 'Command /init', code: 'command' },
      end('incomplete'),
    ]);
  });

  it('unwraps /global/event envelopes', () => {
    const line = `data: ${JSON.stringify({ directory: '/w', payload: { id: 'e1', type: 'message.part.delta', properties: { sessionID: S, messageID: A, partID: 'prt_x', field: 'text', delta: 'hi' } } })}`;
    expect(replay([line]).events).toEqual([START, { kind: 'text', id: 'prt_x', text: 'hi' }, end('incomplete')]);
  });

  it('gives a reason for every SSE framing line and every event type it leaves out', () => {
    const parser = openCodeSource.createParser();
    const said: string[] = [];
    const context: LineContext = { lineNumber: 1, ignore: (r) => said.push(r), malformed: (r) => said.push(`malformed: ${r}`), unknown: (r) => said.push(`unknown: ${r}`) };
    for (const line of [': keep-alive', 'event: message', 'id: 42', 'retry: 3000', '   ', bus('server.heartbeat', {}), bus('lsp.updated', {}), bus('todo.updated', { todos: [] })]) {
      expect(parser.parse(line, context)).toEqual([]);
    }
    expect(said).toEqual([
      'SSE comment (keep-alive)',
      'SSE event field',
      'SSE id field',
      'SSE retry field',
      'blank SSE separator',
      'server heartbeat (keep-alive)',
      'language server event',
      'todo list update (shown by the todowrite call)',
    ]);
  });
});

describe('unknown and malformed lines', () => {
  it('reports event, line, part, state, status and role types it does not know as unknown, naming the type', () => {
    const { events, diagnostics } = replay([
      stepStart(),
      bus('sandbox.created', { sessionID: S }),
      JSON.stringify({ type: 'step_progress', timestamp: 1, sessionID: S }),
      run('tool_use', { part: { id: 'prt_h', sessionID: S, messageID: A, type: 'hologram' } }),
      partUpdated({ id: 'prt_t', type: 'tool', callID: 'call_9', tool: 'bash', state: { status: 'paused', input: {} } }),
      status('sleeping'),
      bus('message.updated', { sessionID: S, info: { id: 'msg_s', sessionID: S, role: 'system', time: { created: 1 } } }),
    ]);
    expect(events).toEqual([{ ...START, timestamp: '2026-09-21T14:13:20.000Z' }, end('incomplete')]);
    expect(reasons(diagnostics)).toEqual([
      { line: 2, outcome: 'unknown', reason: 'unknown OpenCode event type "sandbox.created"' },
      { line: 3, outcome: 'unknown', reason: 'unknown run --format json type "step_progress"' },
      { line: 4, outcome: 'unknown', reason: 'unknown OpenCode part type "hologram"' },
      { line: 5, outcome: 'unknown', reason: 'unknown OpenCode tool state "paused"' },
      { line: 6, outcome: 'unknown', reason: 'unknown OpenCode session status "sleeping"' },
      { line: 7, outcome: 'unknown', reason: 'unknown OpenCode message role "system"' },
    ]);
  });

  it('shows nothing of the known part types it does not display, and says which', () => {
    const parser = openCodeSource.createParser();
    const said: string[] = [];
    const context: LineContext = { lineNumber: 1, ignore: (r) => said.push(r), malformed: (r) => said.push(r), unknown: (r) => said.push(r) };
    parser.parse(assistantMessage(), context);
    said.length = 0;
    for (const type of ['file', 'subtask', 'snapshot', 'patch', 'agent', 'retry', 'compaction']) parser.parse(partUpdated({ id: `prt_${type}`, type }), context);
    expect(said).toEqual([
      'file part (an attachment of a message)',
      'subtask part (the subagent shows through its task call)',
      'snapshot part (a file-tree snapshot id)',
      'patch part (edits show as tool results)',
      'agent part (an @-mention of an agent)',
      'retry part (shown from session.status retry)',
      'compaction part (shown from session.compacted)',
    ]);
  });

  it('reports a line its schema rejects as malformed, saying where', () => {
    const { diagnostics } = replay([
      stepStart(),
      JSON.stringify({ type: 'text', timestamp: 1, sessionID: S, note: 'no part' }),
      partUpdated({ id: 'prt_t', type: 'tool', callID: 'call_1', state: { status: 'running', input: {} } }),
      bus('message.part.delta', { sessionID: S, messageID: A, field: 'text', delta: 'x' }),
      '[1,2,3]',
      'data: not json',
      '{"directory":"/w","payload":{}}',
    ]);
    expect(reasons(diagnostics)).toEqual([
      { line: 2, outcome: 'malformed', reason: 'text line: part: expected a part object' },
      { line: 3, outcome: 'malformed', reason: 'tool part: tool: Invalid input: expected string, received undefined' },
      { line: 4, outcome: 'malformed', reason: 'message.part.delta: properties.partID: Invalid input: expected string, received undefined' },
      { line: 5, outcome: 'malformed', reason: 'JSON that is not an object' },
      { line: 6, outcome: 'malformed', reason: 'not JSON' },
      { line: 7, outcome: 'malformed', reason: '/global/event wrapper: payload.type: Invalid input: expected string, received undefined' },
    ]);
  });
});

describe('drift alarm', () => {
  it('names the newest OpenCode version recorded from the real CLI, for each source', () => {
    expect(openCodeSource.testedUpTo).toBe('1.18.33');
    expect(openCodeLogSource.testedUpTo).toBe('1.18.33');
  });
});
