import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A line that stands for code a quoted block leaves out (`// ...`): the
 * walkthroughs show a type's one field or a function's one branch without
 * copying the rest, and the parts around it must still be the example's code.
 */
const ELISION = /^\/\/ \.\.\.$/;

/** Trimmed non-blank lines: a quote may be indented differently from its source, and blank lines are layout. */
function normalisedLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The parts of a quoted block between its elisions, each normalised. */
export function quotedParts(code: string): string[] {
  const parts: string[][] = [[]];
  for (const line of normalisedLines(code)) {
    if (ELISION.test(line)) parts.push([]);
    else parts.at(-1)?.push(line);
  }
  return parts.filter((part) => part.length > 0).map((part) => part.join('\n'));
}

/**
 * Whether one of `sources` (file texts) holds every part of the quoted block,
 * in order: a quote with `// ...` is still taken from one file, not stitched
 * from several.
 */
export function isQuotedIn(code: string, sources: readonly string[]): boolean {
  const parts = quotedParts(code);
  return sources.some((source) => {
    const text = normalisedLines(source).join('\n');
    let from = 0;
    for (const part of parts) {
      const at = text.indexOf(part, from);
      if (at === -1) return false;
      from = at + part.length;
    }
    return true;
  });
}

/** The text of every file under `folder`, leaving out installed and built files. */
export function sourcesUnder(folder: string): string[] {
  return filesUnder(folder).map((path) => readFileSync(path, 'utf8'));
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}
