import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVISIBLE_CHARACTER_CLASS, MAX_COMBINING_MARKS, SCAN_CLASSES, createInvisibleMarker, invisibleNotation, isInvisibleCharacter } from './invisible-characters.js';
import { boundMarksAcross } from './mark-runs.js';

const INVISIBLE = new RegExp(`^${INVISIBLE_CHARACTER_CLASS}$`, 'v');
// biome-ignore lint/complexity/useRegexLiterals: a literal with the v flag needs an ES2024 target
const MARK = new RegExp(String.raw`^[\p{Mn}\p{Me}]$`, 'v');
// biome-ignore lint/complexity/useRegexLiterals: a literal with the v flag needs an ES2024 target
const SELECTOR = new RegExp(String.raw`^\p{Variation_Selector}$`, 'v');

/** Every code point but the surrogates, as a string. */
function* codePoints(): Generator<string> {
  for (let cp = 0; cp <= 0x10ffff; cp += 1) if (cp < 0xd800 || cp > 0xdfff) yield String.fromCodePoint(cp);
}

/** A surrogate without its other half, as `Array.from` gives it: no character, so marked. */
const lone = (c: string | undefined) => c !== undefined && c.length === 1 && c >= '\ud800' && c <= '\udfff';
const visibleNonAscii = (c: string | undefined) => c !== undefined && (c.codePointAt(0) as number) >= 0x80 && !INVISIBLE.test(c) && !lone(c);

/** Whether the character `c` between `before` and `after` is written as it is, by the rules alone (no bound on marks). */
function keptByRules(c: string, before: string | undefined, after: string | undefined): boolean {
  const cp = c.codePointAt(0) as number;
  if (lone(c)) return false;
  if (cp === 0x200c || cp === 0x200d) return (visibleNonAscii(before) || (before !== undefined && SELECTOR.test(before))) && visibleNonAscii(after);
  if (SELECTOR.test(c)) return visibleNonAscii(before) || ((cp === 0xfe0e || cp === 0xfe0f) && /^[0-9#*]$/.test(before ?? '') && after === '\u20e3');
  return !INVISIBLE.test(c);
}

/**
 * The rules of invisible-characters.ts, code point by code point, with
 * nothing but the properties: the reference the scanning marker is held to.
 */
function reference(text: string): string {
  const chars = Array.from(text);
  const out: string[] = [];
  let marks = 0;
  chars.forEach((c, i) => {
    const cp = c.codePointAt(0) as number;
    const kept = keptByRules(c, chars[i - 1], chars[i + 1]);
    // A kept joiner or selector after a mark goes on with its run: the marks still stack on one letter.
    const between = kept && (cp === 0x200c || cp === 0x200d || SELECTOR.test(c)) && marks > 0;
    if (!between) marks = kept && MARK.test(c) && !INVISIBLE.test(c) ? marks + 1 : 0;
    out.push(kept && marks <= MAX_COMBINING_MARKS ? c : invisibleNotation(cp));
  });
  return out.join('');
}

const mark = createInvisibleMarker();

/** Text of what the rules look at: letters on both sides of ASCII, joiners, selectors, marks, keycaps, format and tag characters. */
const TRICKY = fc
  .array(
    fc.constantFrom('a', '1', ' ', '\n', '\t', 'é', 'م', '日', '👩', '❤', '\u200c', '\u200d', '\ufe0f', '\ufe0e', '\u{e0100}', '\u20e3', '\u0301', '\u0301\u0301\u0301\u0301', '\u05b7', '\u034f', '\u00ad', '\u202e', '\u2066', '\u200b', '\u{e0041}', '\u{e007f}', '\u3164', '\u115f', '\u180e', '\ufff9', '\x1b', '\x85', '\ud834', '\udd1e', '\u{1d173}'),
    { maxLength: 24 },
  )
  .map((pieces) => pieces.join(''));

describe('the invisible characters', () => {
  it('are found by the code-unit scan wherever Unicode puts them, and marks where its pre-check looks', () => {
    const low = new RegExp(`^[${SCAN_CLASSES.candidatesLow}]|^[${SCAN_CLASSES.candidatesHigh}]`);
    const markFree = new RegExp(`^[${SCAN_CLASSES.markFree}]`);
    const missed: string[] = [];
    const marksMissed: string[] = [];
    for (const char of codePoints()) {
      if (INVISIBLE.test(char) && !low.test(char)) missed.push(invisibleNotation(char.codePointAt(0) as number));
      if (MARK.test(char) && !INVISIBLE.test(char) && markFree.test(char)) marksMissed.push(invisibleNotation(char.codePointAt(0) as number));
    }
    expect(missed).toEqual([]);
    expect(marksMissed).toEqual([]);
  });

  it.each([
    ['tag characters spelling a hidden command', 'ok\u{e0063}\u{e0075}\u{e0072}\u{e006c}', 'ok\\u{e0063}\\u{e0075}\\u{e0072}\\u{e006c}'],
    ['Hangul fillers', 'a\u115f\u1160\u3164\uffa0b', 'a\\u115f\\u1160\\u3164\\uffa0b'],
    ['soft hyphen, Mongolian vowel separator, combining grapheme joiner', 'r\u00adm \u180e-\u034frf', 'r\\xadm \\u180e-\\u034frf'],
    ['interlinear annotation', '\ufff9shown\ufffahidden\ufffb', '\\ufff9shown\\ufffahidden\\ufffb'],
    ['bidi controls and zero-width characters', 'a\u202eb\u2066c\u200bd\u2060', 'a\\u202eb\\u2066c\\u200bd\\u2060'],
    ['variation selectors after ASCII or in a row', 'a\ufe0f \u2764\ufe0f\ufe0f\u{e0101}', 'a\\ufe0f \u2764\ufe0f\\ufe0f\\u{e0101}'],
    ['a run of joiners between letters', '\u00e9\u200d\u200c\u200d\u00e9', '\u00e9\\u200d\\u200c\\u200d\u00e9'],
  ])('marks %s', (_name, text, expected) => {
    expect(mark(text)).toBe(expected);
  });

  it.each([
    ['an emoji ZWJ sequence', '\u{1f441}\ufe0f\u200d\u{1f5e8}\ufe0f \u{1f469}\u200d\u{1f467}'],
    ['Persian with ZWNJ', '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645'],
    ['Devanagari with its marks', '\u0928\u092e\u0938\u094d\u0924\u0947'],
    ['a keycap', '1\ufe0f\u20e3'],
    ['an ideographic variant', '\u845b\u{e0100}'],
    ['tabs and line ends', 'a\tb\r\nc\n'],
  ])('keeps %s', (_name, text) => {
    expect(mark(text)).toBe(text);
  });

  it(`keeps ${MAX_COMBINING_MARKS} combining marks in a row and marks the rest`, () => {
    const zalgo = `Z${'\u0336\u0301'.repeat(2000)}!`;
    expect(mark(zalgo)).toBe(`Z${'\u0336\u0301'.repeat(MAX_COMBINING_MARKS / 2)}${'\\u0336\\u0301'.repeat(2000 - MAX_COMBINING_MARKS / 2)}!`);
  });

  it('marks as the code point by code point reference does', () => {
    fc.assert(
      fc.property(fc.oneof(TRICKY, fc.string({ unit: 'binary' })), (text) => {
        expect(mark(text)).toBe(reference(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('marks a lone surrogate, so that the halves of a hidden character marked apart cannot meet when written together', () => {
    // A tag character and a supplementary bidi-free format character split between two deltas of a stream.
    for (const hidden of ['\u{e0041}', '\u{1d173}', '\u{e0001}']) {
      const joined = mark(hidden.slice(0, 1)) + mark(hidden.slice(1));
      expect(joined).not.toContain(hidden);
      expect(joined).toBe(`\\u${hidden.charCodeAt(0).toString(16)}\\u${hidden.charCodeAt(1).toString(16)}`);
    }
    // A joiner beside a lone half is beside no visible letter.
    expect(mark('\ud83d\u200d\u00e9')).toBe('\\ud83d\\u200d\u00e9');
    expect(mark('\u{1f600}\u{e0041}')).toBe('\u{1f600}\\u{e0041}');
  });

  it('marks every invisible character and leaves marks when out of context, as JSON escapes do', () => {
    const escapeAll = createInvisibleMarker({ inContext: false });
    expect(escapeAll('\u00e9\u200d\u00e9\u2764\ufe0f')).toBe('\u00e9\\u200d\u00e9\u2764\\ufe0f');
    expect(isInvisibleCharacter(0x41)).toBe(false);
  });

  it("replaces the channel's own characters first, or keeps one when it says so", () => {
    const also = new Map<string, (text: string, at: number) => string | undefined>([
      ['\r', (text, at) => (text[at + 1] === '\n' ? undefined : '\\r')],
      ['<', () => '&lt;'],
    ]);
    const lone = createInvisibleMarker({ also });
    expect(lone('a\r\nb\rc<\x1b')).toBe('a\r\nb\\rc&lt;\\x1b');
  });

  it('bounds a run of marks that kept joiners or variation selectors split', () => {
    const mark = createInvisibleMarker();
    // Each selector or joiner follows a visible mark, so it is kept; the marks still stack on one letter.
    for (const between of ['\ufe0f', '\u200d', '\u200c', '\u{e0100}']) {
      const out = mark(`a${'\u0301'.concat(between).repeat(12)}`);
      expect(out.match(/\u0301/gu)?.length).toBe(MAX_COMBINING_MARKS);
      expect(out).toContain('\\u0301');
    }
    const devanagari = '\u0915\u094d\u200d\u0937 \u0928\u094d\u200c\u0924';
    expect(mark(devanagari)).toBe(devanagari);
    const m = `${'\u0301\ufe0f'.repeat(5)}`;
    expect(boundMarksAcross(`<p>a${m}<em>${m}</em></p>`, '<[^>]*>')).not.toMatch(/(\u0301[^\\]*){9}/u);
  });

  it('bounds a run of marks that markup splits, keeping the markup', () => {
    const m = '\u0301'.repeat(6);
    expect(boundMarksAcross(`<p>a${m}<em>${m}</em></p>`, '<[^>]*>')).toBe(`<p>a${m}<em>\u0301\u0301${'\\u0301'.repeat(4)}</em></p>`);
    expect(boundMarksAcross(`a${m}\0${m}\0b`, '\\0')).toBe(`a${m}\0\u0301\u0301${'\\u0301'.repeat(4)}\0b`);
    const short = `<p>e\u0301<em>\u0301</em> \u0928\u094d<b>\u0924</b></p>`;
    expect(boundMarksAcross(short, '<[^>]*>')).toBe(short);
  });
});
