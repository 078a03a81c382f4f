import { DISPLAY_EVENT_KINDS, type DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { sampleRun } from '../test/sample-run.js';
import { renderHtmlDocument } from './html-document.js';
import { isKnownEvent } from './known-kinds.js';

const LATER_KIND = { kind: 'checkpoint', id: 'c1', label: 'saved' } as unknown as DisplayEvent;

describe('kinds the HTML renderers know', () => {
  it('are every kind of the core they are built with, and nothing else', () => {
    expect(DISPLAY_EVENT_KINDS.filter((kind) => !isKnownEvent({ kind }))).toEqual([]);
    expect([LATER_KIND, { kind: 'constructor' }, { kind: 'toString' }, { text: 'no kind' }, null, 'text'].some(isKnownEvent)).toBe(false);
  });

  it('leave the document as it is without an unknown kind, even one that comes first', () => {
    const options = { provider: 'demo', startedAt: 0 };
    const known = sampleRun().filter((event) => isKnownEvent(event));
    const whole = renderHtmlDocument(known, options);
    expect(renderHtmlDocument([LATER_KIND, ...known], options)).toBe(whole);
    expect(renderHtmlDocument(known.flatMap((event) => [event, LATER_KIND]), options)).toBe(whole);
  });
});
