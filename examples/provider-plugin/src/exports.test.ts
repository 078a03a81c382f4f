import { SUPPORTED_SPECIFICATION_VERSIONS } from '@x/core';
import { describe, expect, it } from 'vitest';
import * as api from './index.js';

describe('public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual(['detectGoose', 'gooseSource', 'gooseToolAliases']);
  });

  it('describes the source', () => {
    expect(api.gooseSource).toMatchObject({ id: 'goose', displayName: 'Goose', cadence: 'streaming' });
    expect(SUPPORTED_SPECIFICATION_VERSIONS).toContain(api.gooseSource.specificationVersion);
  });
});
