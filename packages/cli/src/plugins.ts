import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
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

const CONFIG_FILE = 'config.json';
/**
 * How long one plugin's module may take to load before the run stops (exit 2):
 * a module that never settles would otherwise leave nothing to wait for, and
 * xview would exit 0 having shown nothing.
 */
const LOAD_TIMEOUT_MS = 10_000;
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
async function loadOne(set: PluginSet, spec: string, cwd: string, timeoutMs: number): Promise<void> {
  const module = await importWithin(spec, entryOf(spec, cwd), timeoutMs);
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

/** Installed packages named by convention in `dir`'s node_modules. */
function conventionPackages(dir: string): string[] {
  const modules = join(dir, 'node_modules');
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

/**
 * The user's own xview folder: `$XDG_CONFIG_HOME/xview`, else `~/.config/xview`.
 * It is the only place plugins are found without `--plugin`: the current
 * directory is often a cloned repository, whose code the user did not choose to run.
 */
export function userConfigDir(env: Record<string, string | undefined>): string {
  const xdg = env.XDG_CONFIG_HOME;
  return join(xdg !== undefined && isAbsolute(xdg) ? xdg : join(env.HOME ?? homedir(), '.config'), 'xview');
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
 * The plugins the user chose once for every run: `"plugins"` of
 * `config.json` in their xview folder (resolved from that folder), and
 * packages named by convention installed in that folder's `node_modules`.
 */
function userPlugins(dir: string, problems: string[]): PluginSpec[] {
  const specs: PluginSpec[] = [];
  const file = join(dir, CONFIG_FILE);
  if (existsSync(file)) {
    const config = readJson(file, file, problems);
    if (config !== undefined) specs.push(...pluginList(config, file, problems).map((spec) => ({ spec, base: dir })));
  }
  specs.push(...conventionPackages(dir).map((spec) => ({ spec, base: dir })));
  return specs;
}

/** A plugin's import, given {@link LOAD_TIMEOUT_MS} to settle; past it the run stops with exit 2. */
async function importWithin(spec: string, entry: string, timeoutMs: number): Promise<Record<string, unknown>> {
  const timer: { id?: ReturnType<typeof setTimeout> } = {};
  const late = new Promise<never>((_resolve, reject) => {
    timer.id = setTimeout(
      () => reject(new CliError(`plugin ${spec} did not finish loading within ${timeoutMs / 1000} s; remove it or load it with --plugin only when needed.`, ExitCode.usage)),
      timeoutMs,
    );
  });
  try {
    return (await Promise.race([import(pathToFileURL(entry).href), late])) as Record<string, unknown>;
  } finally {
    clearTimeout(timer.id);
  }
}

/** Where {@link loadPlugins} looks: `--plugin` paths from `cwd`, and the user's own xview folder. */
export interface PluginPlaces {
  cwd: string;
  env: Record<string, string | undefined>;
  /** How long one plugin's module may take to load (default 10 s). */
  timeoutMs?: number;
}

/**
 * The built-in sources (stand-ins until one is chosen: built-in-sources.ts),
 * then every plugin: those named with `--plugin` (resolved from `cwd`), then
 * those the user chose in their own xview folder ({@link userConfigDir}:
 * `"plugins"` of `config.json`, and `x-provider-*`/`x-renderer-*` packages in
 * its `node_modules`), each loaded once. Nothing in `cwd` is loaded unasked.
 * A plugin that cannot be used is skipped with one line in `problems`; one
 * whose module does not settle in time stops the run (`CliError`, exit 2).
 */
export async function loadPlugins(specs: readonly string[], places: PluginPlaces): Promise<PluginSet> {
  const builtIn = builtInStandIns();
  const set: PluginSet = {
    registry: createSourceRegistry(builtIn),
    origins: new Map(builtIn.map((source) => [source.id, 'built-in'])),
    renderers: new Map(),
    problems: [],
  };
  const named = specs.map((spec) => ({ spec, base: places.cwd }));
  const found = userPlugins(userConfigDir(places.env), set.problems);
  const seen = new Set<string>();
  for (const { spec, base } of [...named, ...found]) {
    const key = `${resolve(base)}\0${spec}`;
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      await loadOne(set, spec, base, places.timeoutMs ?? LOAD_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof CliError) throw error;
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
