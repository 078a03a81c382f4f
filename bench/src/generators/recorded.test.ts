import { replayLines, type DisplayEventSource } from '@x/core';
import { claudeSource } from '@x/provider-claude';
import { codexSource } from '@x/provider-codex';
import { copilotSource } from '@x/provider-copilot';
import { geminiSource } from '@x/provider-gemini';
import { describe, expect, it } from 'vitest';
import { createContent } from '../content.js';
import { createRandom } from '../random.js';
import { RECORDED_GENERATORS, RECORDED_SHAPES, readRecording } from './recorded.js';

const SOURCES: Record<string, DisplayEventSource> = { claude: claudeSource, codex: codexSource, copilot: copilotSource, gemini: geminiSource };
const ROUNDS = 400;

/** A generated stream of `ROUNDS` rounds (seed 30), its lines per round. */
function generate(id: string) {
  const generator = RECORDED_GENERATORS.find((g) => g.id === id);
  if (generator === undefined) throw new Error(id);
  const writer = generator.create(createContent(createRandom(30)));
  const start = writer.start();
  const rounds = Array.from({ length: ROUNDS }, (_, n) => writer.round(n));
  return { start, rounds, end: writer.end(), lines: [...start, ...rounds.flat(), ...writer.end()] };
}

const typeOf = (line: string) => {
  const value = JSON.parse(line) as { type?: unknown; event?: { type?: unknown } };
  return value.type === 'stream_event' ? `stream_event/${String(value.event?.type)}` : String(value.type);
};

/** Every string under an id key of a line, session ids left out (the one session is shared by design). */
function idsOf(line: string): string[] {
  const ids: string[] = [];
  JSON.parse(line, (key, value) => {
    if (typeof value === 'string' && /^(?:id|uuid)$|_id$|Id$/.test(key) && !['session_id', 'sessionId', 'thread_id', 'languageId'].includes(key))
      ids.push(value);
    return value;
  });
  return ids;
}

/** Whether a line holds something a round rewrites: an id, a timestamp, or a text with letters. */
function varies(line: string): boolean {
  let found = false;
  JSON.parse(line, (key, value) => {
    if (typeof value === 'string' && (key === 'timestamp' || idsOf(JSON.stringify({ [key]: value })).length > 0)) found = true;
    if (typeof value === 'string' && ['text', 'thinking', 'content', 'output', 'aggregated_output', 'deltaContent'].includes(key) && /[A-Za-z]/.test(value))
      found = true;
    return value;
  });
  return found;
}

describe.each(RECORDED_SHAPES.map((shape) => [shape.id, shape] as const))('%s', (id, shape) => {
  const recording = readRecording(shape);
  const stream = generate(id);

  it('reads as the recordings do: no line malformed or unknown to the provider', () => {
    const { diagnostics } = replayLines(SOURCES[shape.provider] as DisplayEventSource, stream.lines);
    expect(diagnostics).toEqual([]);
  });

  it("opens and closes the session once, with the first recording's lines", () => {
    expect(stream.start.map(typeOf)).toEqual(recording.start.map((line) => ('json' in line ? typeOf(JSON.stringify(line.json)) : '')));
    expect(stream.end.map(typeOf)).toEqual(recording.end.map((line) => ('json' in line ? typeOf(JSON.stringify(line.json)) : '')));
    expect(stream.start.length).toBeGreaterThan(0);
    const middle = stream.rounds.flat().map((line) => JSON.parse(line));
    expect(middle.filter((line) => shape.isStart(line) || shape.isEnd(line))).toEqual([]);
  });

  it('gives every round ids of its own', () => {
    const seen = new Map<string, number>();
    stream.rounds.forEach((lines, round) => {
      for (const value of new Set(lines.flatMap(idsOf))) {
        expect(seen.get(value) ?? round, `${value} in rounds ${seen.get(value)} and ${round}`).toBe(round);
        seen.set(value, round);
      }
    });
    expect(seen.size).toBeGreaterThan(ROUNDS / 2);
  });

  it("keeps the line types in the recordings' proportions (within 15% for every type of at least half a line per round)", () => {
    const expected = new Map<string, number>();
    for (const middle of recording.middles)
      for (const line of middle)
        if ('json' in line)
          expected.set(typeOf(JSON.stringify(line.json)), (expected.get(typeOf(JSON.stringify(line.json))) ?? 0) + 1 / recording.middles.length);
    const counted = new Map<string, number>();
    for (const line of stream.rounds.flat()) counted.set(typeOf(line), (counted.get(typeOf(line)) ?? 0) + 1 / ROUNDS);
    expect(new Set(counted.keys())).toEqual(new Set(expected.keys()));
    for (const [type, perRound] of expected) if (perRound >= 0.5) expect(Math.abs((counted.get(type) ?? 0) / perRound - 1), type).toBeLessThan(0.15);
  });

  it('varies the text: no line with an id, a timestamp or text repeats a recorded line, and line lengths stay those of the recordings', () => {
    const recordedLines = recording.middles.flat().map((line) => ('json' in line ? JSON.stringify(line.json) : line.raw));
    const recorded = new Set(recordedLines);
    const middle = stream.rounds.flat();
    expect(middle.filter((line) => recorded.has(line) && varies(line))).toEqual([]);
    const median = (lengths: number[]) => lengths.sort((a, b) => a - b)[lengths.length >> 1] as number;
    // Every recorded line counts, as often as it was recorded: the rounds repeat the recordings, and a short line
    // written in every turn (Codex's `turn.started`) weighs in them as often as it does there, not once.
    const recordedMedian = median(recordedLines.map((line) => line.length));
    expect(Math.abs(median(middle.map((line) => line.length)) / recordedMedian - 1)).toBeLessThan(0.15);
  });
});

describe('claude-recorded', () => {
  it("carries the partial-message deltas, each block's deltas adding up to its complete message", () => {
    const lines = generate('claude-recorded').lines.map((line) => JSON.parse(line));
    const deltas = new Map<string, string>();
    let checked = 0;
    for (const line of lines) {
      if (line.type === 'stream_event' && line.event.delta?.type === 'text_delta')
        deltas.set(line.api_message_id, (deltas.get(line.api_message_id) ?? '') + line.event.delta.text);
      if (line.type === 'assistant' && deltas.has(line.message.id) && line.message.content[0]?.type === 'text') {
        expect(line.message.content[0].text).toBe(deltas.get(line.message.id));
        deltas.delete(line.message.id);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
