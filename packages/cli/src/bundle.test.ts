// The built xview (issue 20): dist/bin.cjs compiles one CommonJS bundle,
// dist/xview.cjs, with V8's cached code (code-cache.ts). The bundle is not
// minified, and esbuild names each module it bundles in a `// <path>`
// comment: those name what a file holds. Needs `pnpm build`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { BUILD_MARK, BUNDLE_HEAD } from './code-cache.js';
import { dynamicImports } from './lend-import.js';
import type { CliStream } from './run-cli.js';
import { runCli } from './run-cli.js';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const built = existsSync(join(dist, 'bin.cjs'));

const read = (file: string) => readFileSync(join(dist, file), 'utf8');

/** The modules bundled into these files, by their source paths. */
function modulesOf(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    [...read(file).matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm)].map((match) => (match[1] as string).replace(/^.*node_modules\//, 'node_modules/')),
  );
}

/** The bundle's code with its comments left out (esbuild keeps some, and JSDoc types say `import(...)`). */
function codeOf(file: string): string {
  return read(file)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/** xview as a process, its code cache in `cacheHome`. */
function xview(argv: readonly string[], cacheHome: string, input?: string) {
  return spawnSync(process.execPath, [join(dist, 'bin.cjs'), ...argv], { input, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cacheHome } });
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
  it('compiles to one ASCII bundle whose import() calls all go through bin.cjs', () => {
    const code = codeOf('xview.cjs');
    // Built from cached data, a vm.Script has no loader for import() on Node 20: tsup.config.ts rewrites each call
    // (a call, not a string: the site worker's source, a string, keeps its own import()).
    expect(dynamicImports(read('xview.cjs'), 'xview.cjs')).toEqual([]);
    expect(code).toContain('import(workerData.module)');
    expect(code.match(/__xview_import\(/g)?.length).toBeGreaterThanOrEqual(4);
    expect(/^[\0-\x7f]*$/.test(read('xview.cjs'))).toBe(true);
    // Wrapped as the function bin.ts compiles, so a start hands V8 the file as read.
    expect(read('xview.cjs').startsWith(`/* xview-build ${BUILD_MARK.exec(read('xview.cjs'))?.[1]} */${BUNDLE_HEAD}\n"use strict";`)).toBe(true);
    expect(read('xview.cjs')).toMatch(/\n}\)\n\/\/# sourceMappingURL=xview\.cjs\.map\n?$/);
    // The entry holds the loader alone, no @x package or library.
    expect(modulesOf(['bin.cjs']).filter((path) => !path.startsWith('src/'))).toEqual([]);
  });

  it('prints the version every @x package carries', () => {
    // The bundle compiles every @x package in with the cli's version (tsup.config.ts), which is
    // right only while they carry one version, as the fixed changeset group keeps them.
    const packages = join(dist, '..', '..');
    const versionOf = (name: string) => (JSON.parse(readFileSync(join(packages, name, 'package.json'), 'utf8')) as { version: string }).version;
    const cli = versionOf('cli');
    expect(readdirSync(packages).filter((name) => versionOf(name) !== cli)).toEqual([]);
    const run = xview(['--version'], mkdtempSync(join(tmpdir(), 'x-bundle-cache-')));
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: `${cli}\n`, stderr: '' });
  });

  it('keeps its compiled code after a first run and renders the same from it', () => {
    const cacheHome = mkdtempSync(join(tmpdir(), 'x-bundle-cache-'));
    const fixture = join(FIXTURES_DIR, 'claude/read-edit-run.jsonl');
    const cache = join(cacheHome, 'xview', 'code.cache');
    const partsKept = () => readFileSync(cache, 'latin1').split('\n')[0]?.split(' ')[5];
    expect(xview(['--version'], cacheHome).status).toBe(0);
    expect(partsKept()).toBe('');
    // A run that loads parts the cache lacks keeps its code again, with theirs.
    const first = xview([fixture], cacheHome);
    expect(first.status).toBe(0);
    expect(partsKept()).toBe('renderer:terminal,source:claude');
    expect(statSync(cache).mode & 0o077).toBe(0);
    const second = xview([fixture], cacheHome);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stdout).toBe(readFileSync(join(FIXTURES_DIR, 'claude/read-edit-run.output.txt'), 'utf8'));
    // Damaged on disk, the cache is refused by V8 (which checks its checksum, as bin.cjs asks it to) and written again.
    const whole = readFileSync(cache);
    const flipped = Buffer.from(whole);
    flipped[flipped.length - 4000] = (flipped[flipped.length - 4000] as number) ^ 0x5a;
    for (const damaged of [whole.subarray(0, whole.length - 7), flipped]) {
      writeFileSync(cache, damaged, { mode: 0o600 });
      expect(xview([fixture], cacheHome).stdout).toBe(first.stdout);
      expect(readFileSync(cache).equals(damaged)).toBe(false);
      expect(readFileSync(cache, 'latin1').split('\n')[0]).toBe(whole.toString('latin1').split('\n')[0]);
    }
    // A plugin is an ES module, which the bundle imports through bin.cjs, from cached code too.
    const plugin = join(mkdtempSync(join(tmpdir(), 'x-bundle-plugin-')), 'toy.mjs');
    writeFileSync(
      plugin,
      `export const toySource = { specificationVersion: 'v1', id: 'toy', displayName: 'Toy', cadence: 'streaming',
        detect: () => ({ confidence: 1, evidence: 'toy' }),
        createParser: () => ({ parse: (line) => [{ kind: 'text', id: 'm', text: JSON.parse(line).toy }], flush: () => [{ kind: 'session', phase: 'end', status: 'success' }] }) };\n`,
    );
    const toy = xview(['--plugin', plugin, '--provider', 'toy'], cacheHome, '{"toy":"from a plugin"}\n');
    expect(toy.stderr).toBe('');
    expect(toy.stdout).toContain('from a plugin');
  });

  it('holds markdown-it only in the CommonJS bundle a renderer loads when it first parses Markdown', () => {
    const chunks = readdirSync(dist).filter((file) => file.endsWith('.js') || file === 'xview.cjs');
    expect(modulesOf(chunks).filter((path) => /node_modules\/(markdown-it|entities|linkify-it)\//.test(path))).toEqual([]);
    expect(modulesOf(['markdown-it.cjs']).some((path) => path.startsWith('node_modules/markdown-it/'))).toBe(true);
  });

  it('lays out Markdown with that markdown-it as the sources do, on a terminal and in a page', async () => {
    const stdin = markdownRun();
    for (const argv of [['--verbose'], ['--html', '-']]) {
      const bundled = xview(argv, mkdtempSync(join(tmpdir(), 'x-bundle-cache-')), stdin);
      expect(bundled.status).toBe(0);
      // The page says when it was rendered: that line aside, the two are the same.
      const undated = (text: string) => text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'DATE');
      expect(undated(bundled.stdout)).toBe(undated(await inProcess(argv, stdin)));
    }
    const verbose = xview(['--verbose'], mkdtempSync(join(tmpdir(), 'x-bundle-cache-')), stdin).stdout;
    expect(verbose).toContain('## Plan');
    expect(verbose).toMatch(/src\/greet\.ts │ fix the typo/);
  });
});
