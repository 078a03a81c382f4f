import { textWidth as stringWidth } from './text-width.js';

/** A piece of a line and the colour function it is painted with. */
export type Segment = readonly [text: string, style?: (text: string) => string];

/** What a cut line ends with: one column wide. */
export const CUT_MARK = '…';

let segmenter: Intl.Segmenter | undefined;

function paint(text: string, style: Segment[1]): string {
  return style === undefined || text === '' ? text : style(text);
}

function keepColumns(text: string, budget: number): string {
  segmenter ??= new Intl.Segmenter();
  let kept = '';
  let left = budget;
  // Whole graphemes only, so that an emoji sequence or a combining mark is never split.
  for (const { segment } of segmenter.segment(text)) {
    const width = stringWidth(segment);
    if (width > left) break;
    kept += segment;
    left -= width;
  }
  return kept;
}

/**
 * Paints a line of segments, cut to `columns` terminal columns when given.
 * Widths are counted as a terminal draws them (CJK and emoji take two
 * columns), and a cut line ends with {@link CUT_MARK}. The segments must hold
 * sanitised text without escape codes: colour is applied after cutting.
 */
export function renderStyledLine(segments: readonly Segment[], columns: number | undefined): string {
  let out = '';
  if (columns === undefined || segments.reduce((sum, [text]) => sum + stringWidth(text), 0) <= columns) {
    for (const [text, style] of segments) out += paint(text, style);
    return out;
  }
  let budget = columns - stringWidth(CUT_MARK);
  if (budget < 0) return '';
  for (const [text, style] of segments) {
    const width = stringWidth(text);
    if (width <= budget) {
      out += paint(text, style);
      budget -= width;
      continue;
    }
    out += paint(keepColumns(text, budget).trimEnd(), style);
    break;
  }
  return out + CUT_MARK;
}
