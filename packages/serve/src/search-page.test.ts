import { describe, expect, it } from 'vitest';
import { highlightSnippet, searchBodyHtml } from './search-page.js';

describe('search page', () => {
  it('marks the matched ranges and escapes everything', () => {
    expect(highlightSnippet('a <b> zebra & c', [[6, 11]])).toBe('a &lt;b&gt; <mark>zebra</mark> &amp; c');
    expect(highlightSnippet('<img>', [[0, 5]])).toBe('<mark>&lt;img&gt;</mark>');
  });

  it('skips ranges that overlap, run backwards or pass the end', () => {
    expect(
      highlightSnippet('abcdef', [
        [3, 4],
        [0, 2],
        [1, 3],
        [5, 99],
        [4, 4],
      ]),
    ).toBe('<mark>ab</mark>c<mark>d</mark>ef');
  });

  it('links each hit to its event and redacts titles when the server redacts', () => {
    const html = searchBodyHtml({
      base: '/x-base',
      query: 'zebra',
      hits: [
        {
          sessionId: 'a/b',
          agent: 'claude',
          path: '/p',
          title: 'key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          eventIndex: 4,
          field: 'text',
          snippet: 'zebra',
          ranges: [[0, 5]],
          score: 1,
        },
      ],
      progress: { total: 2, done: 1, indexing: true },
      redact: true,
    });
    expect(html).toContain('href="/x-base/s/a%2Fb#e4"');
    expect(html).toContain('Indexing: 1 of 2 sessions');
    expect(html).not.toContain('sk-ant-api03-AAAA');
  });

  it('says an update of the index failed, escaped, until one succeeds', () => {
    const progress = { total: 0, done: 0, indexing: false };
    const failed = searchBodyHtml({ base: '/x-base', query: '', hits: [], progress, failure: 'ENOSPC: no space left on device, write <x>', redact: false });
    expect(failed).toContain('The index could not be updated: ENOSPC: no space left on device, write &lt;x&gt;. Results are from what it held before.');
    expect(searchBodyHtml({ base: '/x-base', query: '', hits: [], progress, redact: false })).toContain('Index up to date.');
    const retrying = searchBodyHtml({ base: '/x-base', query: 'x', hits: [], progress: { total: 3, done: 1, indexing: true }, failure: 'EACCES', redact: false });
    expect(retrying).toContain('The index could not be updated: EACCES. Trying again; results are from what it holds so far.');
  });
});

