import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { codexLogSource } from './log-source.js';

// Issue #30: plain-text outputs that say a call was stopped, and hosted tool items.
const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type, payload });
const meta = line('session_meta', { id: 'th1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w', originator: 'codex_cli_rs', cli_version: '0.171.0' });
const turn = line('turn_context', { cwd: '/w', model: 'gpt-5-codex' });

describe('Codex rollout response items', () => {
  it('shows a command the sandbox, a timeout or the user stopped as an error, in the words Codex writes (synthetic-denials)', () => {
    const fixture = listFixtures('codex-log').find((candidate) => candidate.scenario === 'synthetic-denials');
    if (fixture === undefined) throw new Error('no synthetic-denials fixture');
    const { events } = replayLines(codexLogSource, readFixtureLines(fixture));
    const results = events.flatMap((event) => (event.kind === 'tool-result' ? [[event.id, event.status]] : []));
    expect(results).toEqual([
      ['call_sbx1', 'error'], // failed in sandbox LinuxSeccomp with execution error: sandbox denied exec error, ...
      ['call_sbx2', 'error'], // exec command rejected by user
      ['call_sbx3', 'error'], // command timed out after 1000 milliseconds
      ['call_sbx4', 'error'], // execution error: Permission denied (os error 13)
      // Exit code 0 in the JSON shape: a command whose own output says "sandbox denied" succeeded.
      ['call_sbx5', 'success'],
    ]);
  });

  it('shows hosted tool items as calls with results: an image generation (codex-rs ResponseItem::ImageGenerationCall), a failed web search', () => {
    const { events, accounting } = replayLines(codexLogSource, [
      meta,
      turn,
      line('response_item', { type: 'image_generation_call', id: 'ig_1', status: 'completed', revised_prompt: 'a red fox in snow', result: 'iVBORw0KGgo=' }),
      line('response_item', { type: 'web_search_call', status: 'failed', action: { type: 'search', query: 'pnpm docs' } }),
    ]);
    expect(events.slice(1, -1).map(({ timestamp: _t, ...rest }) => rest)).toEqual([
      { kind: 'tool-use', id: 'ig_1', name: 'image_generation', toolName: 'image_generation', toolKind: 'other', arg: 'a red fox in snow', input: { revised_prompt: 'a red fox in snow' } },
      { kind: 'tool-result', id: 'ig_1', name: 'image_generation', toolKind: 'other', status: 'success', outputState: 'unavailable', details: {} },
      { kind: 'tool-use', id: 'web-search-1', name: 'WebSearch', toolName: 'web_search', toolKind: 'fetch', arg: 'pnpm docs', input: { type: 'search', query: 'pnpm docs' } },
      {
        kind: 'tool-result',
        id: 'web-search-1',
        name: 'WebSearch',
        toolKind: 'fetch',
        status: 'error',
        outputState: 'unavailable',
        details: { errorMessage: 'The call ended with status failed.' },
      },
    ]);
    expect(accounting.unknown).toBe(0);
  });
});
