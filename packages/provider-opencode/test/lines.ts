// Builders of OpenCode wire lines for the package's tests, written from
// docs/formats/opencode.md: run.ts lines `{ type, timestamp, sessionID, ...data }`
// and SDK-v2 bus events `{ id, type, properties }` as SSE `data:` lines.
import { replayLines } from '@x/core';
import { openCodeSource } from '../src/source.js';

export const S = 'ses_quirk0001';
export const U = 'msg_user0001';
export const A = 'msg_asst0001';
/** 2026-09-21T14:13:20.000Z */
export const T = 1790000000000;

/** Replays lines (objects are written as JSON) through the OpenCode source. */
export function replay(lines: readonly (string | object)[]) {
  return replayLines(
    openCodeSource,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))),
  );
}

export const tokens = { input: 10, output: 5, reasoning: 1, cache: { read: 2, write: 3 } };
/** The usage event of {@link tokens} at a cost of 0.01. */
export const usage = { kind: 'usage', cumulative: false, inputTokens: 15, outputTokens: 5, reasoningTokens: 1, cacheReadTokens: 2, cacheWriteTokens: 3, costUsd: 0.01 };

export const run = (type: string, data: object, timestamp = T) => ({ type, timestamp, sessionID: S, ...data });
export const part = (extra: object) => ({ sessionID: S, messageID: A, ...extra });
export const stepStart = (id = 'prt_s1', timestamp = T) => run('step_start', { part: part({ id, type: 'step-start' }) }, timestamp);
export const stepFinish = (reason: string | undefined, id = 'prt_f1', timestamp = T) =>
  run('step_finish', { part: part({ id, type: 'step-finish', ...(reason === undefined ? {} : { reason }), cost: 0.01, tokens }) }, timestamp);
export const runText = (id: string, text: string, timestamp = T) => run('text', { part: part({ id, type: 'text', text, time: { start: 1, end: 2 } }) }, timestamp);
export const toolUse = (state: object, extra: object = {}) =>
  run('tool_use', { part: part({ id: 'prt_t1', type: 'tool', callID: 'call_1', tool: 'bash', state, ...extra }) });
export const completedBash = { status: 'completed', input: { command: 'ls' }, output: 'a\n', title: 'ls', metadata: { exit: 0 }, time: { start: 1, end: 5 } };
export const done = (rejected: string[] = [], timestamp = T) => run('done', { reason: 'idle', rejected }, timestamp);

export const bus = (type: string, properties: object) => `data: ${JSON.stringify({ id: `evt_${type}`, type, properties })}`;
export const userMessage = (id = U, sessionID = S) =>
  bus('message.updated', { sessionID, info: { id, sessionID, role: 'user', time: { created: 1 }, agent: 'build', model: { providerID: 'p', modelID: 'm' } } });
export const assistantMessage = (extra: object = {}, sessionID = S, id = A) =>
  bus('message.updated', {
    sessionID,
    info: {
      id,
      sessionID,
      role: 'assistant',
      time: { created: 10 },
      parentID: U,
      modelID: 'claude-sonnet-4-5',
      providerID: 'anthropic',
      mode: 'build',
      agent: 'build',
      path: { cwd: '/w', root: '/w' },
      cost: 0,
      tokens,
      ...extra,
    },
  });
export const partUpdated = (p: object, sessionID = S, messageID = A) => bus('message.part.updated', { sessionID, part: { sessionID, messageID, ...p }, time: 1 });
export const delta = (partID: string, text: string, messageID = A, sessionID = S) => bus('message.part.delta', { sessionID, messageID, partID, field: 'text', delta: text });
export const status = (type: string, sessionID = S) => bus('session.status', { sessionID, status: { type } });
export const idle = (sessionID = S) => bus('session.idle', { sessionID });
export const sessionInfo = (id: string, extra: object = {}) => ({ id, slug: 's', projectID: 'prj', directory: '/w', title: 't', version: '1.18.5', time: { created: 1, updated: 1 }, ...extra });
export const sessionCreated = (id: string, extra: object = {}) => bus('session.created', { sessionID: id, info: sessionInfo(id, extra) });
