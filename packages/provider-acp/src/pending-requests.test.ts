import { replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { acpSource } from './index.js';

/*
 * Up to 256 requests wait for their responses, each from a line of up to
 * 16 MiB: what each keeps is bounded by bytes (docs/memory.md). 100 MB of
 * requests with 1 MB method names, never answered, peaked at 222 MiB, and
 * 400 MB at 407 MiB, before.
 */

const rpc = (message: object) => JSON.stringify({ jsonrpc: '2.0', ...message });
const session = [
  rpc({ id: 0, method: 'initialize', params: { protocolVersion: 1 } }),
  rpc({ id: 0, result: { protocolVersion: 1, agentCapabilities: {} } }),
  rpc({ id: 1, method: 'session/new', params: { cwd: '/w', mcpServers: [] } }),
  rpc({ id: 1, result: { sessionId: 's1' } }),
];
const messages = (events: DisplayEvent[]) => events.flatMap((e) => (e.kind === 'notice' || e.kind === 'error' ? [e.message] : []));
const huge = (tag: string) => `${tag}${'m'.repeat(100_000)}`;

describe('acp: what a waiting request keeps', () => {
  it('names a method past 256 characters by its length when its request fails', () => {
    const method = huge('x/');
    const { events } = replayLines(acpSource, [...session, rpc({ id: 7, method, params: {} }), rpc({ id: 7, error: { code: -32000, message: 'boom' } })]);
    expect(messages(events)).toContain(`a method of ${method.length} characters failed: boom`);
  });

  it('answers a request under a 100 KB id, kept by its compact key', () => {
    const id = huge('req-');
    const { events } = replayLines(acpSource, [...session, rpc({ id, method: 'x/ping', params: {} }), rpc({ id, error: { code: -32000, message: 'boom' } })]);
    expect(messages(events)).toContain('x/ping failed: boom');
  });

  it("keeps a permission's small options and title, not a huge title nor an option's other fields", () => {
    const ask = (title: string) =>
      rpc({
        id: 9,
        method: 'session/request_permission',
        params: {
          sessionId: 's1',
          toolCall: { toolCallId: 'call_1', title, kind: 'edit' },
          options: [
            { optionId: 'big', name: huge('Allow'), kind: 'allow_once' },
            { optionId: 'allow', name: 'Allow once', kind: 'allow_once', _meta: huge('meta') },
          ],
        },
      });
    const answer = (optionId: string) => rpc({ id: 9, result: { outcome: { outcome: 'selected', optionId } } });
    const told = (title: string, optionId: string) => messages(replayLines(acpSource, [...session, ask(title), answer(optionId)]).events).at(-1);
    expect(told('Edit hello.ts', 'allow')).toBe('Permission allowed (Allow once): Edit hello.ts');
    expect(told(huge('Edit '), 'allow')).toBe('Permission allowed (Allow once): a tool call');
    expect(told('Edit hello.ts', 'big')).toBe('Permission chose "big": Edit hello.ts');
  });
});
