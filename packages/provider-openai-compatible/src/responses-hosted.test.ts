import { replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { openAICompatibleSource, translateResponse } from './index.js';

/** Hosted tool items and item ids that change mid-stream (issue #30); the fixtures follow openai@6.49.0 (see their README). */

function replayFixture(scenario: string) {
  const fixture = listFixtures('openai-compatible').find((candidate) => candidate.scenario === scenario);
  if (fixture === undefined) throw new Error(`no fixture ${scenario}`);
  return replayLines(openAICompatibleSource, readFixtureLines(fixture));
}

const withoutSessions = (events: DisplayEvent[]) => events.filter((event) => event.kind !== 'session' && event.kind !== 'usage');

describe('Responses API hosted tools', () => {
  it('shows each tool the server ran as a call and its result, under a canonical or MCP name', () => {
    const { events, accounting } = replayFixture('responses-hosted-tools');
    const calls = events.flatMap((event) => {
      if (event.kind === 'tool-use') return [['use', event.id, event.name, event.toolKind, event.arg]];
      if (event.kind === 'tool-result') return [['result', event.id, event.status, event.output ?? null]];
      return [];
    });
    expect(calls).toEqual([
      ['use', 'mcpl_SYNTHETIC0120', 'deepwiki.list_tools', 'other', 'deepwiki'],
      ['result', 'mcpl_SYNTHETIC0120', 'success', 'read_wiki_structure\nask_question'],
      // An MCP call with `arguments: "{}"`: previewed as having none.
      ['use', 'mcp_SYNTHETIC0120', 'deepwiki.list_servers', 'other', 'no arguments'],
      ['result', 'mcp_SYNTHETIC0120', 'success', 'deepwiki: read_wiki_structure, ask_question'],
      ['use', 'fs_SYNTHETIC0120', 'file_search', 'other', 'deploy checklist, rollback steps'],
      ['result', 'fs_SYNTHETIC0120', 'success', null],
      ['use', 'ci_SYNTHETIC0120', 'code_interpreter', 'other', 'print(sum(range(10)))'],
      ['result', 'ci_SYNTHETIC0120', 'success', '45\n'],
      // The image is base64, not text: no output is shown.
      ['use', 'ig_SYNTHETIC0120', 'image_generation', 'other', ''],
      ['result', 'ig_SYNTHETIC0120', 'success', null],
    ]);
    expect(events.filter((event) => event.kind === 'notice')).toEqual([]);
    expect([accounting.unknown, accounting.unexplained]).toEqual([0, 0]);
  });

  it('shows a web search of a Response body with its status, and a failed MCP call as an error', () => {
    const output = [
      { id: 'ws_1', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'pnpm catalogs' } },
      { id: 'mcp_1', type: 'mcp_call', server_label: 'gh', name: 'get_issue', arguments: '{"number":7}', output: null, error: 'Not Found', status: 'failed' },
    ];
    const events = translateResponse({ id: 'resp_1', object: 'response', status: 'completed', model: 'm', output, error: null, incomplete_details: null });
    expect(withoutSessions(events)).toEqual([
      { kind: 'tool-use', id: 'ws_1', name: 'WebSearch', toolName: 'web_search', toolKind: 'fetch', arg: 'pnpm catalogs', input: { type: 'search', query: 'pnpm catalogs' } },
      { kind: 'tool-result', id: 'ws_1', name: 'WebSearch', toolKind: 'fetch', status: 'success', outputState: 'unavailable', details: {} },
      { kind: 'tool-use', id: 'mcp_1', name: 'gh.get_issue', toolName: 'get_issue', toolKind: 'other', arg: '{"number":7}', input: { number: 7 } },
      { kind: 'tool-result', id: 'mcp_1', name: 'gh.get_issue', toolKind: 'other', status: 'error', outputState: 'unavailable', details: { errorMessage: 'Not Found' } },
    ]);
  });
});

describe('Responses API item ids that change between events', () => {
  it('shows each text once, correlating the events of one item by output_index', () => {
    const { events } = replayFixture('responses-item-id-changes');
    const key = 'resp_SYNTHETIC0000000000000000000000000000000000000121';
    expect(withoutSessions(events)).toEqual([
      { kind: 'reasoning', id: `${key}:rs_SYNTHETIC0121a:summary-0`, text: '**Counting lines**\n\n' },
      { kind: 'reasoning', id: `${key}:rs_SYNTHETIC0121a:summary-0`, text: 'The file has 42 lines.' },
      { kind: 'text', id: `${key}:msg_SYNTHETIC0121a:0`, text: 'README.md has ' },
      { kind: 'text', id: `${key}:msg_SYNTHETIC0121a:0`, text: '42 lines.' },
    ]);
  });

  it('keeps an id already shown under as it is, though the final output lists the item at another position', () => {
    const events = translateResponse([
      { type: 'response.created', sequence_number: 0, response: { id: 'r', object: 'response', status: 'in_progress', model: 'm', output: [] } },
      { type: 'response.reasoning_summary_text.delta', sequence_number: 1, item_id: 'rs_1', output_index: 0, summary_index: 0, delta: 'Plan.' },
      { type: 'response.output_text.delta', sequence_number: 2, item_id: 'msg_1', output_index: 1, content_index: 0, delta: 'Hi.', logprobs: [] },
      // The final output leaves the reasoning out: the message is its first item.
      {
        type: 'response.completed',
        sequence_number: 3,
        response: { id: 'r', object: 'response', status: 'completed', model: 'm', output: [{ id: 'msg_1', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Hi.', annotations: [] }] }] },
      },
    ]);
    expect(withoutSessions(events)).toEqual([
      { kind: 'reasoning', id: 'r:rs_1:summary-0', text: 'Plan.' },
      { kind: 'text', id: 'r:msg_1:0', text: 'Hi.' },
    ]);
  });
});
