import { describe, expect, it } from 'vitest';
import { detectFromLines } from './detect-lines.js';
import { isJsonObject, stringField } from './json-value.js';
import type { Detection } from './source.js';

const none: Detection = { confidence: 0, evidence: 'none' };
function score(value: unknown): Detection {
  if (!isJsonObject(value)) return none;
  const type = stringField(value, 'type');
  if (type === 'init') return { confidence: 1, evidence: 'init' };
  if (type === 'step') return { confidence: 0.5, evidence: 'step' };
  return none;
}

describe('detectFromLines', () => {
  it('returns the best score and skips lines that are not JSON', () => {
    expect(detectFromLines(['banner', '{"type":"step"}', '{"type":"other"}'], score, { none })).toEqual({ confidence: 0.5, evidence: 'step' });
  });

  it('stops at the first certain line', () => {
    const seen: unknown[] = [];
    const counting = (value: unknown) => {
      seen.push(value);
      return score(value);
    };
    expect(detectFromLines(['{"type":"init"}', '{"type":"step"}'], counting, { none })).toEqual({ confidence: 1, evidence: 'init' });
    expect(seen).toHaveLength(1);
  });

  it('returns `none` when nothing scores', () => {
    expect(detectFromLines(['', 'x', '[1]'], score, { none })).toBe(none);
  });

  it('scores array elements only when asked', () => {
    const lines = ['[{"type":"step"}]'];
    expect(detectFromLines(lines, score, { none })).toBe(none);
    expect(detectFromLines(lines, score, { none, arrayElements: true })).toEqual({ confidence: 0.5, evidence: 'step' });
  });
});
