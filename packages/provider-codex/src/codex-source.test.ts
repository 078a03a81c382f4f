import { readFileSync } from 'node:fs';
import { collectDisplayOutput, displayEventSchema, replayLines, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { listExamples, listFixtures, readFixtureLines } from '../../../tooling/fixtures.js';
import { codexSource, createCodexSource } from './codex-source.js';
import { detectCodex } from './detect.js';

const fixtures = listFixtures('codex');

// C0 and C1 controls except LF and TAB; ESC and CSI are among them.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// Glyphs a renderer draws; a source adds none to the fields it composes.
const GLYPH = /[\u2022\u2190-\u21ff\u2500-\u259f\u25a0-\u25ff\u2600-\u27bf\u23fa\u2713-\u2718\u276f]/;
// Fields that carry content from the wire (command output, agent text) rather than what the source composes.
const CONTENT_FIELDS = new Set(['text', 'output', 'input', 'result']);

function strings(value: unknown, key: string, out: Array<[string, string]>): void {
  if (typeof value === 'string') out.push([key, value]);
  else if (Array.isArray(value)) for (const item of value) strings(item, key, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      strings(k, k, out);
      strings(v, CONTENT_FIELDS.has(key) ? key : k, out);
    }
  }
}

describe('fixture replay', () => {
  it('has the scenarios every provider has', () => {
    const names = fixtures.map((f) => f.scenario);
    for (const scenario of [
      'plain-answer',
      'read-edit-run',
      'tool-failure',
      'plan-mode-deltas',
      'failed-run',
      'truncated',
      'unknown-and-malformed',
      'long-run',
      'parity-read-readme',
    ]) {
      expect(names).toContain(scenario);
    }
  });

  for (const fixture of fixtures) {
    describe(fixture.scenario, () => {
      const lines = readFixtureLines(fixture);
      const { events, accounting } = replayLines(codexSource, lines);

      it('matches the expected events and output', async () => {
        await expect(`${JSON.stringify(events, null, 2)}\n`).toMatchFileSnapshot(fixture.eventsPath);
        await expect(collectDisplayOutput(events)).toMatchFileSnapshot(fixture.outputPath);
      });

      it('accounts for every line', () => {
        expect(accounting.lines).toBe(lines.filter((l) => l.trim() !== '').length);
        expect(accounting.lines).toBe(accounting.events + accounting.ignored + accounting.malformed + accounting.unknown);
      });

      it('emits valid events only', () => {
        for (const event of events) expect(displayEventSchema.parse(event)).toEqual(event);
      });

      it('emits plain strings: no controls, no glyphs of its own', () => {
        const found: Array<[string, string]> = [];
        for (const event of events) strings(event, '', found);
        for (const [key, text] of found) {
          expect(CONTROL.test(text), `${key}: ${JSON.stringify(text)}`).toBe(false);
          if (!CONTENT_FIELDS.has(key)) expect(GLYPH.test(text), `${key}: ${JSON.stringify(text)}`).toBe(false);
        }
      });

      it('announces each tool call once and finishes it at most once', () => {
        const uses = events.filter((e) => e.kind === 'tool-use').map((e) => e.id);
        const results = events.filter((e) => e.kind === 'tool-result').map((e) => e.id);
        expect(new Set(uses).size).toBe(uses.length);
        expect(new Set(results).size).toBe(results.length);
        for (const id of results) expect(uses).toContain(id);
      });

      it('starts one session per thread and ends the stream with a session end', () => {
        const sessions = events.filter((e): e is Extract<DisplayEvent, { kind: 'session' }> => e.kind === 'session');
        expect(sessions[0]?.phase).toBe('start');
        expect(sessions.at(-1)?.phase).toBe('end');
        const startIds = sessions.filter((s) => s.phase === 'start').map((s) => s.sessionId);
        expect(new Set(startIds).size).toBe(startIds.length);
      });

      it('is recognised by detect from its first lines', () => {
        const first = lines.filter((l) => l.trim() !== '').slice(0, 20);
        expect(detectCodex(first).confidence).toBeGreaterThan(0.5);
      });
    });
  }
});

describe('detect', () => {
  for (const example of listExamples().filter((e) => e.provider !== 'codex')) {
    it(`rejects ${example.name}`, () => {
      const lines = readFileSync(example.path, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
      expect(detectCodex(lines.slice(0, 20)).confidence).toBeLessThan(0.5);
      expect(detectCodex(lines).confidence).toBeLessThan(0.5);
    });
  }

  it('recognises the Codex examples', () => {
    const codexExamples = listExamples('codex');
    expect(codexExamples.length).toBe(3);
    for (const example of codexExamples) {
      const lines = readFileSync(example.path, 'utf8').split('\n').filter((l) => l.trim() !== '');
      expect(detectCodex(lines.slice(0, 2)).confidence, example.name).toBeGreaterThan(0.5);
    }
  });

  it('says no, without throwing, to nothing and to garbage', () => {
    expect(detectCodex([]).confidence).toBe(0);
    expect(detectCodex(['', 'not json', '[]', 'null', '{"type":"error","message":"x"}']).confidence).toBe(0);
  });
});

describe('createCodexSource', () => {
  it('describes a streaming source of contract v1', () => {
    const source = createCodexSource();
    expect(source).toMatchObject({ specificationVersion: 'v1', id: 'codex', displayName: 'OpenAI Codex CLI', cadence: 'streaming' });
  });

  it('gives every parser its own state', () => {
    const line = '{"type":"thread.started","thread_id":"t-1"}';
    expect(replayLines(codexSource, [line]).events).toEqual(replayLines(codexSource, [line]).events);
  });
});

