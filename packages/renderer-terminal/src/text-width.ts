import emojiRegex from 'emoji-regex';
import { eastAsianWidth } from 'get-east-asian-width';
import stripAnsi from 'strip-ansi';

/*
 * How many terminal columns text takes, by the rules of string-width 7 (MIT;
 * text-width.test.ts holds the two equal on random text): escape codes,
 * controls, zero-width and combining characters take none, emoji and East
 * Asian wide characters two, anything else one. string-width itself makes an
 * Intl.Segmenter when it is imported, and the first Intl object of a process
 * initialises ICU: 10-20 ms of every xview start-up, and a grapheme
 * segmentation of every string measured. Nearly every line an agent writes
 * is printable ASCII, one column a character: that is answered by one regex
 * test, and the segmenter is made the first time a string is not.
 */

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

let segmenter: Intl.Segmenter | undefined;
let ignorable: RegExp | undefined;

/** Whether a grapheme's first code point takes no column: a control, zero-width, combining, surrogate or variation selector. */
function takesNoColumn(codePoint: number): boolean {
  return (
    codePoint <= 0x1f ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    codePoint === 0xfeff ||
    (codePoint >= 0x300 && codePoint <= 0x36f) ||
    (codePoint >= 0x1ab0 && codePoint <= 0x1aff) ||
    (codePoint >= 0x1dc0 && codePoint <= 0x1dff) ||
    (codePoint >= 0x20d0 && codePoint <= 0x20ff) ||
    (codePoint >= 0xfe20 && codePoint <= 0xfe2f) ||
    (codePoint >= 0xd800 && codePoint <= 0xdfff) ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f)
  );
}

function graphemeWidth(grapheme: string): number {
  const codePoint = grapheme.codePointAt(0) as number;
  if (takesNoColumn(codePoint)) return 0;
  ignorable ??= /^\p{Default_Ignorable_Code_Point}$/u;
  if (ignorable.test(grapheme)) return 0;
  if (emojiRegex().test(grapheme)) return 2;
  return eastAsianWidth(codePoint, { ambiguousAsWide: false });
}

/** The columns `text` takes on a terminal (CJK and emoji two each); escape codes take none. */
export function textWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  segmenter ??= new Intl.Segmenter();
  let width = 0;
  for (const { segment } of segmenter.segment(stripAnsi(text))) width += graphemeWidth(segment);
  return width;
}
