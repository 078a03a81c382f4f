// One small task, "read README.md, then say how many lines it has", in every
// provider's format, must look the same: the same sequence of event kinds
// (usage dropped, consecutive text merged) and the same canonical tool names.
import { readFileSync } from 'node:fs';
import type { DisplayEvent } from '@x/core';
import { replayLines } from '@x/core';
import { expect, it } from 'vitest';
import { listFixtures } from '../../tooling/fixtures.js';
import { SOURCES } from './sources.js';

function shape(events: readonly DisplayEvent[]): string[] {
  const kinds: string[] = [];
  for (const event of events) {
    if (event.kind === 'usage' || event.kind === 'prompt') continue;
    const label = event.kind === 'tool-use' ? `tool-use:${event.name}` : event.kind === 'session' ? `session:${event.phase}` : event.kind;
    if (label === 'text' && kinds.at(-1) === 'text') continue;
    kinds.push(label);
  }
  return kinds;
}

/** The parity task is a run's output: session logs (`<agent>-log`) record other sessions. */
const STREAM_SOURCES = Object.entries(SOURCES).filter(([provider]) => !provider.endsWith('-log'));

const EXPECTED = ['session:start', 'text', 'tool-use:Read', 'tool-result', 'text', 'session:end'];

/**
 * A chat completion is one assistant turn: the task takes two responses, and
 * the tool's output lives in the client's next request, never in a response.
 * So this provider shows the same call and texts, with no tool-result, and a
 * session per response (fixtures/openai-compatible/README.md).
 */
const EXPECTED_BY_PROVIDER: Record<string, string[]> = {
  'openai-compatible': ['session:start', 'text', 'tool-use:Read', 'session:end', 'session:start', 'text', 'session:end'],
};

it('every provider shows the parity task the same way', () => {
  const shapes: Record<string, string[]> = {};
  const previews: Record<string, string[]> = {};
  for (const [provider, source] of STREAM_SOURCES) {
    const fixture = listFixtures(provider).find((f) => f.scenario === 'parity-read-readme');
    expect(fixture, `${provider} has a parity-read-readme fixture`).toBeDefined();
    // biome-ignore lint/style/noNonNullAssertion: the fixture is found above; a missing one fails the test here
    const { events } = replayLines(source, readFileSync(fixture!.streamPath, 'utf8').split(/\r?\n/));
    shapes[provider] = shape(events);
    previews[provider] = events.flatMap((e) => (e.kind === 'tool-use' ? [e.arg.replace(/^.*\//, '')] : []));
  }
  expect(shapes).toEqual(Object.fromEntries(STREAM_SOURCES.map(([p]) => [p, EXPECTED_BY_PROVIDER[p] ?? EXPECTED])));
  expect(previews).toEqual(Object.fromEntries(STREAM_SOURCES.map(([p]) => [p, ['README.md']])));
});
