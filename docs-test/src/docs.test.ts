/**
 * Every code block a newcomer meets runs as written. The blocks of README.md,
 * CONTRIBUTING.md, docs/ (with docs/formats/) and every package's and
 * example's README are checked by class:
 *
 * - `json`: parses.
 * - `ts` / `js` in docs/writing-a-provider.md and docs/writing-a-renderer.md: quoted
 *   from the example plugin they walk through, so each must appear in that
 *   example's files (blank lines and indentation aside; a `// ...` line
 *   leaves code out, and the parts around it appear in order in one file);
 *   the example's own typecheck and tests check the code.
 * - `ts` in docs/formats/: excerpts of the agents' wire types; each must
 *   type-check as a module of declarations, where only names from the rest of
 *   the official types (`ContentBlock`, ...) may be missing.
 * - any other `ts` / `js`: a program. All are type-checked in one program
 *   against the built packages' declarations with the repository's strict
 *   options, then transpiled and run with node; each must exit 0. A block
 *   marked `type-checked only` (it needs a browser, or runs inside vitest) is
 *   not run; one marked `stdin <path>` reads that file as its standard input.
 * - `sh`: run with bash (`-e`, `pipefail`) in a sandbox (see run-blocks.ts),
 *   with the built xview as `xview`; each must exit 0. A block marked `not run`
 *   (a real agent, a global install, a registry, the test command itself) is
 *   only required to say why.
 *
 * A shell block or program marked `agents replayed` runs with stand-in agent
 * CLIs (`claude`, `codex`, ...) first on PATH, each printing a recording of
 * that agent, so it runs as written without the agent or an account.
 * - no language (diagrams, trees, sample output): not checked.
 *
 * Markers are HTML comments on the line before the fence, visible in the
 * Markdown source: `<!-- docs-test: not run: needs the claude CLI -->`.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Block, blockName, blocksOf, documentFiles, ROOT } from './blocks.js';
import { isQuotedIn, sourcesUnder } from './quotes.js';
import { BLOCKS_DIR, createSandbox, runModule, runShell, type Sandbox, typeCheck, writeBlockModule } from './run-blocks.js';

const QUOTED_FROM: Readonly<Record<string, string>> = {
  'docs/writing-a-provider.md': 'examples/provider-plugin',
  'docs/writing-a-renderer.md': 'examples/renderer-plugin',
};
/** Names the format documents take from the rest of an agent's official types. */
const MISSING_NAME_CODES = new Set([2304, 2552]);

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
    const fits = directive === 'not run' ? shells : directive === 'agents replayed' ? [...shells, ...programs] : programs;
    if (!fits.includes(block)) problems.push(`${blockName(block)}: "${directive}" does not apply to a ${block.lang || 'plain'} block`);
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
  const sources = new Map<string, string[]>();
  const sourcesOf = (folder: string) => {
    const cached = sources.get(folder) ?? sourcesUnder(join(ROOT, folder));
    sources.set(folder, cached);
    return cached;
  };
  it.each(quoted.map((block) => [blockName(block), block] as const))('%s', (_name, block) => {
    const folder = QUOTED_FROM[block.file] ?? '';
    expect(isQuotedIn(block.code, sourcesOf(folder)), `not found in ${folder}`).toBe(true);
  });
});

describe('TypeScript and JavaScript blocks', () => {
  let errors = new Map<string, string[]>();
  const paths = new Map<Block, string>();
  let sandbox: Sandbox;
  beforeAll(async () => {
    rmSync(BLOCKS_DIR, { recursive: true, force: true });
    for (const block of [...declarations, ...programs]) paths.set(block, writeBlockModule(block));
    errors = await typeCheck([...paths.values()]);
    sandbox = createSandbox();
  });

  it.each(declarations.map((block) => [blockName(block), block] as const))('declarations type-check: %s', (_name, block) => {
    const own = errors.get(paths.get(block) ?? '') ?? [];
    expect(own.filter((error) => !MISSING_NAME_CODES.has(Number(/^line \d+: (\d+)/.exec(error)?.[1])))).toEqual([]);
  });

  it.each(programs.map((block) => [blockName(block), block] as const))('program type-checks and runs: %s', async (_name, block) => {
    const path = paths.get(block) ?? '';
    expect(errors.get(path)).toEqual([]);
    const directive = block.marker?.directive;
    if (directive === 'type-checked only') return;
    const place = directive === 'agents replayed' ? sandbox.replaying : sandbox;
    const result = await runModule(path, place, directive === 'stdin' ? block.marker?.argument : undefined);
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: expect.any(String) });
  });
});

describe('shell blocks', () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = createSandbox();
  });
  it.each(shells.map((block) => [blockName(block), block] as const))('%s', async (_name, block) => {
    if (block.marker?.directive === 'not run') return;
    const result = await runShell(block.code, block.marker?.directive === 'agents replayed' ? sandbox.replaying : sandbox);
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: expect.any(String) });
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
