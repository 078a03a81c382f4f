import { SUPPORTED_SPECIFICATION_VERSIONS, defineRenderer } from '@x/core';
import { describe, expect, it } from 'vitest';
import * as api from './index.js';

describe('public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual(['createMarkdownRenderer', 'markdownRenderer']);
  });

  it('describes the plugin xview loads', () => {
    expect(api.markdownRenderer).toMatchObject({ id: 'markdown', displayName: 'Markdown' });
    expect(SUPPORTED_SPECIFICATION_VERSIONS).toContain(api.markdownRenderer.specificationVersion);
    const renderer = api.markdownRenderer.create({ write: () => {}, isTTY: true, columns: 80, env: {} });
    expect(defineRenderer(renderer)).toBe(renderer);
  });
});
