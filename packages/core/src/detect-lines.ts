import { parseJson } from './json-value.js';
import type { Detection } from './source.js';

/** Options of {@link detectFromLines}. */
export interface DetectFromLinesOptions {
  /** What to return when no line scores above zero. */
  none: Detection;
  /** Score each element of a line that holds a JSON array, as well as the line itself (a document printed on one line). */
  arrayElements?: boolean;
}

/**
 * The best-of-lines loop every `detect` runs: parses each line as JSON, scores
 * the value with `score` (and, with `arrayElements`, each element of an
 * array), and returns the detection with the highest confidence, stopping at
 * the first certain one (`1`). Lines that are not JSON are skipped, so a
 * banner or a log line before the stream costs nothing. Never throws as long
 * as `score` does not.
 */
export function detectFromLines(lines: readonly string[], score: (value: unknown) => Detection, options: DetectFromLinesOptions): Detection {
  let best = options.none;
  for (const line of lines) {
    const parsed = parseJson(line);
    if (parsed === undefined) continue;
    const values = options.arrayElements === true && Array.isArray(parsed.value) ? parsed.value : [parsed.value];
    for (const value of values) {
      const found = score(value);
      if (found.confidence > best.confidence) best = found;
      if (best.confidence >= 1) return best;
    }
  }
  return best;
}
