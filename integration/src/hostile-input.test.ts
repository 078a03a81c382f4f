// Hostile input for every source, beyond what the conformance suite mutates:
// deep nesting, huge strings, invalid UTF-8 and NUL bytes inside real-shaped
// lines. Nothing throws, events keep the contract, ids stay unique, and
// Object.prototype is untouched.
import { readFileSync } from 'node:fs';
import type { DisplayEvent, DisplayEventSource } from '@x/core';
import { streamEvents } from '@x/core';
import { findEventProblems } from '@x/testkit';
import { describe, expect, it } from 'vitest';
import { listFixtures } from '../../tooling/fixtures.js';
import { SOURCES } from './sources.js';

async function eventsOf(source: DisplayEventSource, chunks: Iterable<Uint8Array | string>, maxLineBytes?: number) {
  const events: DisplayEvent[] = [];
  const stream = streamEvents(chunks, { source, ...(maxLineBytes === undefined ? {} : { maxLineBytes }) });
  for await (const event of stream) events.push(event);
  return { events, accounting: stream.accounting };
}

const isJsonLine = (line: string) => line.startsWith('{') && (() => { try { JSON.parse(line); return true; } catch { return false; } })();

/**
 * The fixture lines of a provider that parse as JSON objects: the shapes to
 * abuse. A provider whose fixtures are all pretty-printed documents (an
 * `opencode export`) gives each document on one line.
 */
function realLines(provider: string): string[] {
  const texts = listFixtures(provider).map((f) => readFileSync(f.streamPath, 'utf8'));
  const lines = texts.flatMap((text) => text.split(/\r?\n/)).filter(isJsonLine);
  if (lines.length > 0) return lines;
  return texts.map((text) => JSON.stringify(JSON.parse(text)));
}

/** Replaces every string in a line's JSON with `replace(string)`. */
function mapStrings(line: string, replace: (s: string, key: string) => string): string {
  return JSON.stringify(JSON.parse(line), (key, value: unknown) => (typeof value === 'string' && key !== 'type' ? replace(value, key) : value));
}

const protoKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

describe.each(Object.entries(SOURCES))('hostile input: %s', (provider, source) => {
  const lines = realLines(provider);

  it('survives 10 000-deep nesting in every field of every line shape', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const before = protoKeys();
    const hostile = lines.slice(0, 30).map((line) => mapStrings(line, () => 'x').replace(/"x"/g, deep));
    const { events } = await eventsOf(source, [hostile.join('\n')]);
    expect(findEventProblems(events)).toEqual([]);
    expect(protoKeys()).toEqual(before);
  });

  it('survives a 50 MB string in a real line', async () => {
    const big = 'A'.repeat(50 * 1024 * 1024);
    // One string made big, the first of these fields: an OpenCode export's document holds several, and all of them
    // big (470 MB) made a line over the limit, reported unread, instead of a 50 MB string the source reads.
    const fields = ['text', 'content', 'output', 'aggregated_output', 'result', 'deltaContent'];
    // The first line where one of them holds a string (a `"content":null` or a `"result"` object is not one).
    const line = lines.find((l) => {
      const found = { string: false };
      mapStrings(l, (s, key) => {
        if (fields.includes(key)) found.string = true;
        return s;
      });
      return found.string;
    });
    if (line === undefined) throw new Error(`no fixture line of ${provider} holds a string in ${fields.join(', ')}`);
    const made = { big: false };
    const hostile = mapStrings(line, (s, key) => {
      if (made.big || !fields.includes(key)) return s;
      made.big = true;
      return big;
    });
    expect(made.big).toBe(true);
    const { events, accounting } = await eventsOf(source, [`${hostile}\n`], 64 * 1024 * 1024);
    expect(accounting.lines).toBe(1);
    expect(findEventProblems(events)).toEqual([]);
  });

  it('reports a line over the size limit once and goes on', async () => {
    // biome-ignore lint/style/noNonNullAssertion: every fixture has a first line; an empty one fails the test here
    const huge = `${lines[0]!.slice(0, -1)},"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`;
    const { accounting } = await eventsOf(source, [`${huge}\n${lines.slice(0, 5).join('\n')}\n`], 1024 * 1024);
    expect(accounting.lines).toBe(1 + Math.min(5, lines.length));
    expect(accounting.malformed).toBeGreaterThanOrEqual(1);
  });

  it('survives invalid UTF-8 and NUL bytes inside lines', async () => {
    const encoder = new TextEncoder();
    const chunks = lines.slice(0, 40).map((line) => {
      const bytes = encoder.encode(`${line}\n`);
      const cut = Math.floor(bytes.length / 2);
      return new Uint8Array([...bytes.subarray(0, cut), 0xff, 0xc3, 0x00, 0xed, 0xa0, 0x80, ...bytes.subarray(cut)]);
    });
    const { events } = await eventsOf(source, chunks);
    expect(findEventProblems(events)).toEqual([]);
  });

  it('keeps tool-use ids unique when the same call is replayed with hostile ids', async () => {
    const replayed = [...lines, ...lines].map((line) => mapStrings(line, (s, key) => (/id$/i.test(key) ? `${s}\u0000\u001b[2J` : s)));
    const { events } = await eventsOf(source, [replayed.join('\n')]);
    const ids = events.filter((e) => e.kind === 'tool-use').map((e) => (e as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(findEventProblems(events)).toEqual([]);
  });
});
