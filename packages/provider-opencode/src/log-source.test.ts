import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { collectDisplayOutput, displayEventSchema, replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { openCodeLogSource, openCodeSource, storageToExport } from './index.js';

const fixtures = listFixtures('opencode-log');
const sample = (lines: string[]) => lines.filter((line) => line.trim() !== '').slice(0, 20);
const eventsOf = (name: string) => replayLines(openCodeLogSource, readFixtureLines(fixtures.find((f) => f.scenario === name)!)).events;
const ofKind = <K extends DisplayEvent['kind']>(events: DisplayEvent[], kind: K) => events.filter((e): e is Extract<DisplayEvent, { kind: K }> => e.kind === kind);

describe('opencode-log fixtures', () => {
  describe.each(fixtures.map((fixture) => [fixture.scenario, fixture] as const))('%s', (_scenario, fixture) => {
    const { events, accounting } = replayLines(openCodeLogSource, readFixtureLines(fixture));

    it('matches the expected events and DisplayOutput', async () => {
      await expect(JSON.stringify(events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
      await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
    });

    it('accounts for every line, none malformed or unknown, and emits valid events', () => {
      expect(accounting.lines).toBe(accounting.events + accounting.ignored + accounting.malformed + accounting.unknown);
      expect({ malformed: accounting.malformed, unknown: accounting.unknown, events: accounting.events }).toEqual({ malformed: 0, unknown: 0, events: 1 });
      for (const event of events) expect(displayEventSchema.parse(event)).toEqual(event);
    });

    it('is claimed by the log source and not by the stdout source', () => {
      expect(openCodeLogSource.detect(sample(readFixtureLines(fixture))).confidence).toBe(1);
      expect(openCodeSource.detect(sample(readFixtureLines(fixture))).confidence).toBe(0);
    });
  });

  it.each(listFixtures('opencode'))('leaves the stdout fixture $scenario to the stdout source', (fixture) => {
    expect(openCodeLogSource.detect(sample(readFixtureLines(fixture))).confidence).toBe(0);
  });
});

describe('opencode-log quirks', () => {
  it('a synthetic text part of a user message is injected context, not part of the prompt', () => {
    expect(ofKind(eventsOf('synthetic-export-child-error'), 'prompt')).toEqual([
      { kind: 'prompt', form: 'prompt', text: 'Find where the config file is loaded and read it.', id: 'msg_f1e2d3c4a001AAAAAAAAAAAAAA', timestamp: '2026-06-01T10:01:40.100Z' },
    ]);
  });

  it('a tool error is a failed result; a running call stays unfinished; the message error ends the session as error', () => {
    const events = eventsOf('synthetic-export-child-error');
    expect(ofKind(events, 'tool-result').map((e) => [e.id, e.status, e.details.errorMessage])).toEqual([
      ['toolu_01Grep', 'success', undefined],
      ['toolu_01Read', 'error', 'Error: File not found: /home/user/my-project/config.json'],
    ]);
    expect(ofKind(events, 'tool-use').map((e) => e.id)).toEqual(['toolu_01Grep', 'toolu_01Read', 'toolu_01Bash']);
    expect(ofKind(events, 'error')).toEqual([{ kind: 'error', message: 'Overloaded', fatal: false, code: 'APIError', timestamp: '2026-06-01T10:01:49.000Z' }]);
    expect(events.at(-1)).toEqual({ kind: 'session', phase: 'end', status: 'error', sessionId: 'ses_2b3c4d5e6ffeChildAbCdEfGhIj', durationMs: 8900, turns: 1, timestamp: '2026-06-01T10:01:49.000Z' });
  });

  it('a child session is noted after its start', () => {
    expect(eventsOf('synthetic-export-child-error').slice(1, 2)).toEqual([
      { kind: 'notice', level: 'info', message: "Child session of ses_1a2b3c4d5ffe0AbCdEfGhIjKlM (a subagent's session)", code: 'child-session' },
    ]);
  });

  it('usage comes per finished step, cached tokens counted into input', () => {
    expect(ofKind(eventsOf('export-agentlogs-crud'), 'usage')[0]).toEqual({
      kind: 'usage',
      cumulative: false,
      model: 'openai/gpt-5.2-codex',
      inputTokens: 17857,
      outputTokens: 134,
      reasoningTokens: 64,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      costUsd: 0,
      timestamp: '2026-01-11T22:59:11.908Z',
    });
  });
});

describe('storageToExport', () => {
  const root = join(FIXTURES_DIR, 'opencode-log', 'synthetic-storage', 'storage');
  const readAll = (dir: string): unknown[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? readAll(join(dir, entry.name)) : [JSON.parse(readFileSync(join(dir, entry.name), 'utf8')) as unknown],
    );
  const [session] = readAll(join(root, 'session'));
  // Reversed, as a directory listing may give them: the function restores creation order.
  const doc = storageToExport(session, readAll(join(root, 'message')).reverse(), [...readAll(join(root, 'part')).reverse(), { id: 'prt_x', messageID: 'msg_other', type: 'text', text: 'not ours' }]);

  it('assembles the export shape, messages and parts in id order, other messages left out', () => {
    expect(doc.info).toBe(session);
    expect(doc.messages.map((m) => [m.info.id, m.parts.map((p) => p.type)])).toEqual([
      ['msg_e5d4c3b2a001AAAAAAAAAAAAAA', ['text']],
      ['msg_e5d4c3b2b002BBBBBBBBBBBBBB', ['step-start', 'tool', 'tool', 'text', 'step-finish']],
    ]);
  });

  it('feeds the log source', () => {
    const { events } = replayLines(openCodeLogSource, [JSON.stringify(doc)]);
    expect(events.map((e) => (e.kind === 'tool-result' ? `tool-result:${e.status}` : e.kind === 'session' ? `session:${e.phase}` : e.kind))).toEqual([
      'session:start',
      'prompt',
      'tool-use',
      'tool-result:success',
      'tool-use',
      'tool-result:error',
      'text',
      'usage',
      'session:end',
    ]);
    expect(events[0]).toEqual({ kind: 'session', phase: 'start', sessionId: 'ses_1a2b3c4d5ffe0AbCdEfGhIjKlM', model: 'anthropic/claude-sonnet-4-5', cwd: '/home/user/my-project', title: 'Count lines in README', agentVersion: '1.1.30', timestamp: '2026-06-01T10:00:00.000Z' });
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success', turns: 1, durationMs: 5000 });
  });
});
