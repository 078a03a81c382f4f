import type { LineContext } from '@x/core';
import { describe, expect, it } from 'vitest';
import { claudeLogSource } from './log-source.js';

/*
 * The session start waits for the first assistant line, which names the
 * model; the events before it are held. A log of prompts with no answer (a
 * session killed before its first reply, or a hostile file) must not be held
 * whole: docs/memory.md bounds the held events by count and by size.
 */

const envelope = { isSidechain: false, userType: 'external', cwd: '/w', sessionId: 's1', version: '2.0.14', gitBranch: 'main' };
const prompt = (k: number, text: string) =>
  JSON.stringify({ parentUuid: null, ...envelope, type: 'user', message: { role: 'user', content: text }, uuid: `u${k}`, timestamp: '2026-01-01T00:00:00.000Z' });

/** Feeds `lines` and returns, for each, how many events it let out. */
function eventsPerLine(lines: string[]): number[] {
  const parser = claudeLogSource.createParser();
  const context: LineContext = { lineNumber: 0, ignore() {}, malformed() {}, unknown() {}, hold() {}, release() {} };
  return lines.map((line) => parser.parse(line, context).length);
}

describe('claude-log: events held for the session start', () => {
  it('goes out without the model once 1,000 events are held, instead of holding the whole log', () => {
    const counts = eventsPerLine(Array.from({ length: 1_200 }, (_, k) => prompt(k, `prompt ${k}`)));
    const first = counts.findIndex((count) => count > 0);
    expect(first).toBe(1_000);
    // The start and every held prompt, then each later prompt as it comes.
    expect(counts[first]).toBe(1 + 1_001);
    expect(counts.slice(first + 1).every((count) => count === 1)).toBe(true);
  });

  it('goes out once the held events pass 4 Mi characters, whatever their count', () => {
    const big = 'x'.repeat(1024 * 1024 - 1024);
    const counts = eventsPerLine(Array.from({ length: 6 }, (_, k) => prompt(k, `${k}${big}`)));
    expect(counts.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(counts[4]).toBe(1 + 5);
    expect(counts[5]).toBe(1);
  });

  it('still waits for the model below the bounds', () => {
    const counts = eventsPerLine(Array.from({ length: 50 }, (_, k) => prompt(k, `prompt ${k}`)));
    expect(counts.every((count) => count === 0)).toBe(true);
  });
});
