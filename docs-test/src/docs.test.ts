/**
 * Every code block a newcomer meets runs as written. The blocks of README.md,
 * CONTRIBUTING.md, docs/ (with docs/formats/) and every package's and
 * example's README are checked by class:
 *
 * - `json`: parses.
 * - `ts` / `js` in docs/writing-a-provider.md and docs/writing-a-renderer.md: quoted
 *   from the example plugin they walk through, so each must appear in that
 *   example's files (blank lines and indentation aside); the example's own
 *   typecheck and tests check the code.
 * - `ts` in docs/formats/: excerpts of the agents' wire types; each must
 *   type-check as a module of declarations, where only names from the rest of
 *   the official types (`ContentBlock`, ...) may be missing.
 * - any other `ts` / `js`: a program. All are type-checked in one program
 *   against the built packages' declarations with the repository's strict
 *   options, then transpiled and run with node; each must exit 0. A block
 *   marked `type-checked only` (it needs a browser, or runs inside vitest) is
 *   not run; one marked `stdin <path>` reads that file as its standard input.
 * - `sh`: run with bash (`-e`, `pipefail`) in a sandbox (see run-blocks.ts),
 *   with the built xview as `xview`; each must exit 0. A block marked `agents replayed`
 *   has its agent commands replaced by a recording of that agent first; a block
 *   marked `not run` (a real agent, a global install, a registry, the test
 *   command itself) is only required to say why.
 * - no language (diagrams, trees, sample output): not checked.
 *
 * Markers are HTML comments on the line before the fence, visible in the
 * Markdown source: `<!-- docs-test: not run: needs the claude CLI -->`.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Block, blockName, blocksOf, documentFiles, ROOT } from './blocks.js';
import { BLOCKS_DIR, createSandbox, replayAgents, runModule, runShell, type Sandbox, typeCheck, writeBlockModule } from './run-blocks.js';

const QUOTED_FROM: Readonly<Record<string, string>> = {
  'docs/writing-a-provider.md': 'examples/provider-plugin',
  'docs/writing-a-renderer.md': 'examples/renderer-plugin',
};
/** Names the format documents take from the rest of an agent's official types. */
const MISSING_NAME_CODES = new Set([2304, 2552]);

/**
 * Blocks known not to pass yet, found by this test (issue 29): each must still
 * fail, so that a fixed block leaves the list. The format documents' pseudo-types
 * (`{ cwd, gitRoot }` shorthand, `'a' | string` unions in value position) and
 * README fragments that use names defined in the text around them.
 */
const KNOWN_BROKEN = new Set([
  'docs/writing-a-provider.md:335',
  'docs/writing-a-provider.md:560',
  'docs/formats/codex.md:62',
  'docs/formats/copilot.md:41',
  'docs/formats/copilot.md:99',
  'docs/formats/gemini.md:56',
  'docs/formats/opencode.md:64',
  'packages/cli/README.md:77',
  'packages/provider-claude/README.md:16',
  'packages/provider-claude/README.md:89',
  'packages/provider-codex/README.md:16',
  'packages/provider-codex/README.md:80',
  'packages/provider-copilot/README.md:14',
  'packages/provider-gemini/README.md:16',
  'packages/provider-openai-compatible/README.md:23',
  'packages/renderer-html/README.md:26',
  'packages/renderer-html/README.md:37',
  'packages/renderer-html/README.md:48',

  'packages/testkit/README.md:14',
  'packages/testkit/README.md:34',
  'examples/compose/README.md:5',
  'examples/provider-plugin/README.md:18',
]);
/** Runs a check, inverted for a block on the known-broken list. */
function check(block: Block, assertions: () => void): void {
  if (!KNOWN_BROKEN.has(blockName(block))) return assertions();
  expect(assertions, `${blockName(block)} passes now: take it off KNOWN_BROKEN`).toThrow();
}

const blocks = documentFiles().flatMap(blocksOf);
const isCode = (block: Block) => block.lang === 'ts' || block.lang === 'js';
const quoted = blocks.filter((block) => QUOTED_FROM[block.file] !== undefined && (isCode(block) || block.lang === 'json'));
const declarations = blocks.filter((block) => block.file.startsWith('docs/formats/') && isCode(block));
const programs = blocks.filter((block) => isCode(block) && !quoted.includes(block) && !declarations.includes(block));
const shells = blocks.filter((block) => block.lang === 'sh' || block.lang === 'bash');

it('finds the blocks of every document', () => {
  expect(documentFiles()).toEqual(
    expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/formats/claude.md', 'packages/sessions/README.md', 'examples/compose/README.md']),
  );
  expect(programs.length).toBeGreaterThan(10);
  expect(shells.length).toBeGreaterThan(10);
});

it('every marker parses, says why, and fits its block', () => {
  const problems: string[] = [];
  for (const block of blocks) {
    if (block.badMarker !== undefined) problems.push(`${blockName(block)}: a docs-test comment that does not parse: ${block.badMarker}`);
    const directive = block.marker?.directive;
    if (directive === undefined) continue;
    if (block.marker?.reason.trim() === '') problems.push(`${blockName(block)}: the marker gives no reason`);
    const forShell = directive === 'not run' || directive === 'agents replayed';
    if (forShell !== shells.includes(block) || (!forShell && !programs.includes(block)))
      problems.push(`${blockName(block)}: "${directive}" does not apply to a ${block.lang || 'plain'} block`);
    if (directive === 'stdin' && block.marker?.argument === undefined) problems.push(`${blockName(block)}: stdin names no file`);
  }
  expect(problems).toEqual([]);
});

describe('json blocks parse', () => {
  it.each(blocks.filter((block) => block.lang === 'json').map((block) => [blockName(block), block] as const))('%s', (_name, block) => {
    expect(() => JSON.parse(block.code)).not.toThrow();
  });
});

describe('quoted blocks appear in their example', () => {
  const normalise = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join('\n');
  const sources = new Map<string, string>();
  const sourceOf = (folder: string) => {
    const cached = sources.get(folder);
    if (cached !== undefined) return cached;
    const text = filesUnder(join(ROOT, folder))
      .map((path) => normalise(readFileSync(path, 'utf8')))
      .join('\n\u0000\n');
    sources.set(folder, text);
    return text;
  };
  it.each(quoted.map((block) => [blockName(block), block] as const))('%s', (_name, block) => {
    check(block, () => expect(sourceOf(QUOTED_FROM[block.file] ?? '').includes(normalise(block.code)), `not found in ${QUOTED_FROM[block.file]}`).toBe(true));
  });
});

describe('TypeScript and JavaScript blocks', () => {
  let errors = new Map<string, string[]>();
  const paths = new Map<Block, string>();
  let sandbox: Sandbox;
  beforeAll(() => {
    rmSync(BLOCKS_DIR, { recursive: true, force: true });
    for (const block of [...declarations, ...programs]) paths.set(block, writeBlockModule(block));
    errors = typeCheck([...paths.values()]);
    sandbox = createSandbox();
  });

  it.each(declarations.map((block) => [blockName(block), block] as const))('declarations type-check: %s', (_name, block) => {
    const own = errors.get(paths.get(block) ?? '') ?? [];
    check(block, () => expect(own.filter((error) => !MISSING_NAME_CODES.has(Number(/^line \d+: (\d+)/.exec(error)?.[1])))).toEqual([]));
  });

  it.each(programs.map((block) => [blockName(block), block] as const))('program type-checks and runs: %s', (_name, block) => {
    const path = paths.get(block) ?? '';
    check(block, () => {
      expect(errors.get(path)).toEqual([]);
      if (block.marker?.directive === 'type-checked only') return;
      const result = runModule(path, sandbox, block.marker?.directive === 'stdin' ? block.marker.argument : undefined);
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: expect.any(String) });
    });
  });
});

describe('shell blocks', () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = createSandbox();
  });
  it.each(shells.map((block) => [blockName(block), block] as const))('%s', (_name, block) => {
    if (block.marker?.directive === 'not run') return;
    const code = block.marker?.directive === 'agents replayed' ? replayAgents(block.code) : block.code;
    const result = runShell(code, sandbox);
    check(block, () => expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: expect.any(String) }));
  });
});

it('every image the README files show exists', () => {
  const missing: string[] = [];
  for (const file of documentFiles()) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [, target] of text.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const path = join(ROOT, file, '..', target ?? '');
      if (!/^https?:/.test(target ?? '') && !isFile(path)) missing.push(`${file}: ${target}`);
    }
  }
  expect(missing).toEqual([]);
});

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}
