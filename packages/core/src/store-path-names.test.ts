import { describe, expect, it } from 'vitest';
import { storeBaseName, storeParent } from './store-path-names.js';

describe('store path names', () => {
  it('reads the last segment, with either separator, without a suffix it ends with', () => {
    expect(storeBaseName('/a/b/c.jsonl', '.jsonl')).toBe('c');
    expect(storeBaseName('C:\\a\\c.jsonl')).toBe('c.jsonl');
    expect(storeBaseName('/a/b/')).toBe('b');
    expect(storeBaseName('/a/.jsonl', '.jsonl')).toBe('.jsonl');
  });

  it('reads the parent folder', () => {
    expect(storeParent('/a/b/events.jsonl')).toBe('/a/b');
    expect(storeParent('C:\\a\\b.json')).toBe('C:\\a');
    expect(storeParent('/a')).toBe('/');
  });
});
