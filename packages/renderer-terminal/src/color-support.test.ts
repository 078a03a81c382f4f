import { describe, expect, it } from 'vitest';
import { shouldUseColor, type ColorEnv } from './color-support.js';

describe('shouldUseColor', () => {
  it.each<[string, boolean | undefined, boolean, ColorEnv, boolean]>([
    ['a terminal', undefined, true, {}, true],
    ['a plain sink', undefined, false, {}, false],
    ['a dumb terminal', undefined, true, { TERM: 'dumb' }, false],
    ['NO_COLOR on a terminal', undefined, true, { NO_COLOR: '1' }, false],
    ['an empty NO_COLOR', undefined, true, { NO_COLOR: '' }, true],
    ['FORCE_COLOR on a plain sink', undefined, false, { FORCE_COLOR: '1' }, true],
    ['an empty FORCE_COLOR on a plain sink', undefined, false, { FORCE_COLOR: '' }, true],
    ['FORCE_COLOR=0 on a terminal', undefined, true, { FORCE_COLOR: '0' }, false],
    ['FORCE_COLOR=false on a terminal', undefined, true, { FORCE_COLOR: 'false' }, false],
    ['NO_COLOR and FORCE_COLOR', undefined, true, { NO_COLOR: '1', FORCE_COLOR: '1' }, false],
    ['color: true despite NO_COLOR', true, false, { NO_COLOR: '1' }, true],
    ['color: false despite FORCE_COLOR', false, true, { FORCE_COLOR: '1' }, false],
  ])('%s', (_name, color, isTTY, env, expected) => {
    expect(shouldUseColor({ color, isTTY, env })).toBe(expected);
  });
});
