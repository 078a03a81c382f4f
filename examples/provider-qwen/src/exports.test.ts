import { SUPPORTED_SPECIFICATION_VERSIONS } from '@x/core';
import { describe, expect, it } from 'vitest';
import * as api from './index.js';
import { RECORDED_UP_TO } from './recorded-version.js';

describe('public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual(['detectQwen', 'detectQwenLog', 'qwenLogSource', 'qwenSessionStore', 'qwenSource', 'qwenToolAliases']);
  });

  it('describes both sources, tested up to the newest recorded version', () => {
    expect(api.qwenSource).toMatchObject({ id: 'qwen', displayName: 'Qwen Code', cadence: 'streaming', testedUpTo: RECORDED_UP_TO });
    expect(api.qwenLogSource).toMatchObject({ id: 'qwen-log', displayName: 'Qwen Code session log', cadence: 'streaming', testedUpTo: RECORDED_UP_TO });
    for (const source of [api.qwenSource, api.qwenLogSource]) expect(SUPPORTED_SPECIFICATION_VERSIONS).toContain(source.specificationVersion);
  });
});
