import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BUILD_MARK, checkCachedCode, codeCacheDir, compileBundle, readCodeCache, writeCodeCache } from './code-cache.js';

const PARAMETERS = ['module', 'input'];
const SOURCE = '(function (module, input) {function double(x) { return x * 2; }\nmodule.exports.value = double(input);\n})';

// As bin.ts does before it compiles with or for the cache.
checkCachedCode();

function run(cached: Buffer | undefined, source = SOURCE) {
  const program = compileBundle(source, '/bundle.cjs', PARAMETERS, cached);
  const module = { exports: {} as { value?: number } };
  program.run({ module, input: 21 });
  return { program, value: module.exports.value };
}

const privateDir = () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'x-code-cache-')), 'xview');
  mkdirSync(dir, { mode: 0o700 });
  return dir;
};

describe('the code cache', () => {
  it('is found under XDG_CACHE_HOME, else the home cache folder, and can be turned off', () => {
    expect(codeCacheDir({ XDG_CACHE_HOME: '/c' })).toBe('/c/xview');
    // A relative XDG_CACHE_HOME is invalid by the specification, so ignored.
    expect(codeCacheDir({ XDG_CACHE_HOME: 'c' })).toMatch(/\.cache[\\/]xview$/);
    expect(codeCacheDir({ XDG_CACHE_HOME: '/c', XVIEW_CODE_CACHE: '0' })).toBeUndefined();
    expect(codeCacheDir({ XDG_CACHE_HOME: '/c', NODE_DISABLE_COMPILE_CACHE: '1' })).toBeUndefined();
  });

  it('is never under the current directory: an empty or relative HOME is not a home', () => {
    // With `HOME=` the cache was `.cache/xview`: a cloned repository's file there, owned by the user, was read as xview's code.
    for (const HOME of ['', '.', 'repo']) {
      // bin.ts passes process.env, and Node's homedir() reads HOME from it.
      vi.stubEnv('HOME', HOME);
      vi.stubEnv('XDG_CACHE_HOME', undefined);
      let dir: string | undefined;
      try {
        dir = codeCacheDir(process.env);
      } finally {
        vi.unstubAllEnvs();
      }
      expect(dir === undefined || isAbsolute(dir), `${HOME}: ${dir}`).toBe(true);
    }
  });

  it('gives V8 the code of an earlier run of the same build, which V8 takes, and runs the same', () => {
    const dir = privateDir();
    const first = run(undefined);
    expect(first.program.cache).toBe('miss');
    writeCodeCache(dir, 'b1', { data: first.program.compiledCode, parts: ['renderer:terminal', 'source:claude'] });
    expect(statSync(join(dir, 'code.cache')).mode & 0o777).toBe(0o600);
    const cached = readCodeCache(dir, 'b1');
    expect(cached?.parts).toEqual(['renderer:terminal', 'source:claude']);
    const second = run(cached?.data);
    expect(second.program.cache).toBe('hit');
    expect(second.value).toBe(42);
  });

  it('keeps nothing of another build: a cache is for one build hash, Node version and architecture', () => {
    const dir = privateDir();
    writeCodeCache(dir, 'b1', { data: run(undefined).program.compiledCode, parts: [] });
    expect(readCodeCache(dir, 'b2')).toBeUndefined();
    expect(readFileSync(join(dir, 'code.cache'), 'latin1').split('\n')[0]).toMatch(new RegExp(`^xview-code-cache 4 b1 ${process.version} ${process.arch} $`));
  });

  it('has V8 refuse code made for another source, and still runs the source it is given', () => {
    const dir = privateDir();
    writeCodeCache(dir, 'b1', { data: run(undefined).program.compiledCode, parts: [] });
    const other = run(readCodeCache(dir, 'b1')?.data, SOURCE.replace('\n})', '\nmodule.exports.value += 1;\n})'));
    expect(other.program.cache).toBe('rejected');
    expect(other.value).toBe(43);
  });

  it.skipIf(process.platform === 'win32')('trusts no file or folder that another user could write, and follows no link', () => {
    const dir = privateDir();
    writeCodeCache(dir, 'b1', { data: run(undefined).program.compiledCode, parts: [] });
    const file = join(dir, 'code.cache');
    chmodSync(file, 0o666);
    expect(readCodeCache(dir, 'b1')).toBeUndefined();
    chmodSync(file, 0o600);
    chmodSync(dir, 0o777);
    expect(readCodeCache(dir, 'b1')).toBeUndefined();
    // Nor is a cache written into a folder others can write.
    writeCodeCache(dir, 'b2', { data: run(undefined).program.compiledCode, parts: [] });
    chmodSync(dir, 0o700);
    expect(readCodeCache(dir, 'b2')).toBeUndefined();
    const linked = privateDir();
    symlinkSync(file, join(linked, 'code.cache'));
    expect(readCodeCache(linked, 'b1')).toBeUndefined();
    expect(readCodeCache(dir, 'b1')).toBeDefined();
  });

  it('reads no cache larger than V8\'s code of xview could be', () => {
    const dir = privateDir();
    writeCodeCache(dir, 'b1', { data: run(undefined).program.compiledCode, parts: [] });
    expect(readCodeCache(dir, 'b1')).toBeDefined();
    // The header of this build, then 65 MiB (sparse): it was read whole, and its data handed to V8.
    truncateSync(join(dir, 'code.cache'), 65 * 1024 * 1024);
    // Its length, not the cache: a failure would print 65 MiB of data.
    expect(readCodeCache(dir, 'b1')?.data.length).toBeUndefined();
  });

  it('is no error when it cannot be written', () => {
    const blocked = join(mkdtempSync(join(tmpdir(), 'x-code-cache-')), 'file');
    writeFileSync(blocked, '');
    let serialised = 0;
    const data = () => {
      serialised++;
      return Buffer.from('x');
    };
    expect(() => writeCodeCache(join(blocked, 'xview'), 'b1', { data, parts: [] })).not.toThrow();
    // V8 is not asked to serialise code that cannot be kept.
    expect(serialised).toBe(0);
    expect(readCodeCache(join(blocked, 'xview'), 'b1')).toBeUndefined();
  });

  it('makes a missing cache home and its xview folder, private, and no deeper tree', () => {
    const base = mkdtempSync(join(tmpdir(), 'x-code-cache-'));
    const data = () => Buffer.from('x');
    writeCodeCache(join(base, 'cache', 'xview'), 'b1', { data, parts: [] });
    expect(statSync(join(base, 'cache')).mode & 0o777).toBe(0o700);
    expect(statSync(join(base, 'cache', 'xview', 'code.cache')).isFile()).toBe(true);
    writeCodeCache(join(base, 'a', 'b', 'xview'), 'b1', { data, parts: [] });
    expect(() => statSync(join(base, 'a'))).toThrow();
  });

  // Node's recursive mkdir loops for ever on /proc/x/y: this test hung before the cache made its folders one level at a time.
  it.skipIf(!existsSync('/proc/self'))('gives up at once on a cache home under /proc', () => {
    const data = () => Buffer.from('x');
    expect(() => writeCodeCache(`/proc/xview-no-such-${process.pid}/xview`, 'b1', { data, parts: [] })).not.toThrow();
  });

  it('reads the build hash from the bundle’s first line', () => {
    expect(BUILD_MARK.exec('/* xview-build 02fc0aa70f69a729 */\n"use strict";')?.[1]).toBe('02fc0aa70f69a729');
    expect(BUILD_MARK.exec('"use strict";')).toBeNull();
  });
});
