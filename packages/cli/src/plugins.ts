import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DisplayEventSource, Renderer, SourceRegistry } from '@x/core';
import { checkSpecificationVersion, createSourceRegistry, defineSource } from '@x/core';
import { CliError, ExitCode } from './exit-codes.js';
import { builtInStandIns } from './built-in-sources.js';

/** What a renderer plugin's `create` is handed: where to write, and what the terminal is like. */
export interface RendererPluginOptions {
  /** Writes text to standard output; await it, it applies backpressure. */
  write(text: string): void | Promise<void>;
  isTTY: boolean;
  /** The terminal's width, when standard output is one that reports it. */
  columns: number | undefined;
  env: Record<string, string | undefined>;
}

/**
 * A renderer as a plugin exports it: an id for `--renderer <id>`, the
 * contract version, and a factory of one renderer per run.
 */
export interface RendererPlugin {
  readonly specificationVersion: string;
  readonly id: string;
  readonly displayName?: string;
  create(options: RendererPluginOptions): Renderer;
}

/** The sources and renderers `xview` can use, each with where it came from (`built-in`, or the plugin). */
export interface PluginSet {
  registry: SourceRegistry;
  origins: Map<string, string>;
  renderers: Map<string, { plugin: RendererPlugin; origin: string }>;
  /** One line per plugin that could not be used, naming it. */
  problems: string[];
}

const CONFIG_FILE = 'xview.config.json';
/** Installed packages found without `--plugin`: `x-provider-*`, `x-renderer-*`, and the same under any scope. */
const CONVENTION = /^x-(provider|renderer)-/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function looksLikeSource(value: unknown): value is DisplayEventSource {
  return isObject(value) && typeof value.createParser === 'function' && typeof value.detect === 'function';
}

function looksLikeRenderer(value: unknown): value is RendererPlugin {
  return isObject(value) && typeof value.create === 'function' && typeof value.id === 'string';
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
function entryOf(spec: string, cwd: string): string {
  const isPath = spec.startsWith('.') || isAbsolute(spec);
  const location = isPath ? resolve(cwd, spec) : join(cwd, 'node_modules', spec);
  if (!existsSync(location)) throw new Error(isPath ? 'no such file or directory' : `not installed in ${join(cwd, 'node_modules')}`);
  const entry = statSync(location).isDirectory() ? packageEntry(location) : location;
  if (!existsSync(entry)) throw new Error(`its entry ${entry} does not exist (is it built?)`);
  return entry;
}

/**
 * What a plugin module offers: every export that is a source (`detect` and
 * `createParser`) or a renderer plugin (`id` and `create`), and a default
 * export that is one of those or `{ sources, renderers }`.
 */
function contentsOf(module: Record<string, unknown>): { sources: DisplayEventSource[]; renderers: RendererPlugin[] } {
  const values: unknown[] = Object.entries(module)
    .filter(([name]) => name !== 'default')
    .map(([, value]) => value);
  const fallback = module.default;
  if (isObject(fallback) && (Array.isArray(fallback.sources) || Array.isArray(fallback.renderers))) {
    values.push(...((fallback.sources as unknown[]) ?? []), ...((fallback.renderers as unknown[]) ?? []));
  } else if (fallback !== undefined) {
    values.push(fallback);
  }
  const unique = [...new Set(values)];
  return { sources: unique.filter(looksLikeSource), renderers: unique.filter(looksLikeRenderer) };
}

/** Loads one plugin into the set, all or nothing: any problem leaves the set as it was and throws. */
async function loadOne(set: PluginSet, spec: string, cwd: string): Promise<void> {
  const module = (await import(pathToFileURL(entryOf(spec, cwd)).href)) as Record<string, unknown>;
  const { sources, renderers } = contentsOf(module);
  if (sources.length === 0 && renderers.length === 0) throw new Error('it exports no source (detect, createParser) and no renderer (id, create)');
  // defineSource refuses another contract version by name, and bad metadata.
  const checked = sources.map(defineSource);
  for (const renderer of renderers) {
    checkSpecificationVersion(`renderer "${renderer.id}"`, renderer.specificationVersion);
    if (set.renderers.has(renderer.id)) throw new Error(`a renderer with id "${renderer.id}" is already loaded from ${set.renderers.get(renderer.id)?.origin}`);
  }
  const ids = new Set<string>();
  for (const source of checked) {
    const taken = ids.has(source.id) ? spec : set.origins.get(source.id);
    if (taken !== undefined) throw new Error(`a source with id "${source.id}" is already loaded (${taken})`);
    ids.add(source.id);
  }
  for (const source of checked) {
    set.registry.register(source);
    set.origins.set(source.id, spec);
  }
  for (const renderer of renderers) set.renderers.set(renderer.id, { plugin: renderer, origin: spec });
}

/** Installed packages named by convention in `cwd`'s node_modules. */
function conventionPackages(cwd: string): string[] {
  const modules = join(cwd, 'node_modules');
  if (!existsSync(modules)) return [];
  const found: string[] = [];
  for (const name of readdirSync(modules).sort()) {
    if (CONVENTION.test(name)) found.push(name);
    else if (name.startsWith('@')) {
      for (const inner of readdirSync(join(modules, name)).sort()) if (CONVENTION.test(inner)) found.push(`${name}/${inner}`);
    }
  }
  return found;
}

/** A plugin to load: a path or package name, and the directory it is resolved from. */
interface PluginSpec {
  spec: string;
  base: string;
}

/** The `package.json` in `dir` or the nearest directory above it, as npm finds a project's manifest. */
function nearestPackageJson(dir: string): string | undefined {
  for (let current = resolve(dir); ; current = dirname(current)) {
    const file = join(current, 'package.json');
    if (existsSync(file)) return file;
    if (dirname(current) === current) return undefined;
  }
}

/** The `plugins` list of one config object; a wrong shape is a problem, not a failure. */
function pluginList(config: unknown, label: string, problems: string[]): string[] {
  const plugins = isObject(config) ? config.plugins : undefined;
  if (Array.isArray(plugins) && plugins.every((p) => typeof p === 'string')) return plugins;
  problems.push(`xview: ${label}: "plugins" must be a list of package names or paths; ignored.`);
  return [];
}

/** A JSON file's value, or `undefined` with one problem line when it does not parse. */
function readJson(file: string, label: string, problems: string[]): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    problems.push(`xview: ${label} is not valid JSON (${error instanceof Error ? error.message : String(error)}); ignored.`);
    return undefined;
  }
}

/**
 * The plugins the configuration names: `"plugins"` of `xview.config.json` in
 * `cwd`, and of the `"xview"` key (same shape) of the nearest `package.json`,
 * each resolved from the directory of the file that names it.
 */
function configPlugins(cwd: string, problems: string[]): PluginSpec[] {
  const specs: PluginSpec[] = [];
  const file = join(cwd, CONFIG_FILE);
  if (existsSync(file)) {
    const config = readJson(file, CONFIG_FILE, problems);
    if (config !== undefined) specs.push(...pluginList(config, CONFIG_FILE, problems).map((spec) => ({ spec, base: cwd })));
  }
  const manifest = nearestPackageJson(cwd);
  if (manifest !== undefined) {
    const label = relative(cwd, manifest);
    const pkg = readJson(manifest, label, problems);
    if (isObject(pkg) && pkg.xview !== undefined) {
      specs.push(...pluginList(pkg.xview, `${label} "xview"`, problems).map((spec) => ({ spec, base: dirname(manifest) })));
    }
  }
  return specs;
}

/**
 * The built-in sources (stand-ins until one is chosen: built-in-sources.ts),
 * then every plugin: those named with `--plugin`, those listed in
 * `xview.config.json` or the `"xview"` key of the nearest `package.json`, and
 * installed packages named by convention, each loaded once. A plugin that
 * cannot be used is skipped with one line in `problems`; the rest still load.
 */
export async function loadPlugins(specs: readonly string[], cwd: string): Promise<PluginSet> {
  const builtIn = builtInStandIns();
  const set: PluginSet = {
    registry: createSourceRegistry(builtIn),
    origins: new Map(builtIn.map((source) => [source.id, 'built-in'])),
    renderers: new Map(),
    problems: [],
  };
  const named = specs.map((spec) => ({ spec, base: cwd }));
  const found = [...configPlugins(cwd, set.problems), ...conventionPackages(cwd).map((spec) => ({ spec, base: cwd }))];
  const seen = new Set<string>();
  for (const { spec, base } of [...named, ...found]) {
    const key = `${resolve(base)}\0${spec}`;
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      await loadOne(set, spec, base);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      set.problems.push(`xview: plugin ${spec} skipped: ${reason}`);
    }
  }
  return set;
}

/** Exit 2 when `--provider` or `--renderer` names an id that nothing loaded provides. */
export function checkChoices(set: PluginSet, provider: string | undefined, renderer: string | undefined): void {
  if (provider !== undefined && provider !== 'text' && set.registry.get(provider) === undefined) {
    const ids = [...set.registry.list().map((s) => s.id), 'text'].join(', ');
    throw new CliError(`unknown provider "${provider}". Choose one of: ${ids}.`, ExitCode.usage);
  }
  if (renderer !== undefined && !set.renderers.has(renderer)) {
    const ids = [...set.renderers.keys()].join(', ') || 'none is loaded; add one with --plugin';
    throw new CliError(`unknown renderer "${renderer}". Choose one of: ${ids}.`, ExitCode.usage);
  }
}

/** The renderer of plugin renderer `id` (checked by {@link checkChoices}); a `create` that throws is a one-line error naming it. */
export function createPluginRenderer(set: PluginSet, id: string, options: RendererPluginOptions): Renderer {
  const loaded = set.renderers.get(id) as { plugin: RendererPlugin; origin: string };
  try {
    return loaded.plugin.create(options);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new CliError(`renderer "${id}" of plugin ${loaded.origin} failed to start: ${reason}`, ExitCode.usage);
  }
}

/** The `--list-providers` text: every source and renderer with where it came from. */
export function pluginListing(set: PluginSet): string {
  const rows: Array<[string, string, string]> = set.registry.list().map((s) => [s.id, `${s.displayName} (${s.cadence})`, set.origins.get(s.id) ?? '']);
  rows.push(['text', 'Plain text (streaming)', 'built-in']);
  for (const [id, { plugin, origin }] of set.renderers) rows.push([id, `${plugin.displayName ?? id} (renderer, --renderer ${id})`, origin]);
  const idWidth = Math.max(...rows.map(([id]) => id.length));
  const nameWidth = Math.max(...rows.map(([, name]) => name.length));
  return rows.map(([id, name, origin]) => `${id.padEnd(idWidth)}  ${name.padEnd(nameWidth)}  ${origin}\n`).join('');
}
