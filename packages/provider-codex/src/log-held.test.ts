import type { LineContext } from '@x/core';
import { describe, expect, it } from 'vitest';
import { codexLogSource } from './log-source.js';

/*
 * A rollout holds events for the session start (until the first
 * `turn_context` names the model) and `agent_message` copies (until their
 * response item arrives). A file where neither ever comes must not be held
 * whole: docs/memory.md bounds both by count and by size.
 */

const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-01-01T00:00:00.000Z', type, payload });
const meta = line('session_meta', { id: 'th1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w', originator: 'codex_cli_rs', cli_version: '0.50.0' });
const turn = line('turn_context', { cwd: '/w', model: 'gpt-5-codex' });
const answer = (text: string) => line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
const copy = (text: string) => line('event_msg', { type: 'agent_message', message: text });

/** Feeds `lines` and returns, for each, how many events it let out. */
function eventsPerLine(lines: string[]): number[] {
  const parser = codexLogSource.createParser();
  const context: LineContext = { lineNumber: 0, ignore() {}, malformed() {}, unknown() {}, hold() {}, release() {} };
  return lines.map((text) => parser.parse(text, context).length);
}

describe('codex-log: what is held is bounded', () => {
  it('starts the session without the model once 1,000 events wait for a turn_context', () => {
    const counts = eventsPerLine([meta, ...Array.from({ length: 1_100 }, (_, k) => answer(`answer ${k}`))]);
    const first = counts.findIndex((count) => count > 0);
    expect(first).toBe(1_001);
    expect(counts[first]).toBe(1 + 1_001);
    expect(counts.slice(first + 1).every((count) => count === 1)).toBe(true);
  });

  it('starts it once the held events pass 4 Mi characters', () => {
    const big = 'x'.repeat(1024 * 1024 - 1024);
    const counts = eventsPerLine([meta, ...Array.from({ length: 6 }, (_, k) => answer(`${k}${big}`))]);
    expect(counts.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(counts[5]).toBe(1 + 5);
  });

  it('shows agent_message copies whose items never come once 64 are held', () => {
    const counts = eventsPerLine([meta, turn, ...Array.from({ length: 70 }, (_, k) => copy(`copy ${k}`))]);
    // The turn_context lets the start out; the 65th copy lets the 65 held copies out.
    expect(counts[1]).toBe(1);
    expect(counts.slice(2, 66).every((count) => count === 0)).toBe(true);
    expect(counts[66]).toBe(65);
    expect(counts.slice(67)).toEqual([0, 0, 0, 0, 0]);
  });

  it('shows them once their text passes 4 Mi characters', () => {
    const big = 'y'.repeat(1024 * 1024 - 1024);
    const counts = eventsPerLine([meta, turn, ...Array.from({ length: 6 }, (_, k) => copy(`${k}${big}`))]);
    expect(counts.slice(0, 6)).toEqual([0, 1, 0, 0, 0, 0]);
    expect(counts[6]).toBe(5);
    expect(counts[7]).toBe(0);
  });

  it('still pairs a copy with its item below the bounds', () => {
    const counts = eventsPerLine([meta, turn, copy('Hello!'), answer('Hello!')]);
    expect(counts).toEqual([0, 1, 0, 1]);
  });
});
