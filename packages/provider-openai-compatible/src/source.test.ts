import { collectDisplayOutput, displayEventSchema, replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { createOpenAICompatibleSource, openAICompatibleSource, VERSION } from './index.js';

const fixtures = listFixtures('openai-compatible');

/** C0 and C1 controls other than \n and \t, and glyphs renderers draw. */
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|[●⏺✓✔✗✘→⎿…▶◆•]/u;

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

describe('openAICompatibleSource', () => {
  it('has the metadata of a post-response source', () => {
    expect(openAICompatibleSource).toMatchObject({
      specificationVersion: 'v1',
      id: 'openai-compatible',
      displayName: 'OpenAI-compatible (Chat Completions and Responses)',
      cadence: 'post-response',
    });
    expect(Object.isFrozen(createOpenAICompatibleSource())).toBe(true);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('has fixtures for every required scenario', () => {
    const names = fixtures.map((fixture) => fixture.scenario);
    for (const scenario of [
      'plain-answer',
      'read-edit-run',
      'tool-call-invalid-arguments',
      'streamed-text-and-tool-calls',
      'error-body',
      'stream-error-frame',
      'truncated-stream',
      'unknown-and-malformed',
      'long-run',
      'parity-read-readme',
    ]) {
      expect(names).toContain(scenario);
    }
  });

  describe.each(fixtures)('fixture $scenario', (fixture) => {
    const lines = readFixtureLines(fixture);
    const { events, accounting } = replayLines(openAICompatibleSource, lines);

    it('matches the expected events and DisplayOutput', async () => {
      await expect(`${JSON.stringify(events, null, 2)}\n`).toMatchFileSnapshot(fixture.eventsPath);
      await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
    });

    it('explains every line it shows nothing for', () => {
      expect(accounting.unexplained).toBe(0);
    });

    it('emits valid events with plain strings only', () => {
      for (const event of events) {
        expect(displayEventSchema.parse(event)).toEqual(event);
        for (const text of strings(event)) expect(text).not.toMatch(FORBIDDEN);
      }
    });

    it('announces each tool call once and ends every session it starts', () => {
      const ids = events.filter((event) => event.kind === 'tool-use').map((event) => event.id);
      expect(new Set(ids).size).toBe(ids.length);
      const sessions = events.filter((event): event is Extract<DisplayEvent, { kind: 'session' }> => event.kind === 'session');
      expect(sessions.at(-1)?.phase).toBe('end');
      expect(sessions.filter((event) => event.phase === 'start').length).toBeLessThanOrEqual(sessions.filter((event) => event.phase === 'end').length);
    });
  });

  it('gives the same events when the stream ends in CRLF', () => {
    for (const fixture of fixtures) {
      const lines = readFixtureLines(fixture);
      expect(
        replayLines(
          openAICompatibleSource,
          lines.map((line) => `${line}\r`),
        ).events,
      ).toEqual(replayLines(openAICompatibleSource, lines).events);
    }
  });

  it('long-run has at least 200 events', () => {
    const fixture = fixtures.find((f) => f.scenario === 'long-run');
    expect(fixture).toBeDefined();
    if (fixture) expect(replayLines(openAICompatibleSource, readFixtureLines(fixture)).events.length).toBeGreaterThanOrEqual(200);
  });
});
