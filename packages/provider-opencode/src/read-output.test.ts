import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrapReadOutput } from './read-output.js';

/**
 * The file text as one whole-output expression takes it (the form the
 * function had before it looked for the tail only where `\n\n(` starts):
 * the reference the fast path must agree with.
 */
const WHOLE_OUTPUT =
  /^<path>[^\n]*<\/path>\n<type>file<\/type>\n<content>\n([\s\S]*?)\n\n\((?:End of file - total \d+ lines|Showing lines [^\n]*|Output capped at [^\n]*)\)\n<\/content>(?:\n|$)/;

/** The reference: that expression, then every line's number cut off by split and join. */
function reference(output: string): string | undefined {
  const body = WHOLE_OUTPUT.exec(output)?.[1];
  if (body === undefined || body === '') return body;
  const lines = body.split('\n');
  if (!lines.every((line) => /^\d+: /.test(line))) return undefined;
  return lines.map((line) => line.replace(/^\d+: /, '')).join('\n');
}

/** Pieces the markup is made of, so that near-misses and repeated tails are common. */
const piece = fc.constantFrom(
  '<path>/a/b.ts</path>\n',
  '<type>file</type>\n',
  '<content>\n',
  '</content>',
  '\n',
  '\n\n(',
  '(End of file - total 3 lines)',
  'Showing lines 1-2 of 9',
  'Output capped at 50 KB',
  ')\n</content>',
  '1: ',
  '12: x',
  ': ',
  '(',
  ')',
  'text',
  '\r',
  '\u2028',
);
const head = '<path>/work/a.ts</path>\n<type>file</type>\n<content>\n';

describe('unwrapReadOutput', () => {
  it('takes the file text the whole-output expression takes, and only then', () => {
    const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
    const numberedLine = fc.tuple(fc.nat({ max: 120 }), fc.array(fc.oneof(fc.constantFrom('x', 'a b', '\t', '(', ')'), text), { maxLength: 3 }));
    const tail = fc.constantFrom('(End of file - total 3 lines)', '(Showing lines 2-4 of 9)', '(Output capped at 50 KB)', '(End of file)');
    const read = fc
      .tuple(fc.array(numberedLine, { maxLength: 6 }), tail, fc.constantFrom('\n</content>', '\n</content>\n', '\n</content>x'), text)
      .map(([lines, end, close, after]) => `${head}${lines.map(([n, parts]) => `${n}: ${parts.join('')}`).join('\n')}\n\n${end}${close}${after}`);
    const output = fc.oneof(
      fc.array(piece, { maxLength: 16 }).map((parts) => parts.join('')),
      fc.array(piece, { maxLength: 16 }).map((parts) => head + parts.join('')),
      read,
    );
    let unwrapped = 0;
    fc.assert(
      fc.property(output, (text) => {
        const expected = reference(text);
        if (expected !== undefined && expected !== '') unwrapped += 1;
        expect(unwrapReadOutput(text)).toBe(expected);
      }),
      { seed: 20, numRuns: 5000 },
    );
    expect(unwrapped).toBeGreaterThan(50);
  });

  it('ends the file text at the first closing markup', () => {
    const twice = `${head}1: a\n\n(End of file - total 1 lines)\n</content>\n\n(End of file - total 9 lines)\n</content>`;
    expect(unwrapReadOutput(twice)).toBe('a');
    // A "\n\n(" that no closing markup follows leaves an empty line in the text: not a file's.
    expect(unwrapReadOutput(`${head}1: a\n\n(x)\n2: b\n\n(End of file - total 2 lines)\n</content>`)).toBeUndefined();
    const numbered = `${head}1: a\n2: (b)\n\n(Showing lines 1-2 of 9)\n</content>\n<system-reminder>x</system-reminder>`;
    expect(unwrapReadOutput(numbered)).toBe('a\n(b)');
  });
});
