import { describe, expect, it } from 'vitest';
import { createIndentedHead, readIndentedHeadLine } from './indented-head.js';

function readAll(text: string, arrayKey: string) {
  const head = createIndentedHead(arrayKey);
  const elements: unknown[] = [];
  for (const line of text.split('\n')) {
    const element = readIndentedHeadLine(head, line);
    if (element !== undefined) elements.push(element.value);
  }
  return { fields: head.fields, elements };
}

describe('readIndentedHeadLine', () => {
  it('reads what JSON.stringify(value, null, 2) wrote: the one-line fields and each element of the array', () => {
    const document = { id: 'a', n: 2, ok: true, none: null, nested: { x: 1 }, items: [{ k: 1, deep: { list: [1, 2] } }, { k: 'two\nlines' }], after: 'z' };
    expect(readAll(JSON.stringify(document, null, 2), 'items')).toEqual({
      fields: { id: 'a', n: 2, ok: true, none: null, after: 'z' },
      elements: document.items,
    });
  });

  it('takes nothing from text that only looks like the layout, and gives a broken element as undefined', () => {
    const quoted = { k: '    }\n  "id": "forged"\n    {' };
    const text = [
      '{',
      '  "id": "real",',
      '  "it\\u0065ms": 1,',
      '  "items": [',
      '    {',
      '      "k": broken',
      '    },',
      ...JSON.stringify(quoted, null, 2)
        .split('\n')
        .map((line) => `    ${line}`),
      '  ]',
      '}',
    ].join('\n');
    expect(readAll(text, 'items')).toEqual({ fields: { id: 'real', items: 1 }, elements: [undefined, quoted] });
  });

  it('keeps a field named __proto__ as an own field, never the prototype', () => {
    const { fields } = readAll(['{', '  "__proto__": null,', '  "id": "a"', '}'].join('\n'), 'items');
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.hasOwn(fields, '__proto__')).toBe(true);
    expect(fields.id).toBe('a');
  });
});
