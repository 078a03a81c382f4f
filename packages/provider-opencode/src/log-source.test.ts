import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { collectDisplayOutput, displayEventSchema, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { openCodeLogSource, openCodeSource, storageToExport } from './index.js';

const fixtures = listFixtures('opencode-log');
const sample = (lines: string[]) => lines.filter((line) => line.trim() !== '').slice(0, 20);

describe('opencode-log fixtures', () => {
  describe.each(fixtures.map((fixture) => [fixture.scenario, fixture] as const))('%s', (_scenario, fixture) => {
    const { events, accounting } = replayLines(openCodeLogSource, readFixtureLines(fixture));

    it('matches the expected events and DisplayOutput', async () => {
      await expect(JSON.stringify(events, null, 2) + '\n').toMatchFileSnapshot(fixture.eventsPath);
      await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
    });

    it('reads each document whole: its closing line gives the events, the others are ignored', () => {
      const lines = readFixtureLines(fixture).filter((line) => line.trim() !== '').length;
      expect(accounting).toEqual({ lines, events: 1, ignored: lines - 1, malformed: 0, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
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
