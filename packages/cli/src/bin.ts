#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_MARK, BUNDLE_PARAMETERS, type CachedProgram, type CodeCache, checkCachedCode, codeCacheDir, compileBundle, readCodeCache, writeCodeCache } from './code-cache.js';
import { favoursMemory } from './run-size.js';
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
const favoured = favoursMemory(args, () => process.stdin.isTTY === true);
if (favoured) favourMemory();
const source = readFileSync(BUNDLE, 'latin1');
const build = BUILD_MARK.exec(source)?.[1] ?? 'unbuilt';
const cacheDir = favoured ? undefined : codeCacheDir(process.env);
if (cacheDir !== undefined) checkCachedCode();
const cached = cacheDir === undefined ? undefined : readCodeCache(cacheDir, build);
const program = compileBundle(source, BUNDLE, BUNDLE_PARAMETERS, cached?.data);

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
