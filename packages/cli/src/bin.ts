#!/usr/bin/env node
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_MARK, type CachedProgram, type CodeCache, codeCacheDir, compileBundle, readCodeCache, writeCodeCache } from './code-cache.js';
import { SESSION_COMMANDS } from './commands/names.js';
import { favourMemory } from './v8-flags.js';

/*
 * The `xview` command. It compiles xview itself, one CommonJS bundle
 * (dist/xview.cjs, from main.ts), with V8's code of an earlier run when it
 * has one (code-cache.ts), and runs it: starting is then mostly Node's own
 * start. This file is CommonJS too (dist/bin.cjs), so that Node's ES module
 * loader is not started for it. Compiled by `vm.Script`, the bundle cannot
 * call `import()` on Node 20 (the script has no loader callback once built
 * from cached data), so the build rewrites every `import()` it keeps (a
 * plugin, sql.js, node:crypto) to `__xview_import`, which this file lends.
 */

const BUNDLE = join(__dirname, 'xview.cjs');

/** Past this size an input file is read long enough that V8 should favour memory from the first byte. */
const LARGE_INPUT_BYTES = 4 * 1024 * 1024;

/** Size in bytes of `arg` when it names a file, else -1. */
function fileSize(arg: string): number {
  try {
    return statSync(arg).size;
  } catch {
    return -1;
  }
}

/**
 * Whether V8 should favour memory over speed from the start (v8-flags.ts):
 * for a run that reads a file past {@link LARGE_INPUT_BYTES}, a pipe (no
 * file argument, standard input not a terminal; its length is not known), or
 * session logs (`show`, `site`), however short it turns out. Decided before
 * anything runs: set late, the flag leaves the heap V8 already sized for
 * throughput (1,000 unfinished 5 MB calls in --html peaked at 154 instead of
 * 104 MiB), and it must not change once code is compiled from the cache.
 */
function favoursMemory(args: readonly string[]): boolean {
  if (args.some((arg) => /^(-h|--help|-V|--version)$/.test(arg))) return false;
  // The session commands read logs, not standard input: `show` and `site` render them, `sessions` lists them.
  if ((SESSION_COMMANDS as readonly string[]).includes(args[0] ?? '')) return args[0] !== 'sessions';
  const sizes = args.filter((arg) => !arg.startsWith('-')).map(fileSize);
  if (sizes.some((size) => size > LARGE_INPUT_BYTES)) return true;
  return sizes.every((size) => size < 0) && process.stdin.isTTY !== true;
}

/**
 * Keeps the code V8 compiled for this run when the cache had none, or none
 * for a part this run loaded: V8's cached code holds every function compiled
 * so far, those it was given and those compiled since, so the cache grows to
 * the parts a user runs.
 */
function keepCompiledCode(program: CachedProgram, where: { dir: string; build: string }, cached: CodeCache | undefined, loaded: ReadonlySet<string>): void {
  const parts = new Set(cached?.parts);
  if (program.cache === 'hit' && [...loaded].every((part) => parts.has(part))) return;
  for (const part of loaded) parts.add(part);
  writeCodeCache(where.dir, where.build, { data: program.compiledCode, parts: [...parts].sort() });
}

const args = process.argv.slice(2);
// Runs that favour memory are long and neither read nor write the cache: V8
// refuses code made under flags other than its own, and most starts do not set it.
const favoured = favoursMemory(args);
if (favoured) favourMemory();
const source = readFileSync(BUNDLE, 'latin1');
const build = BUILD_MARK.exec(source)?.[1] ?? 'unbuilt';
const cacheDir = favoured ? undefined : codeCacheDir(process.env);
const cached = cacheDir === undefined ? undefined : readCodeCache(cacheDir, build);
const program = compileBundle(
  source,
  BUNDLE,
  ['exports', 'require', 'module', '__filename', '__dirname', '__xview_import_meta_url', '__xview_import'],
  cached?.data,
);

const bundleModule: { exports: { loadedParts?: ReadonlySet<string> } } = { exports: {} };
if (cacheDir !== undefined) {
  process.once('exit', () => keepCompiledCode(program, { dir: cacheDir, build }, cached, bundleModule.exports.loadedParts ?? new Set()));
}

program.run({
  exports: bundleModule.exports,
  require: createRequire(BUNDLE),
  module: bundleModule,
  __filename: BUNDLE,
  __dirname,
  __xview_import_meta_url: pathToFileURL(BUNDLE).href,
  __xview_import: (specifier: string) => import(specifier),
});
