// What the built xview loads before it reads its input (issue 20): the static
// imports of dist/bin.js, and those of the chunk a run loads first. The
// bundle is not minified, and esbuild names each module it bundles in a
// `// <path>` comment: those name what a chunk holds. Needs `pnpm build`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import type { CliStream } from './run-cli.js';
import { runCli } from './run-cli.js';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const built = existsSync(join(dist, 'bin.js'));

const read = (file: string) => readFileSync(join(dist, file), 'utf8');

/** `file` and every chunk it imports statically, in turn. */
function staticClosure(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  return [file, ...[...read(file).matchAll(/^import\s+(?:[^'"]*?from\s+)?'\.\/([^']+)'/gm)].flatMap((match) => staticClosure(match[1] as string, seen))];
}

/** The modules bundled into these chunks, by their source paths. */
function modulesOf(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    [...read(file).matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm)].map((match) => (match[1] as string).replace(/^.*node_modules\//, 'node_modules/')),
  );
}

/** The chunk that `import('./<name>-HASH.js')` in one of these files loads. */
function dynamicChunk(files: readonly string[], name: string): string {
  for (const file of files) {
    const found = new RegExp(`import\\('\\./(${name}-[A-Z0-9]+\\.js)'\\)`).exec(read(file));
    if (found !== null) return found[1] as string;
  }
  throw new Error(`no import('./${name}-*.js') in ${files.join(', ')}`);
}

/** The libraries and @x modules a start-up must not load. */
function heavy(modules: readonly string[]): string[] {
  return modules.filter(
    (path) =>
      /node_modules\/(zod|markdown-it|highlight\.js|entities|linkify-it)\//.test(path) ||
      /\/renderer-html\//.test(path) ||
      (/\/renderer-terminal\/src\//.test(path) && !path.endsWith('/sanitize.ts')) ||
      (/\/provider-[a-z-]+\/src\//.test(path) && !path.endsWith('detect.ts')),
  );
}

/** A Claude run whose first text is Markdown the fast paths leave to markdown-it: a heading, a table. */
function markdownRun(): string {
  const markdown = '## Plan\\n\\n| file | change |\\n| --- | --- |\\n| src/greet.ts | fix the typo |\\n\\nThen the tests.';
  return readFileSync(join(FIXTURES_DIR, 'claude/read-edit-run.jsonl'), 'utf8').replace("I'll look at src/greet.ts first.", markdown);
}

/** What the sources, not the bundle, print for `argv` on `stdin`. */
async function inProcess(argv: string[], stdin: string): Promise<string> {
  let text = '';
  const stdout: CliStream = {
    write(chunk: string | Uint8Array) {
      text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    },
    once() {
      return this;
    },
  };
  const input = (async function* () {
    yield new TextEncoder().encode(stdin);
  })();
  await runCli(argv, {
    stdin: input,
    stdout,
    stderr: {
      write: () => true,
      once() {
        return this;
      },
    },
    env: {},
  });
  return text;
}

describe.skipIf(!built)('the xview bundle', () => {
  it('starts (--version, --help) without any provider, renderer, zod or Markdown', () => {
    const startUp = modulesOf(staticClosure('bin.js'));
    expect(startUp.length).toBeGreaterThan(0);
    expect(startUp.filter((path) => /\/(core|provider-[a-z-]+)\/src\//.test(path))).toEqual([]);
    expect(heavy(startUp)).toEqual([]);
  });

  it('detects the provider from the detectors alone: no parser, wire schema, zod or renderer before one is chosen', () => {
    const startUp = staticClosure('bin.js');
    const run = modulesOf(staticClosure(dynamicChunk(startUp, 'run-inputs'), new Set(startUp)));
    expect(run.filter((path) => /\/provider-[a-z-]+\/src\/[a-z-]*detect\.ts$/.test(path)).length).toBeGreaterThanOrEqual(11);
    expect(heavy(run)).toEqual([]);
  });

  it('holds markdown-it only in the CommonJS bundle a renderer loads when it first parses Markdown', () => {
    const chunks = readdirSync(dist).filter((file) => file.endsWith('.js'));
    expect(modulesOf(chunks).filter((path) => /node_modules\/(markdown-it|entities|linkify-it)\//.test(path))).toEqual([]);
    expect(modulesOf(['markdown-it.cjs']).some((path) => path.startsWith('node_modules/markdown-it/'))).toBe(true);
  });

  it('lays out Markdown with that markdown-it as the sources do, on a terminal and in a page', async () => {
    const stdin = markdownRun();
    for (const argv of [['--verbose'], ['--html', '-']]) {
      const bundled = spawnSync(process.execPath, [join(dist, 'bin.js'), ...argv], { input: stdin, encoding: 'utf8' });
      expect(bundled.status).toBe(0);
      // The page says when it was rendered: that line aside, the two are the same.
      const undated = (text: string) => text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'DATE');
      expect(undated(bundled.stdout)).toBe(undated(await inProcess(argv, stdin)));
    }
    const verbose = spawnSync(process.execPath, [join(dist, 'bin.js'), '--verbose'], { input: stdin, encoding: 'utf8' }).stdout;
    expect(verbose).toContain('## Plan');
    expect(verbose).toMatch(/src\/greet\.ts │ fix the typo/);
  });
});
