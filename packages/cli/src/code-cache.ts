import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { notYoursAlone, type Ownership } from './only-yours.js';
import { userHome } from './user-home.js';

/*
 * V8's compiled code of xview, kept on disk between runs. Most of what a
 * start of xview costs beyond Node's own is compiling its JavaScript (about
 * 40 ms of 110 for a small file here); with the code V8 compiled in an earlier
 * run, a start skips it. Node 22 does the same for any module
 * (`module.enableCompileCache`); Node 20 has only `vm.Script`'s cached data,
 * which is what this uses on every version, so that xview starts alike on
 * both. What is kept is V8's own serialisation of xview's code, never
 * anything read from an input.
 *
 * The file is trusted only when it and its folder are the current user's
 * alone (only-yours.ts): code read from it runs as xview. V8 checks
 * that the data fits its version, its flags and the source's length; the
 * header checks which build of xview (a hash of its bundle) and which Node.
 * By default V8 does not check the data's own integrity (Node 20's V8 crashed
 * on a truncated cache, and ran a corrupted one silently wrong), so every
 * cache is made and read with {@link checkCachedCode} on.
 */

/** The first line of every cache file up to the parts: the format, the bundle's build hash, Node's version and architecture. */
function headerOf(build: string): string {
  return `xview-code-cache 4 ${build} ${process.version} ${process.arch} `;
}

/**
 * Has V8 checksum the code it caches and check the sum before it reads
 * cached code (`--verify-snapshot-checksum`, on by default only in V8's debug
 * builds): damaged data is then refused like code of another version. Called
 * before a bundle is compiled with or for the cache. The flag is one of those
 * V8 keys its cached code to, so code made without it is refused too. It
 * replaced a SHA-256 kept in the header: loading node:crypto and hashing cost
 * 3 ms of a 30 ms start, V8's sum a tenth of a millisecond.
 */
export function checkCachedCode(): void {
  setFlagsFromString('--verify-snapshot-checksum');
}

/** What a cache file holds: V8's code, and the parts of xview whose runs compiled it (loaded-parts.ts). */
export interface CodeCache {
  data: Buffer;
  parts: readonly string[];
}

/**
 * Where the cache lives, or undefined when it is turned off
 * (`XVIEW_CODE_CACHE=0`, or Node's own `NODE_DISABLE_COMPILE_CACHE`) or no
 * home is known: `$XDG_CACHE_HOME/xview`, else `~/.cache/xview`
 * (`%LOCALAPPDATA%\xview` on Windows). Never a path relative to the current
 * directory ({@link userHome}), whose files may be a cloned repository's.
 */
export function codeCacheDir(env: Record<string, string | undefined>): string | undefined {
  if (env.XVIEW_CODE_CACHE === '0' || env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg?.startsWith('/')) return join(xdg, 'xview');
  if (process.platform === 'win32' && env.LOCALAPPDATA && isAbsolute(env.LOCALAPPDATA)) return join(env.LOCALAPPDATA, 'xview');
  const home = userHome(env);
  return home === undefined ? undefined : join(home, '.cache', 'xview');
}

/** Whether a file's or folder's status says it is the current user's alone (only-yours.ts; POSIX, Windows folders are per user). */
function ownedAndPrivate(stats: Ownership): boolean {
  return notYoursAlone(stats) === undefined;
}

/**
 * The largest cache file read. V8's code of the whole of xview is a few MiB;
 * a larger file is no cache of this build, and reading it whole (1.5 GB took
 * 20 s and as much memory) would cost more than the start it saves.
 */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** The cache for this build, or undefined: absent, another build, or not to be trusted. */
export function readCodeCache(dir: string, build: string): CodeCache | undefined {
  let fd: number | undefined;
  try {
    if (!ownedAndPrivate(statSync(dir))) return undefined;
    // O_NOFOLLOW: a link put in place of the file is refused, not followed.
    // O_NONBLOCK: a named pipe put in its place is refused by fstat below; opened blocking, it held every start until a writer came.
    fd = openSync(join(dir, 'code.cache'), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    const stats = fstatSync(fd);
    if (!stats.isFile() || !ownedAndPrivate(stats) || stats.size > MAX_CACHE_BYTES) return undefined;
    const file = readFileSync(fd);
    const expected = Buffer.from(headerOf(build));
    const end = file.indexOf(0x0a);
    if (end < 0 || !file.subarray(0, expected.length).equals(expected)) return undefined;
    const parts = file.toString('latin1', expected.length, end);
    return { data: file.subarray(end + 1), parts: parts === '' ? [] : parts.split(',') };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Makes the cache folder and its parent (the cache home) where missing, one
 * level each, private to this user. Not Node's recursive `mkdir`, which loops
 * for ever under /proc (`XDG_CACHE_HOME=/proc/x`); a cache home whose own
 * parent is missing gets no cache, which costs only start-up time.
 */
function makeCacheFolder(dir: string): void {
  for (const folder of [dirname(dir), dir]) {
    try {
      mkdirSync(folder, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Writes the cache for this build: to a new private file beside it, then
 * renamed into place, so that a reader never sees half a file and two
 * xviews starting at once do not mix theirs. A cache that cannot be written
 * (a read-only home, a full disk) is no error: the next start compiles again.
 * `cache.data` is asked for only once the folder is known to be usable: V8
 * takes a few milliseconds to serialise the code.
 */
export function writeCodeCache(dir: string, build: string, cache: { parts: readonly string[]; data: () => Buffer }): void {
  try {
    makeCacheFolder(dir);
    if (!ownedAndPrivate(statSync(dir))) return;
    const temporary = join(dir, `code.cache.${process.pid}.${Date.now()}`);
    const data = cache.data();
    const header = `${headerOf(build)}${cache.parts.filter((part) => /^[\w:-]+$/.test(part)).join(',')}\n`;
    writeFileSync(temporary, Buffer.concat([Buffer.from(header, 'latin1'), data]), { flag: 'wx', mode: 0o600 });
    renameSync(temporary, join(dir, 'code.cache'));
  } catch {
    // Only an optimisation: see above.
  }
}

/** A CommonJS bundle compiled with the cache, ready to run once. */
export interface CachedProgram {
  /** `hit`: V8 took the cached code; `miss`: there was none; `rejected`: V8 refused it (another Node, other flags). */
  cache: 'hit' | 'miss' | 'rejected';
  /** Runs the bundle's top level with these values for its wrapper's parameters. */
  run(parameters: Record<string, unknown>): void;
  /** The code V8 has compiled for the bundle so far, for {@link writeCodeCache}. */
  compiledCode(): Buffer;
}

/** The bundle's first line, a comment `xview-build <hash>`: tsup.config.ts writes a hash of the bundle there. */
export const BUILD_MARK = /^\/\* xview-build ([0-9a-f]+) \*\//;

/** What the bundle's code is a function of: CommonJS's five, and what bin.ts lends it in place of `import.meta.url` and `import()`. */
export const BUNDLE_PARAMETERS = ['exports', 'require', 'module', '__filename', '__dirname', '__xview_import_meta_url', '__xview_import'] as const;

/**
 * The bundle's code opens with this and ends with `})`: the build wraps it
 * as one function expression, as Node wraps a CommonJS module, so that a start
 * hands V8 the file's text as read. Wrapped at each start, its 1.1 MB were
 * copied into one new string on V8's heap before V8 could look up its code.
 */
export const BUNDLE_HEAD = `(function (${BUNDLE_PARAMETERS.join(', ')}) {`;

/**
 * Compiles `source`, one function expression of `parameters` (a bundle
 * wrapped like {@link BUNDLE_HEAD}; `file` its path for stack traces), with
 * `cached` as V8's code if any.
 */
export function compileBundle(source: string, file: string, parameters: readonly string[], cached: Buffer | undefined): CachedProgram {
  // V8 checks the cached code against the source's length, its own version and its flags, and refuses it on any difference.
  const script = new Script(source, { filename: file, cachedData: cached });
  return {
    cache: cached === undefined ? 'miss' : script.cachedDataRejected === true ? 'rejected' : 'hit',
    run(values) {
      const fn = script.runInThisContext() as (...args: unknown[]) => void;
      fn(...parameters.map((name) => values[name]));
    },
    compiledCode: () => script.createCachedData(),
  };
}
