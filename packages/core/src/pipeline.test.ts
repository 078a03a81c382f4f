import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { DisplayEvent } from './display-event.js';
import { displayEventSchema } from './display-event.js';
import { createEventTransformStream, passthroughSource, runPipeline, streamEvents } from './pipeline.js';
import { defineRenderer } from './renderer.js';
import type { Diagnostic } from './source.js';
import { defineSource } from './source.js';
import { collectDisplayOutput } from './display-output.js';
import { isJsonObject, parseJson, stringField } from './json-value.js';

/**
 * A small source for a made-up format, one JSON object per line:
 * {"say": "..."} is text, {"tool": name, "id": ..., "input": {...}} a call,
 * {"done": id, "output": ...} its result, {"ping": true} a keep-alive.
 */
const parse = vi.fn();
const toySource = defineSource({
  specificationVersion: 'v1',
  id: 'toy',
  displayName: 'Toy agent',
  cadence: 'streaming',
  detect: (lines) => ({ confidence: lines.some((l) => l.includes('"say"')) ? 1 : 0, evidence: 'a "say" line' }),
  createParser: () => {
    let block = 0;
    return {
      parse(line, context): DisplayEvent[] {
        parse(line);
        const parsed = parseJson(line);
        if (parsed === undefined || !isJsonObject(parsed.value)) {
          context.malformed('not a JSON object');
          return [];
        }
        const value = parsed.value;
        const say = stringField(value, 'say');
        if (say !== undefined) return [{ kind: 'text', id: `b${++block}`, text: say }];
        if (Object.hasOwn(value, 'ping')) {
          context.ignore('keep-alive');
          return [];
        }
        context.unknown(`unknown line type`);
        return [];
      },
      flush: () => [{ kind: 'session', phase: 'end', status: 'success' }],
    };
  },
});

const encoder = new TextEncoder();
const TOY_STREAM = ['{"say":"Hello, "}', '{"ping":true}', 'not json', '{"say":"wörld 😀"}', '{"what":1}', ''].join('\r\n');

async function collect(iterable: AsyncIterable<DisplayEvent>): Promise<DisplayEvent[]> {
  const out: DisplayEvent[] = [];
  for await (const event of iterable) out.push(event);
  return out;
}

function chunkAt(data: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(data.slice(start, point));
    start = point;
  }
  chunks.push(data.slice(start));
  return chunks;
}

describe('streamEvents', () => {
  it('turns bytes into events and counts every line', async () => {
    const diagnostics: Diagnostic[] = [];
    const stream = streamEvents([encoder.encode(TOY_STREAM)], { source: toySource, onDiagnostic: (d) => diagnostics.push(d) });
    const events = await collect(stream);
    expect(events).toEqual([
      { kind: 'text', id: 'b1', text: 'Hello, ' },
      { kind: 'text', id: 'b2', text: 'wörld 😀' },
      { kind: 'session', phase: 'end', status: 'success' },
    ]);
    expect(stream.accounting).toEqual({ lines: 5, events: 2, ignored: 1, malformed: 1, unknown: 1, unexplained: 0, atEnd: 0, partial: 0 });
    expect(diagnostics).toEqual([
      { line: 3, outcome: 'malformed', reason: 'not a JSON object', excerpt: 'not json' },
      { line: 5, outcome: 'unknown', reason: 'unknown line type', excerpt: '{"what":1}' },
    ]);
  });

  it('passes lines through as text when there is no source', async () => {
    const events = await collect(streamEvents(['plain one\nplain two\n']));
    expect(collectDisplayOutput(events)).toBe('plain one\nplain two\n');
    expect(passthroughSource.id).toBe('passthrough');
  });

  it('reports a line above the size limit once and continues', async () => {
    const diagnostics: Diagnostic[] = [];
    const stream = streamEvents([`{"say":"${'x'.repeat(200)}"}\n{"say":"after"}\n`], {
      source: toySource,
      maxLineBytes: 100,
      onDiagnostic: (d) => diagnostics.push(d),
    });
    const events = await collect(stream);
    expect(events[0]).toEqual({ kind: 'text', id: 'b1', text: 'after' });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ line: 1, outcome: 'malformed' });
    expect(diagnostics[0]?.reason).toMatch(/exceeds the limit of 100 bytes/);
    expect(stream.accounting).toEqual({ lines: 2, events: 1, ignored: 0, malformed: 1, unknown: 0, unexplained: 0, atEnd: 0, partial: 0 });
  });

  it('reads a Web ReadableStream', async () => {
    const readable = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"say":"a"}\n{"sa'));
        controller.enqueue(encoder.encode('y":"b"}\n'));
        controller.close();
      },
    });
    const events = await collect(streamEvents(readable, { source: toySource }));
    expect(events.filter((e) => e.kind === 'text').map((e) => (e as { text: string }).text)).toEqual(['a', 'b']);
  });

  it('pulls input only as events are consumed (backpressure)', async () => {
    let pulled = 0;
    function* chunks() {
      for (let i = 0; i < 1000; i++) {
        pulled += 1;
        yield `{"say":"${i}"}\n`;
      }
    }
    const iterator = streamEvents(chunks(), { source: toySource })[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    expect(pulled).toBeLessThan(5);
    await iterator.return?.();
  });

  it('gives the same events for any chunking, split anywhere (property)', async () => {
    const data = encoder.encode(TOY_STREAM);
    const expected = await collect(streamEvents([data], { source: toySource }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 20 }), async (cuts) => {
        expect(await collect(streamEvents(chunkAt(data, cuts), { source: toySource }))).toEqual(expected);
      }),
    );
  });

  it('splits inside every UTF-8 character and between every CR and LF (exhaustive)', async () => {
    const data = encoder.encode(TOY_STREAM);
    const expected = await collect(streamEvents([data], { source: toySource }));
    for (let cut = 0; cut <= data.length; cut++) {
      expect(await collect(streamEvents(chunkAt(data, [cut]), { source: toySource }))).toEqual(expected);
    }
  });

  it('never throws on arbitrary bytes, and every event validates (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 8 }), async (chunks) => {
        const stream = streamEvents(chunks, { source: toySource, maxLineBytes: 40 });
        const events = await collect(stream);
        for (const event of events) displayEventSchema.parse(event);
        const a = stream.accounting;
        expect(a.lines).toBe(a.events + a.ignored + a.malformed + a.unknown);
      }),
    );
  });

  it('survives a source whose parse throws, reporting the line as malformed', async () => {
    const throwing = defineSource({
      ...toySource,
      id: 'throwing',
      createParser: () => ({
        parse: () => {
          throw new Error('boom');
        },
        flush: () => [],
      }),
    });
    const diagnostics: Diagnostic[] = [];
    const stream = streamEvents(['x\n'], { source: throwing, onDiagnostic: (d) => diagnostics.push(d) });
    expect(await collect(stream)).toEqual([]);
    expect(diagnostics[0]?.reason).toMatch(/threw: boom/);
  });
});

describe('createEventTransformStream', () => {
  it('works as a Web TransformStream', async () => {
    const transform = createEventTransformStream({ source: toySource });
    const input = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunkAt(encoder.encode(TOY_STREAM), [3, 17, 40])) controller.enqueue(chunk);
        controller.close();
      },
    });
    const reader = input.pipeThrough(transform).getReader();
    const events: DisplayEvent[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) events.push(next.value);
    expect(events.map((e) => e.kind)).toEqual(['text', 'text', 'session']);
    expect(transform.accounting.lines).toBe(5);
  });
});

describe('runPipeline end to end', () => {
  it('bytes in, events out, a renderer writes them', async () => {
    const written: string[] = [];
    const renderer = defineRenderer({
      specificationVersion: 'v1',
      write(event: DisplayEvent) {
        if (event.kind === 'text') written.push(event.text);
        // A renderer with a slow sink: the pipeline waits for it.
        return new Promise<void>((resolve) => setTimeout(resolve, 1));
      },
      end() {
        written.push('<end>');
      },
    });
    const report = await runPipeline(chunkAt(encoder.encode(TOY_STREAM), [5, 9]), { source: toySource, renderer });
    expect(written).toEqual(['Hello, ', 'wörld 😀', '<end>']);
    expect(report.accounting).toEqual({ lines: 5, events: 2, ignored: 1, malformed: 1, unknown: 1, unexplained: 0, atEnd: 0, partial: 0 });
    expect(report.diagnostics).toBe(2);
    expect(report.outcome?.status).toBe('success');
    expect(report.outcome?.lines.reasons).toEqual({ 'not a JSON object': 1, 'unknown line type': 1 });
  });

  it('raw mode returns the input byte for byte and calls no source', async () => {
    parse.mockClear();
    const input = chunkAt(encoder.encode(`${TOY_STREAM}\u0000\xff`), [1, 7, 30]);
    const out: Uint8Array[] = [];
    const report = await runPipeline(input, {
      source: toySource,
      outputFormat: 'json',
      onRaw: (chunk) => {
        out.push(chunk as Uint8Array);
      },
    });
    expect(Buffer.concat(out)).toEqual(Buffer.concat(input));
    expect(parse).not.toHaveBeenCalled();
    expect(report.outcome).toBeUndefined();
  });

  it('raw mode without onRaw is a programmer error with a clear message', async () => {
    await expect(runPipeline([], { outputFormat: 'json' })).rejects.toThrow(/needs an onRaw/);
  });
});
