import { describe, expect, it, vi } from 'vitest';
import type { DisplayEventSource } from './source.js';
import { defineSource } from './source.js';
import { defineRenderer } from './renderer.js';
import { createSourceRegistry } from './source-registry.js';

const base: DisplayEventSource = {
  specificationVersion: 'v1',
  id: 'alpha',
  displayName: 'Alpha',
  cadence: 'streaming',
  detect: (lines) => ({ confidence: lines.some((l) => l.includes('"alpha"')) ? 1 : 0, evidence: '"alpha" marker' }),
  createParser: () => ({ parse: () => [], flush: () => [] }),
};

describe('defineSource', () => {
  it('returns the source frozen', () => {
    const source = defineSource(base);
    expect(source.id).toBe('alpha');
    expect(Object.isFrozen(source)).toBe(true);
  });

  it('keeps the newest tested agent version, and refuses one that is not a version string', () => {
    expect(defineSource({ ...base, testedUpTo: '2.0.14' }).testedUpTo).toBe('2.0.14');
    expect(() => defineSource({ ...base, testedUpTo: 2 as unknown as string })).toThrow('source "alpha": testedUpTo must be a version string such as "2.0.14", got 2.');
  });

  it('refuses another contract version, naming both versions', () => {
    expect(() => defineSource({ ...base, specificationVersion: 'v2' as 'v1' })).toThrow(
      /source "alpha" \(Alpha\) declares specificationVersion "v2", but this @x\/core implements contract "v1"/,
    );
    expect(() => defineSource({ ...base, specificationVersion: undefined as unknown as 'v1' })).toThrow(/declares no specificationVersion/);
  });

  it.each([
    [{ id: 'Has Spaces' }, /id must be a lowercase identifier/],
    [{ displayName: '' }, /displayName must be a non-empty string/],
    [{ cadence: 'sometimes' }, /cadence must be "streaming" or "post-response"/],
    [{ detect: 'yes' }, /detect must be a function/],
    [{ createParser: undefined }, /createParser must be a function/],
  ])('says what to fix for %j', (patch, message) => {
    expect(() => defineSource({ ...base, ...patch } as unknown as DisplayEventSource)).toThrow(message);
  });
});

describe('defineRenderer', () => {
  it('accepts a v1 renderer and refuses another version', () => {
    const renderer = { specificationVersion: 'v1' as const, write() {}, end() {} };
    expect(defineRenderer(renderer)).toBe(renderer);
    expect(() => defineRenderer({ ...renderer, specificationVersion: 'v0' as 'v1' })).toThrow(/renderer declares specificationVersion "v0".*"v1"/);
    expect(() => defineRenderer({ specificationVersion: 'v1', write: 1 } as never)).toThrow(/write\(event\) and end\(\) must be functions/);
  });
});

describe('createSourceRegistry', () => {
  const beta = defineSource({
    ...base,
    id: 'beta',
    displayName: 'Beta',
    detect: (lines) => ({ confidence: lines.some((l) => l.includes('"beta"')) ? 0.6 : 0, evidence: '"beta" marker' }),
  });

  it('registers, looks up by id and lists', () => {
    const registry = createSourceRegistry([base, beta]);
    expect(registry.get('beta')?.displayName).toBe('Beta');
    expect(registry.get('gamma')).toBeUndefined();
    expect(registry.list().map((s) => s.id)).toEqual(['alpha', 'beta']);
  });

  it('refuses the same id twice', () => {
    const registry = createSourceRegistry([base]);
    expect(() => registry.register(base)).toThrow(/already registered/);
  });

  it('refuses a source of another contract version by name, without calling it', () => {
    const registry = createSourceRegistry();
    const detect = vi.fn(() => ({ confidence: 1, evidence: 'always' }));
    const future = { ...base, id: 'future', displayName: 'Future', specificationVersion: 'v2' as 'v1', detect };
    expect(() => registry.register(future)).toThrow(/source "future" \(Future\) declares specificationVersion "v2", but this @x\/core implements contract "v1"/);
    expect(registry.list()).toEqual([]);
    expect(registry.detect(['{"alpha":1}']).status).toBe('unknown');
    expect(detect).not.toHaveBeenCalled();
  });

  it('detects the most confident source, with its evidence', () => {
    const registry = createSourceRegistry([base, beta]);
    const result = registry.detect(['', '{"beta":1}', '{"alpha":1}']);
    expect(result).toMatchObject({ status: 'detected', confidence: 1, evidence: '"alpha" marker' });
    expect(result.status === 'detected' && result.source.id).toBe('alpha');
  });

  it('answers a clear unknown, with what it saw', () => {
    const registry = createSourceRegistry([base, beta]);
    expect(registry.detect(['{"gamma":1}'])).toEqual({
      status: 'unknown',
      reason: 'no registered source (alpha, beta) recognised the first 1 lines',
      sample: ['{"gamma":1}'],
    });
    expect(registry.detect(['', '  '])).toMatchObject({ status: 'unknown', reason: 'the stream has no non-blank lines' });
  });

  it('treats a detect that throws as no match', () => {
    const broken = defineSource({
      ...base,
      id: 'broken',
      detect: () => {
        throw new Error('oops');
      },
    });
    expect(createSourceRegistry([broken]).detect(['x'])).toMatchObject({ status: 'unknown' });
  });
});
