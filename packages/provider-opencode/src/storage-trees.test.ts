// OpenCode's session trees list every info file of a project folder: the
// files were added by spreading them as arguments (`push(...files)`), which
// past about 125,000 in one folder overflowed the stack and failed the whole
// store ("OpenCode's sessions are not listed: Maximum call stack size exceeded").
import type { StoreFileSystem } from '@x/core';
import { describe, expect, it } from 'vitest';
import { projectSessionFiles, storageSessionFiles } from './storage-trees.js';

/** A data folder whose one project folder, `folder`, holds `count` info files. */
function oneFolder(folder: string, count: number): StoreFileSystem {
  return {
    join: (...segments) => segments.join('/'),
    list: async (path) =>
      path === '/d/storage/session' || path === '/d/project'
        ? [{ name: 'p', kind: 'directory' }]
        : path === folder
          ? Array.from({ length: count }, (_, i) => ({ name: `ses_${i}.json`, kind: 'file' as const }))
          : [],
    stat: async () => undefined,
    open: () => Promise.reject(new Error('not read here')),
    stream: () => Promise.reject(new Error('not read here')),
  };
}

describe('the session trees, a project folder of 150,000 sessions', () => {
  it.each([
    ['storage/session/<project>', storageSessionFiles, '/d/storage/session/p'],
    ['project/<project>/storage/session/info', projectSessionFiles, '/d/project/p/storage/session/info'],
  ])('%s lists every one', async (_layout, files, folder) => {
    const found = await files(oneFolder(folder, 150_000), '/d');
    expect(found).toHaveLength(150_000);
    expect(found[149_999]).toBe(`${folder}/ses_149999.json`);
  });
});
