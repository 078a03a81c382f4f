import { collectDisplayOutput, displayEventSchema, replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { copilotLogSource, copilotSource } from './index.js';

const fixtures = listFixtures('copilot-log');
const sample = (lines: string[]) => lines.filter((line) => line.trim() !== '').slice(0, 20);
const eventsOf = (name: string) => replayLines(copilotLogSource, readFixtureLines(fixtures.find((f) => f.scenario === name)!)).events;
const ofKind = <K extends DisplayEvent['kind']>(events: DisplayEvent[], kind: K) => events.filter((e): e is Extract<DisplayEvent, { kind: K }> => e.kind === kind);

describe('copilot-log fixtures', () => {
  describe.each(fixtures.map((fixture) => [fixture.scenario, fixture] as const))('%s', (_scenario, fixture) => {
    const { events, accounting } = replayLines(copilotLogSource, readFixtureLines(fixture));

    it('matches the expected events and DisplayOutput', async () => {
      await expect(JSON.stringify(events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
      await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
    });

    it('accounts for every line, none malformed or unknown, and emits valid events with a prompt', () => {
      expect(accounting.lines).toBe(accounting.events + accounting.ignored + accounting.malformed + accounting.unknown);
      expect({ malformed: accounting.malformed, unknown: accounting.unknown }).toEqual({ malformed: 0, unknown: 0 });
      for (const event of events) expect(displayEventSchema.parse(event)).toEqual(event);
      expect(ofKind(events, 'prompt')).toHaveLength(1);
      expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end' });
    });

    it('is claimed by the log source and not by the stdout source', () => {
      expect(copilotLogSource.detect(sample(readFixtureLines(fixture))).confidence).toBe(1);
      expect(copilotSource.detect(sample(readFixtureLines(fixture))).confidence).toBeLessThan(0.5);
    });
  });

  it.each(listFixtures('copilot'))('leaves the stdout fixture $scenario to the stdout source', (fixture) => {
    expect(copilotLogSource.detect(sample(readFixtureLines(fixture))).confidence).toBeLessThan(0.5);
    expect(copilotSource.detect(sample(readFixtureLines(fixture))).confidence).toBeGreaterThan(0.5);
  });
});

describe('copilot-log quirks', () => {
  it('session.shutdown gives usage per model, a premium-request and code-change notice, and the session end', () => {
    const events = eventsOf('synthetic-subagent-compaction');
    expect(events.slice(-4)).toEqual([
      { kind: 'usage', cumulative: false, model: 'claude-sonnet-4.6', inputTokens: 21000, outputTokens: 50, cacheReadTokens: 9000, cacheWriteTokens: 0, timestamp: '2026-06-02T09:00:20.000Z' },
      { kind: 'usage', cumulative: false, model: 'gpt-5', inputTokens: 4000, outputTokens: 11, cacheReadTokens: 0, cacheWriteTokens: 0, timestamp: '2026-06-02T09:00:20.000Z' },
      { kind: 'notice', level: 'info', code: 'shutdown', message: 'Session ended: 2 premium request(s), code changes +3 -1 in 1 file(s)', timestamp: '2026-06-02T09:00:20.000Z' },
      { kind: 'session', phase: 'end', status: 'success', sessionId: '0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e21', model: 'gpt-5', durationMs: 20000, turns: 2, timestamp: '2026-06-02T09:00:20.000Z' },
    ]);
    // The per-message output tokens are not added on top: shutdown has the totals.
    expect(ofKind(events, 'usage')).toHaveLength(2);
  });

  it('a session.error before shutdown ends the session as error', () => {
    expect(eventsOf('synthetic-events').at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'error', durationMs: 10000 });
  });

  it("a subagent's text and tools nest under the task call that started it", () => {
    const events = eventsOf('synthetic-subagent-compaction');
    const nested = events.filter((e) => 'parentToolUseId' in e).map((e) => [e.kind, e.parentToolUseId]);
    expect(nested).toEqual([
      ['tool-use', 'toolu_task'],
      ['tool-result', 'toolu_task'],
      ['text', 'toolu_task'],
    ]);
    expect(ofKind(events, 'tool-result').map((e) => [e.id, e.status])).toEqual([
      ['toolu_grep', 'success'],
      ['toolu_task', 'success'],
    ]);
  });

  it('prompt from user.message, compaction as a marker, the git branch on the start, hooks ignored with a reason', () => {
    const { events, diagnostics } = replayLines(copilotLogSource, readFixtureLines(fixtures.find((f) => f.scenario === 'synthetic-subagent-compaction')!));
    expect(events[0]).toMatchObject({ kind: 'session', phase: 'start', gitBranch: 'feature/slug', agentVersion: '1.0.60', timestamp: '2026-06-02T09:00:00.000Z' });
    expect(ofKind(events, 'prompt')).toEqual([{ kind: 'prompt', form: 'prompt', text: 'Find the callers of slugify', id: 'e1000000-0000-4000-8000-000000000003', timestamp: '2026-06-02T09:00:02.000Z' }]);
    expect(ofKind(events, 'notice')[0]).toEqual({ kind: 'notice', level: 'info', code: 'compaction', message: 'Conversation compacted', timestamp: '2026-06-02T09:00:11.000Z' });
    expect(diagnostics).toEqual([]);
    const ignored: string[] = [];
    const parser = copilotLogSource.createParser();
    readFixtureLines(fixtures.find((f) => f.scenario === 'synthetic-subagent-compaction')!)
      .slice(3, 5)
      .forEach((line, i) => parser.parse(line, { lineNumber: i + 4, ignore: (reason) => ignored.push(reason), malformed: () => {}, unknown: () => {} }));
    expect(ignored).toEqual(['hook run (hooks are not shown)', 'hook run (hooks are not shown)']);
  });

  it('a log without shutdown (a crashed session) ends incomplete', () => {
    const lines = readFixtureLines(fixtures.find((f) => f.scenario === 'synthetic-events')!).filter((line) => !line.includes('session.shutdown'));
    expect(replayLines(copilotLogSource, lines).events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
  });
});
