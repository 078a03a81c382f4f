import { describe, expect, it } from 'vitest';
import { isQuotedIn, quotedParts } from './quotes.js';

const SOURCE = [
  'export interface State {',
  '  tracker: Tracker;',
  '  ended: boolean;',
  '  block: Block | undefined;',
  '}',
  '',
  'export function f() {}',
].join('\n');

describe('quotedParts', () => {
  it('splits a quote at its `// ...` lines and drops blank lines and indentation', () => {
    expect(quotedParts('interface A {\n  // ...\n\n  b: B;\n}\n')).toEqual(['interface A {', 'b: B;\n}']);
  });

  it('keeps a comment that only starts with `// ...`', () => {
    expect(quotedParts('a();\n// ... and more\nb();\n')).toEqual(['a();\n// ... and more\nb();']);
  });
});

describe('isQuotedIn', () => {
  it('finds a quote without elisions, re-indented', () => {
    expect(isQuotedIn('ended: boolean;\n    block: Block | undefined;\n', [SOURCE])).toBe(true);
  });

  it('finds the parts around `// ...` in order in one file', () => {
    expect(isQuotedIn('export interface State {\n  // ...\n  block: Block | undefined;\n}\n', [SOURCE])).toBe(true);
  });

  it('refuses parts out of order', () => {
    expect(isQuotedIn('block: Block | undefined;\n// ...\ntracker: Tracker;\n', [SOURCE])).toBe(false);
  });

  it('refuses parts found only in different files', () => {
    expect(isQuotedIn('tracker: Tracker;\n// ...\nexport function g() {}\n', [SOURCE, 'export function g() {}'])).toBe(false);
  });

  it('refuses code the example does not have', () => {
    expect(isQuotedIn('export interface State {\n  block: Block;\n}\n', [SOURCE])).toBe(false);
  });
});
