import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The repository root: docs-test/src/.. /.. */
export const ROOT = join(import.meta.dirname, '..', '..');

/**
 * What the Markdown says about the block right below it, in an HTML comment
 * on the line before the fence (`<!-- docs-test: not run: needs the claude CLI -->`):
 *
 * - `not run: <reason>`: a shell block that cannot run here by nature (a real
 *   agent CLI, a global install, the test command itself);
 * - `agents replayed: <reason>`: a shell block or program run where the agent
 *   CLIs (`claude`, `codex`, ...) are stand-ins that print a recording of that agent;
 * - `type-checked only: <reason>`: a TypeScript or JavaScript block that is
 *   type-checked but not run (it needs a browser, or runs inside vitest);
 * - `stdin <path>: <reason>`: a program block run with that file as its standard input.
 */
export interface Marker {
  readonly directive: 'not run' | 'agents replayed' | 'type-checked only' | 'stdin';
  readonly argument: string | undefined;
  readonly reason: string;
}

/** One fenced code block of a Markdown file. */
export interface Block {
  /** The Markdown file, relative to the repository root. */
  readonly file: string;
  /** The line of the opening fence (1-based). */
  readonly line: number;
  /** The info string's first word: `ts`, `sh`, `json`, or `` for none. */
  readonly lang: string;
  readonly code: string;
  readonly marker: Marker | undefined;
  /** A `<!-- docs-test ... -->` comment that did not parse, to fail on. */
  readonly badMarker: string | undefined;
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/;
const MARKER = /^<!--\s*docs-test:\s*(not run|agents replayed|type-checked only|stdin)(?:\s+(\S+))?:\s*(\S.*?)\s*-->$/;

/** The fenced blocks of one Markdown file, in order, with the marker before each. */
export function blocksOf(file: string): Block[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] ?? '');
    if (open === null) continue;
    const [, indent = '', fence = '', lang = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !(lines[j]?.trim().startsWith(fence) && lines[j]?.trim().replace(/[`~]/g, '') === '')) {
      body.push((lines[j] ?? '').startsWith(indent) ? (lines[j] ?? '').slice(indent.length) : (lines[j] ?? ''));
      j++;
    }
    const previous = previousLine(lines, i);
    const parsed = MARKER.exec(previous);
    blocks.push({
      file,
      line: i + 1,
      lang,
      code: `${body.join('\n')}\n`,
      marker: parsed === null ? undefined : { directive: parsed[1] as Marker['directive'], argument: parsed[2], reason: parsed[3] ?? '' },
      badMarker: parsed === null && previous.includes('docs-test') ? previous : undefined,
    });
    i = j;
  }
  return blocks;
}

function previousLine(lines: readonly string[], index: number): string {
  for (let k = index - 1; k >= 0; k--) {
    const line = (lines[k] ?? '').trim();
    if (line !== '') return line;
  }
  return '';
}

/** Every Markdown file a newcomer meets: the root README and CONTRIBUTING, docs/ (with formats/), and each package's and example's README. */
export function documentFiles(): string[] {
  const inFolder = (folder: string) =>
    readdirSync(join(ROOT, folder))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `${folder}/${name}`);
  const readmes = (folder: string) => readdirSync(join(ROOT, folder)).map((name) => `${folder}/${name}/README.md`);
  const all = ['README.md', 'CONTRIBUTING.md', ...inFolder('docs'), ...inFolder('docs/formats'), ...readmes('packages'), ...readmes('examples')];
  return all.filter((file) => {
    try {
      readFileSync(join(ROOT, file));
      return true;
    } catch {
      return false;
    }
  });
}

/** A short name for a block in test titles and temporary file names. */
export function blockName(block: Block): string {
  return `${block.file}:${block.line}`;
}

/** The slug of a block, safe as a file name. */
export function blockSlug(block: Block): string {
  return relative('.', blockName(block)).replace(/[^\w]+/g, '-');
}
