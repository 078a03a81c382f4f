// What detection reads of a stream's head: enough to see a whole line even
// when the first is longer than the 256 KiB it usually stops at (a Claude
// transcript opening on a pasted image), every byte put back, and one
// detection per chunk that ends a line, not one per chunk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSourceRegistry, type SourceRegistry } from '@x/core';
import { claudeSource } from '@x/provider-claude';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { detectStream } from './detect-stream.js';

const CHUNK = 64 * 1024;

/** `text` as the 64 KiB chunks a file is read in, each counted as it is taken. */
function chunked(text: string, taken: { count: number }): AsyncIterable<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return (async function* () {
    for (let at = 0; at < bytes.length; at += CHUNK) {
      taken.count += 1;
      yield bytes.subarray(at, at + CHUNK);
    }
  })();
}

async function text(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts).toString('utf8');
}

/** A registry of Claude's source whose detect calls are counted. */
function countedRegistry(calls: { count: number }): SourceRegistry {
  const registry = createSourceRegistry([claudeSource]);
  const detect = (lines: readonly string[]) => {
    calls.count += 1;
    return registry.detect(lines);
  };
  return { ...registry, detect };
}

const RECORDED = join(FIXTURES_DIR, 'claude', 'recorded', '2.1.332');
/** Claude Code 2.1.332's init line, as recorded. */
const init = readFileSync(join(RECORDED, 'plain-answer.jsonl'), 'utf8').split('\n')[0] as string;
/** Its first tool result, as recorded, with the file's text made `size` characters long. */
function toolResult(size: number): string {
  const recorded = readFileSync(join(RECORDED, 'read-edit-run.jsonl'), 'utf8')
    .split('\n')
    .find((line) => line.startsWith('{"type":"user"'));
  const line = JSON.parse(recorded as string) as { message: { content: { content: string }[] } };
  (line.message.content[0] as { content: string }).content = 'x'.repeat(size);
  return JSON.stringify(line);
}

describe('detectStream', () => {
  it('reads a first line of 1 MiB to its end and tells its format by it, detecting once, when the chunk ends it', async () => {
    const input = `${toolResult(1024 * 1024)}\n${init}\n`;
    const taken = { count: 0 };
    const calls = { count: 0 };
    const detected = await detectStream(chunked(input, taken), countedRegistry(calls));
    expect(detected.detection).toMatchObject({ status: 'detected', source: { id: 'claude' } });
    expect(calls.count).toBe(1);
    expect(taken.count).toBe(Math.ceil((toolResult(1024 * 1024).length + 1) / CHUNK));
    expect(await text(detected.stream)).toBe(input);
  });

  it('tells `--output-format json --verbose` (the whole run as one line) of a run longer than 256 KiB', async () => {
    const run = JSON.parse(readFileSync(join(RECORDED, 'read-edit-run~json-verbose.json'), 'utf8')) as { type: string; message?: { content?: unknown } }[];
    const read = run.find((m) => m.type === 'user' && Array.isArray(m.message?.content)) as { message: { content: { content: string }[] } };
    (read.message.content[0] as { content: string }).content = 'z'.repeat(2 * 1024 * 1024);
    const detected = await detectStream(chunked(`${JSON.stringify(run)}\n`, { count: 0 }), createSourceRegistry([claudeSource]));
    expect(detected.detection).toMatchObject({ status: 'detected', source: { id: 'claude' } });
  });

  it('stops past the line limit when no line has ended, and puts back every byte', async () => {
    const input = `${toolResult(600 * 1024)}\n${init}\n`;
    const taken = { count: 0 };
    const calls = { count: 0 };
    const detected = await detectStream(chunked(input, taken), countedRegistry(calls), 300 * 1024);
    expect([detected.detection.status, calls.count, taken.count]).toEqual(['unknown', 0, 5]);
    expect(detected.detection).toMatchObject({ reason: 'its first line is longer than the line limit of 307200 bytes; --max-line-mib raises it', sample: [input.slice(0, 200)] });
    expect(await text(detected.stream)).toBe(input);
  });

  it('stops at 256 KiB once a whole line is in, and at the first line it is sure of', async () => {
    // Lines of 20,000 characters: 256 KiB is 13 of them, fewer than the twenty that also end the head.
    const lines = Array.from({ length: 40 }, () => JSON.stringify({ note: 'y'.repeat(20_000) }));
    const taken = { count: 0 };
    await detectStream(chunked(`${lines.join('\n')}\n`, taken), createSourceRegistry([claudeSource]));
    expect(taken.count).toBe(4);
    const sure = { count: 0 };
    const detected = await detectStream(chunked(`${init}\n${lines.join('\n')}\n`, sure), createSourceRegistry([claudeSource]));
    expect([detected.detection.status, sure.count]).toEqual(['detected', 1]);
  });

  it('reads blank lines before the first in time that grows with them, not with their square', async () => {
    // Each chunk that ended a line split the whole head again: 15 MiB of blank lines on stdin took 100 s and 600 MB.
    const input = `${'\r\n'.repeat(4 * 1024 * 1024)}${init}\n`;
    const started = performance.now();
    const detected = await detectStream(chunked(input, { count: 0 }), createSourceRegistry([claudeSource]));
    expect(detected.detection).toMatchObject({ status: 'detected', source: { id: 'claude' } });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(await text(detected.stream)).toBe(input);
  });
});
