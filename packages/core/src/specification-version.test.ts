import { describe, expect, it, vi } from 'vitest';
import type { DisplayEvent } from './display-event.js';
import { replayLines } from './line-accounting.js';
import { createEventTransformStream, runPipeline, streamEvents } from './pipeline.js';
import type { Renderer } from './renderer.js';
import type { DisplayEventSource } from './source.js';

/** A source as a plugin built against a future contract would hand it over: not through this core's defineSource. */
function futureSource() {
  const createParser = vi.fn(() => ({ parse: (): DisplayEvent[] => [{ kind: 'text', id: 't', text: 'ran' }], flush: () => [] }));
  const source = {
    specificationVersion: 'v2',
    id: 'future-agent',
    displayName: 'Future Agent',
    cadence: 'streaming',
    detect: () => ({ confidence: 1, evidence: 'always' }),
    createParser,
  } as unknown as DisplayEventSource;
  return { source, createParser };
}

const SOURCE_REFUSED = /source "future-agent" \(Future Agent\) declares specificationVersion "v2", but this @x\/core implements contract "v1"/;

function futureRenderer() {
  const write = vi.fn();
  const end = vi.fn();
  const renderer = { specificationVersion: 'v9', id: 'markdown', write, end } as unknown as Renderer;
  return { renderer, write, end };
}

describe('the contract version is checked where a plugin is used', () => {
  it('runPipeline refuses a v2 source by name and never runs it', async () => {
    const { source, createParser } = futureSource();
    const read = vi.fn();
    async function* input() {
      read();
      yield '{"a":1}\n';
    }
    await expect(runPipeline(input(), { source })).rejects.toThrow(SOURCE_REFUSED);
    expect(createParser).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
  });

  it('runPipeline refuses a v9 renderer, naming it, its version and the supported ones', async () => {
    const { renderer, write, end } = futureRenderer();
    await expect(runPipeline(['hello\n'], { renderer })).rejects.toThrow(
      /renderer "markdown" declares specificationVersion "v9", but this @x\/core implements contract "v1"/,
    );
    expect(write).not.toHaveBeenCalled();
    expect(end).not.toHaveBeenCalled();
  });

  it('a renderer without an id is named "renderer"', async () => {
    const renderer = { specificationVersion: 'v9', write: vi.fn(), end: vi.fn() } as unknown as Renderer;
    await expect(runPipeline([], { renderer })).rejects.toThrow(/^renderer declares specificationVersion "v9"/);
  });

  it('streamEvents refuses at the call, before anything is read', () => {
    const { source, createParser } = futureSource();
    expect(() => streamEvents(['x\n'], { source })).toThrow(SOURCE_REFUSED);
    expect(createParser).not.toHaveBeenCalled();
  });

  it('the transform stream and the line processor refuse it too', () => {
    const { source, createParser } = futureSource();
    expect(() => createEventTransformStream({ source })).toThrow(SOURCE_REFUSED);
    expect(() => replayLines(source, ['x'])).toThrow(SOURCE_REFUSED);
    expect(createParser).not.toHaveBeenCalled();
  });

  it('a source that declares no version is refused as well', () => {
    const { source } = futureSource();
    const bare = { ...source, specificationVersion: undefined } as unknown as DisplayEventSource;
    expect(() => replayLines(bare, ['x'])).toThrow(/source "future-agent" \(Future Agent\) declares no specificationVersion/);
  });
});
