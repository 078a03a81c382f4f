import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { DisplayEventSource, RendererPlugin, SessionStore } from '@x/core';

/** What one plugin module offers, before any of it is checked. */
export interface PluginContents {
  sources: DisplayEventSource[];
  renderers: RendererPlugin[];
  stores: SessionStore[];
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function looksLikeSource(value: unknown): value is DisplayEventSource {
  return isObject(value) && typeof value.createParser === 'function' && typeof value.detect === 'function';
}

function looksLikeRenderer(value: unknown): value is RendererPlugin {
  return isObject(value) && typeof value.create === 'function' && typeof value.id === 'string';
}

/**
 * A session store's shape: the three functions of the contract and the log
 * source it names. Picked loosely on purpose, so that a store with bad
 * metadata is refused by `defineSessionStore` with its reason, not ignored.
 */
function looksLikeStore(value: unknown): value is SessionStore {
  return isObject(value) && typeof value.list === 'function' && typeof value.open === 'function' && typeof value.roots === 'function';
}

/** The file an `exports` value points an ESM import at (`import`, `node` or `default` condition). */
function exportTarget(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(exportTarget).find((target) => target !== undefined);
  if (!isObject(value)) return undefined;
  if ('.' in value) return exportTarget(value['.']);
  for (const condition of ['import', 'node', 'default']) {
    const target = exportTarget(value[condition]);
    if (target !== undefined) return target;
  }
  return undefined;
}

/** A package directory's entry file: its `exports` for `.`, else `main`, else `index.js`. */
function packageEntry(dir: string): string {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return join(dir, 'index.js');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown; main?: unknown };
  const target = pkg.exports === undefined ? (typeof pkg.main === 'string' ? pkg.main : 'index.js') : exportTarget(pkg.exports);
  if (target === undefined) throw new Error('its package.json "exports" has no "." entry for import');
  return join(dir, target);
}

/** A path (`./x`, `/x`) from `cwd`, or a package name from `cwd`'s node_modules. */
export function entryOf(spec: string, cwd: string): string {
  const isPath = spec.startsWith('.') || isAbsolute(spec);
  const location = isPath ? resolve(cwd, spec) : join(cwd, 'node_modules', spec);
  if (!existsSync(location)) throw new Error(isPath ? 'no such file or directory' : `not installed in ${join(cwd, 'node_modules')}`);
  const entry = statSync(location).isDirectory() ? packageEntry(location) : location;
  if (!existsSync(entry)) throw new Error(`its entry ${entry} does not exist (is it built?)`);
  return entry;
}

/** The lists of a default export `{ sources, renderers, stores }`, or undefined when it is not one. */
function listsOf(fallback: unknown): unknown[] | undefined {
  if (!isObject(fallback)) return undefined;
  const lists = [fallback.sources, fallback.renderers, fallback.stores];
  if (!lists.some(Array.isArray)) return undefined;
  return lists.flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []));
}

/**
 * What a plugin module offers: every export that is a source (`detect` and
 * `createParser`), a renderer plugin (`id` and `create`) or a session store
 * (`roots`, `list` and `open`), and a default export that is one of those or
 * `{ sources, renderers, stores }`.
 */
export function contentsOf(module: Record<string, unknown>): PluginContents {
  const values: unknown[] = Object.entries(module)
    .filter(([name]) => name !== 'default')
    .map(([, value]) => value);
  const fallback = module.default;
  const lists = listsOf(fallback);
  if (lists !== undefined) values.push(...lists);
  else if (fallback !== undefined) values.push(fallback);
  const unique = [...new Set(values)];
  return { sources: unique.filter(looksLikeSource), renderers: unique.filter(looksLikeRenderer), stores: unique.filter(looksLikeStore) };
}
