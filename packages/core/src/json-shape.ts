/**
 * A cheap look at a JSON text's shape before `JSON.parse` builds it. What a
 * parsed value costs in memory follows its count of values, not its length:
 * 16 MiB of `[{},{},…]` is five million objects (about 1 GB of heap), and
 * 16 MiB of `[[[[…` is eight million nested arrays. One pass over the text,
 * outside strings, counts containers, separators and depth, and a text past
 * any budget is refused before anything is built.
 */

/** The most containers (`{` and `[`) one JSON text may open. */
export const MAX_JSON_CONTAINERS = 100_000;
/** The most values (separators and containers) one JSON text may hold. */
export const MAX_JSON_VALUES = 1_000_000;
/** The deepest nesting one JSON text may reach. */
export const MAX_JSON_DEPTH = 512;
/**
 * Texts shorter than this are not scanned: they cannot reach the value
 * budget, and what they could build at most is a few megabytes.
 */
export const JSON_SHAPE_SCAN_FROM = 128 * 1024;

/** Mutable counters of one scan, kept in one object rather than loose locals. */
interface ShapeCount {
  containers: number;
  values: number;
  depth: number;
}

/** Reads `text` from `i` past its closing quote; returns the index after it. */
function skipString(text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 92) i += 2;
    else if (code === 34) return i + 1;
    else i += 1;
  }
  return i;
}

/** The budget one structural character breaks, or `undefined`. */
function countStructural(count: ShapeCount, code: number): string | undefined {
  if (code === 123 || code === 91) {
    count.containers += 1;
    count.values += 1;
    count.depth += 1;
    if (count.depth > MAX_JSON_DEPTH) return `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
    if (count.containers > MAX_JSON_CONTAINERS) return `JSON with more than ${MAX_JSON_CONTAINERS} objects and arrays`;
  } else if (code === 125 || code === 93) {
    count.depth -= 1;
  } else if (code === 44) {
    count.values += 1;
  }
  return count.values > MAX_JSON_VALUES ? `JSON with more than ${MAX_JSON_VALUES} values` : undefined;
}

/**
 * Why `text` is refused before parsing: the budget its shape breaks (depth,
 * containers or values), or `undefined` when parsing it costs memory in
 * proportion to its length. Linear in the text, allocates nothing.
 */
export function jsonShapeRefusal(text: string): string | undefined {
  if (text.length < JSON_SHAPE_SCAN_FROM) return undefined;
  const count: ShapeCount = { containers: 0, values: 0, depth: 0 };
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 34) {
      i = skipString(text, i + 1);
      continue;
    }
    const refusal = countStructural(count, code);
    if (refusal !== undefined) return `${refusal} (refused before parsing)`;
    i += 1;
  }
  return undefined;
}
