import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DisplayEvent } from './display-event.js';
import { MAX_INPUT_DEPTH, toPlainEvent, toPlainText } from './plain-text.js';

const ESC = '\u001b';

describe('toPlainText', () => {
  it.each([
    ['colour codes', `${ESC}[31mred${ESC}[0m`, 'red'],
    ['clear screen', `a${ESC}[2Jb`, 'ab'],
    ['cursor movement', `a${ESC}[10;20Hb${ESC}[2Ac`, 'abc'],
    ['OSC 52 clipboard write', `x${ESC}]52;c;ZXZpbA==\u0007y`, 'xy'],
    ['OSC 8 hyperlink', `${ESC}]8;;https://evil.example${ESC}\\click${ESC}]8;;${ESC}\\`, 'click'],
    ['window title', `${ESC}]0;pwned\u0007${ESC}]2;pwned${ESC}\\ok`, 'ok'],
    ['C1 CSI', `a\u009b2Jb`, 'ab'],
    ['C1 OSC', `a\u009d0;t\u009cb`, 'ab'],
    ['CRLF', 'one\r\ntwo', 'one\ntwo'],
    ['a bare CR that would overwrite a line', 'safe\rEVIL', 'safe\nEVIL'],
    ['NUL, BEL, backspace, DEL', 'a\u0000b\u0007c\bd\u007f', 'abcd'],
    ['an unterminated OSC', `ok${ESC}]0;never ends`, 'ok'],
    ['a lone ESC at the end', `ok${ESC}`, 'ok'],
  ])('removes %s', (_label, input, expected) => {
    expect(toPlainText(input)).toBe(expected);
  });

  it('keeps tabs, newlines, Unicode and bidi text for the renderers to judge', () => {
    const text = 'a\tb\nc 日本 😀 \u202Eabc';
    expect(toPlainText(text)).toBe(text);
  });

  it('never leaves a control character (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(toPlainText(text)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      }),
    );
  });
});

describe('toPlainEvent', () => {
  it('returns the same object when nothing changes', () => {
    const event: DisplayEvent = { kind: 'text', id: 'a', text: 'plain' };
    expect(toPlainEvent(event)).toBe(event);
  });

  it('cleans every string field, nested input included, keeping __proto__ keys as own data', () => {
    const input = JSON.parse(`{"command":"ls ${'\\u001b'}[2J","__proto__":{"x":"${'\\u001b'}]0;t\\u0007"}}`) as unknown;
    const event: DisplayEvent = { kind: 'tool-use', id: `i${ESC}[1m`, name: 'Bash', toolName: 'Bash', toolKind: 'execute', arg: 'ls', input };
    const plain = toPlainEvent(event) as Extract<DisplayEvent, { kind: 'tool-use' }>;
    expect(plain.id).toBe('i');
    expect(plain.input).toEqual(JSON.parse('{"command":"ls ","__proto__":{"x":""}}'));
    expect(Object.getPrototypeOf(plain.input)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('cuts input nested deeper than the limit', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const plain = toPlainEvent({ kind: 'tool-use', id: 'd', name: 'X', toolName: 'X', toolKind: 'other', arg: '', input: deep });
    let level = (plain as { input: unknown }).input;
    let depth = 0;
    while (Array.isArray(level)) {
      level = level[0];
      depth += 1;
    }
    expect(depth).toBe(MAX_INPUT_DEPTH);
    expect(level).toMatch(/^\[cut: nested deeper than/);
    expect(() => JSON.stringify(plain)).not.toThrow();
  });
});
