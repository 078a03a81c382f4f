import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPalette } from './color-support.js';
import { markdownLines, parsedLines } from './markdown-lines.js';
import { isPlainProse, isProseWithCode, plainProseLines, simpleMarkdownLines } from './prose-lines.js';
import { createMarkdownChunker } from './markdown-stream.js';
import { renderStyledLine } from './styled-line.js';

const plain = createPalette(false);
const color = createPalette(true);

function show(source: string, colors = plain): string {
  return markdownLines(source, colors)
    .map((line) => renderStyledLine(line, undefined))
    .join('\n');
}

describe('markdownLines', () => {
  it('bounds a run of combining marks that emphasis and code spans split', () => {
    const m = '\u0301'.repeat(8);
    const text = markdownLines(`a${m}*${m}*${m}\`${m}\` **b${m}**`, color)
      .flat()
      .map(([piece]) => piece)
      .join('');
    expect(text.match(/\u0301/g)).toHaveLength(16);
    expect(text).toContain(`a${m}\\u0301`);
  });

  it('aligns a GFM table in columns, honouring right alignment', () => {
    expect(show('| File | Change |\n|:--|--:|\n| src/a.ts | 12 |\n| b.ts | 3 |')).toBe(
      ['File     │ Change', '─────────┼───────', 'src/a.ts │     12', 'b.ts     │      3'].join('\n'),
    );
  });

  it('lays out headings, lists, quotes, code and links as text', () => {
    expect(show('# Title\n\nSome **bold** and `code`.\n\n- one\n- two\n\n1. first\n\n> quoted\n\n```ts\nconst a = 1;\n```\n\nSee [docs](https://example.com).')).toBe(
      ['# Title', '', 'Some bold and `code`.', '', '• one', '• two', '', '1. first', '', '│ quoted', '', '  const a = 1;', '', 'See docs (https://example.com).'].join('\n'),
    );
  });

  it('styles with colour, around text that is already neutralised', () => {
    const out = show('**bold \x1b[31mred** `x`', color);
    expect(out).toContain('\x1b[1mbold \\x1b[31mred\x1b[22m');
    expect(out).toContain('\x1b[36mx\x1b[39m');
  });

  it('never lets an escape character from the source through', () => {
    const unit = fc.constantFrom('*', '`', '|', '-', '#', '>', '[', ']', '(', ')', '\n', ' ', 'a', '\x1b', '\x07', '\x9b', '\r', '\u202e');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 60 }).map((parts) => parts.join('')), (source) => {
        expect(show(source)).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/);
      }),
      { seed: 18, numRuns: 500 },
    );
  });
});

describe('plain prose', () => {
  it('lays out what the parser would for every text without Markdown syntax', () => {
    const unit = fc.constantFrom('a', 'b', ' ', '  ', '\n', '\n\n', '.', ',', "'", '"', '1', '-', ':', '?', '(', ')', '/', 'é', '=', '+');
    let taken = 0;
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }).map((parts) => parts.join('')), (source) => {
        if (!isPlainProse(source)) return;
        taken += 1;
        const parsed = parsedLines(source, plain);
        expect(plainProseLines(source).map((l) => renderStyledLine(l, undefined))).toEqual(parsed.map((l) => renderStyledLine(l, undefined)));
      }),
      { seed: 18, numRuns: 2000 },
    );
    // A property that skipped every sample would pass without checking anything.
    expect(taken).toBeGreaterThan(1200);
  });

  it('lays out prose with code spans, strong words and simple lists as the parser does, with and without colour', () => {
    const unit = fc.constantFrom('a', ' ', '  ', '\n', '\n\n', '.', '"', '1', '-', ':', '(', ')', 'é', '=', '`', '*', '_', '<', '>', '&', '[', ']', '\\', '#', '|', '~', '!', '&amp;');
    const span = fc.array(unit, { maxLength: 6 }).map((parts) => `\`${parts.join('').replaceAll('`', '')}\``);
    const text = fc.constantFrom('a', ' ', '  ', '\n', '\n\n', '.', '"', '1', '-', ':', 'é', '=', ' b c', '\n- x', '\n    y', '**', ' **b** ', '**c d**', ')', ',', '\n\n- `a`: b\n- c\n\n', '\n- d', '- ', '\n \n', '\n\n-  e', '\n\n- f', '\n\n  i');
    const part = fc.oneof({ arbitrary: text, weight: 6 }, { arbitrary: span, weight: 3 }, { arbitrary: unit, weight: 1 });
    let taken = 0;
    let lists = 0;
    fc.assert(
      fc.property(fc.array(part, { maxLength: 30 }).map((parts) => parts.join('')), fc.boolean(), (source, coloured) => {
        const colors = coloured ? color : plain;
        if (isPlainProse(source) || simpleMarkdownLines(source, colors) === undefined) return;
        taken += 1;
        const render = (lines: ReturnType<typeof parsedLines>) => lines.map((l) => renderStyledLine(l, undefined));
        const shown = render(markdownLines(source, colors));
        if (shown.some((line) => line.includes('• '))) lists += 1;
        expect(shown).toEqual(render(parsedLines(source, colors)));
      }),
      { seed: 18, numRuns: 8000 },
    );
    expect(taken).toBeGreaterThan(800);
    expect(lists).toBeGreaterThan(150);
  });

  it('leaves code spans across lines, unpaired backticks and other emphasis to the parser', () => {
    expect(isProseWithCode('use `npm test` and **tsc**')).toBe(true);
    expect(isProseWithCode('a `b\nc` d')).toBe(false);
    expect(isProseWithCode('a `b` `c')).toBe(false);
    expect(isProseWithCode('a *b* `c`')).toBe(false);
    expect(show('- `a`: **b**\n- c')).toBe('• `a`: b\n• c');
  });
});

/** The end of the last blank line outside a fence in `held`, each line matched in full; -1 if none. */
function lastBoundary(held: string): number {
  let boundary = -1;
  let open: string | undefined;
  let scanned = 0;
  for (let newline = held.indexOf('\n'); newline !== -1; newline = held.indexOf('\n', scanned)) {
    const line = held.slice(scanned, newline);
    scanned = newline + 1;
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    const toggles = marker !== undefined && (open === undefined || (marker[0] === open[0] && marker.length >= open.length && line.trim() === marker));
    if (toggles) open = open === undefined ? marker : undefined;
    else if (open === undefined && /^[ \t]*\r?$/.test(line)) boundary = scanned;
  }
  return boundary;
}

describe('createMarkdownChunker', () => {
  it('hands over blocks at blank lines outside code fences, whatever the cut', () => {
    const source = 'para one\n\n```\ncode\n\nmore code\n```\n\n| a |\n|--|\n| 1 |\n\nlast';
    for (const size of [1, 2, 5, 100]) {
      const chunker = createMarkdownChunker();
      const chunks: string[] = [];
      for (let i = 0; i < source.length; i += size) {
        const done = chunker.push(source.slice(i, i + size));
        if (done !== '') chunks.push(done);
      }
      chunks.push(chunker.flush());
      expect(chunks.join('')).toBe(source);
      // Every cut is at a block boundary: never inside the fence, never inside the table.
      const boundaries = new Set([10, 35, 53, source.length]);
      let at = 0;
      for (const chunk of chunks) expect(boundaries).toContain((at += chunk.length));
      if (size === 1) expect(chunks).toHaveLength(4);
    }
  });

  it('cuts where a chunker that matches every line would cut (property)', () => {
    // The rules read plainly: the held text is matched line by line from its start at every push (a blank line
    // counts only outside a fence, so after a cut no fence is open).
    const reference = () => {
      let held = '';
      return (text: string) => {
        held += text;
        const boundary = lastBoundary(held);
        if (boundary === -1) return '';
        const done = held.slice(0, boundary);
        held = held.slice(boundary);
        return done;
      };
    };
    const lines = ['', ' ', '  ', '\t', '\r', ' \r', '```', '~~~', '````', ' ```', '   ~~~', '    ```', '```js', 'a', '`x`', '~', 'text', '- item'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...lines), { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 10 }),
        (picked, sizes) => {
          const source = picked.join('\n');
          const chunker = createMarkdownChunker();
          const push = reference();
          let at = 0;
          for (let i = 0; at < source.length; i += 1) {
            const piece = source.slice(at, at + (sizes[i % sizes.length] as number));
            at += piece.length;
            expect(chunker.push(piece)).toBe(push(piece));
          }
        },
      ),
      { seed: 20, numRuns: 5_000 },
    );
  });
});
