import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Renderer, RendererPlugin, RendererPluginOptions, RendererReportReader, SessionStore, SourceRegistry } from '@x/core';
import { createSourceRegistry, defineRendererPlugin, defineSessionStore, defineSource } from '@x/core';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import { CliError, ExitCode } from './exit-codes.js';
import { BUILT_IN_STORE_IDS, builtInStandIns } from './built-in-sources.js';
import { checkedSource, reasonOf } from './plugin-events.js';
import { contentsOf, entryOf } from './plugin-module.js';
import { userConfigDir, userPlugins } from './user-plugins.js';

/** The sources, renderers and session stores `xview` can use, each with where it came from (`built-in`, or the plugin). */
export interface PluginSet {
  registry: SourceRegistry;
  origins: Map<string, string>;
  renderers: Map<string, { plugin: RendererPlugin; origin: string }>;
  /** The session stores by agent id: the built-in ones the command passed, then the plugins'. */
  stores: Map<string, { store: SessionStore; origin: string }>;
  /** One line per plugin that could not be used, naming it. */
  problems: string[];
}

/**
 * How long one plugin's module may take to load before the run stops (exit 2):
 * a module that never settles would otherwise leave nothing to wait for, and
 * xview would exit 0 having shown nothing.
 */
const LOAD_TIMEOUT_MS = 10_000;

/** Throws when an id of `ids` is taken, by the set (`taken`) or twice by this plugin, naming both origins. */
function checkIds(kind: string, ids: readonly string[], taken: (id: string) => string | undefined, spec: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    const origin = seen.has(id) ? spec : taken(id);
    if (origin !== undefined) throw new Error(`a ${kind} with id "${id}" is already loaded from ${origin}`);
    seen.add(id);
  }
}

/** Loads one plugin into the set, all or nothing: any problem leaves the set as it was and throws. */
async function loadOne(set: PluginSet, spec: string, entry: string, timeoutMs: number): Promise<void> {
  const module = await importWithin(spec, entry, timeoutMs);
  const { sources, renderers, stores } = contentsOf(module);
  if (sources.length === 0 && renderers.length === 0 && stores.length === 0) {
    throw new Error('it exports no source (detect, createParser), no renderer (id, create) and no session store (roots, list, open)');
  }
  // The define functions refuse another contract version by name, and bad metadata.
  const checked = sources.map(defineSource);
  const checkedRenderers = renderers.map(defineRendererPlugin);
  const checkedStores = stores.map(defineSessionStore);
  checkIds('renderer', checkedRenderers.map((r) => r.id), (id) => set.renderers.get(id)?.origin, spec);
  checkIds('source', checked.map((s) => s.id), (id) => set.origins.get(id), spec);
  const storeOrigin = (id: string) => set.stores.get(id)?.origin ?? (BUILT_IN_STORE_IDS.includes(id) ? 'built-in' : undefined);
  checkIds('session store', checkedStores.map((s) => s.id), storeOrigin, spec);
  for (const source of checked) {
    set.registry.register(checkedSource(source));
    set.origins.set(source.id, spec);
  }
  for (const renderer of renderers) set.renderers.set(renderer.id, { plugin: renderer, origin: spec });
  for (const store of checkedStores) set.stores.set(store.id, { store, origin: spec });
}

/** A plugin's import, given {@link LOAD_TIMEOUT_MS} to settle; past it the run stops with exit 2. */
async function importWithin(spec: string, entry: string, timeoutMs: number): Promise<Record<string, unknown>> {
  const timer: { id?: ReturnType<typeof setTimeout> } = {};
  const late = new Promise<never>((_resolve, reject) => {
    timer.id = setTimeout(
      // Unsettled: the module's import cannot be cancelled, and what it waits on may keep the process alive.
      () => reject(new CliError(`plugin ${spec} did not finish loading within ${timeoutMs / 1000} s; remove it or load it with --plugin only when needed.`, ExitCode.usage, true)),
      timeoutMs,
    );
  });
  try {
    return (await Promise.race([import(pathToFileURL(entry).href), late])) as Record<string, unknown>;
  } finally {
    clearTimeout(timer.id);
  }
}

/** `XVIEW_PLUGIN_TIMEOUT_MS`, a positive number of milliseconds, else the default ({@link LOAD_TIMEOUT_MS}). */
export function pluginTimeout(env: Record<string, string | undefined>): number | undefined {
  const ms = Number(env.XVIEW_PLUGIN_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** Where {@link loadPlugins} looks: `--plugin` paths from `cwd`, and the user's own xview folder. */
export interface PluginPlaces {
  cwd: string;
  env: Record<string, string | undefined>;
  /** How long one plugin's module may take to load (default 10 s). */
  timeoutMs?: number;
  /** The built-in renderers, registered before any plugin's as `built-in` (built-in-renderers.ts). */
  renderers?: readonly RendererPlugin[];
  /**
   * The built-in session stores, registered before any plugin's as `built-in`
   * (session-stores.ts). Only the session commands pass them: importing them
   * loads every provider, which rendering one file must not pay for.
   */
  stores?: readonly SessionStore[];
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
    renderers: new Map((places.renderers ?? []).map((plugin) => [plugin.id, { plugin: defineRendererPlugin(plugin), origin: 'built-in' }])),
    stores: new Map((places.stores ?? []).map((store) => [store.id, { store, origin: 'built-in' }])),
    problems: [],
  };
  const named = specs.map((spec) => ({ spec, base: places.cwd }));
  const configDir = userConfigDir(places.env);
  const found = configDir === undefined ? [] : userPlugins(configDir, set.problems);
  // Once per name and folder, and once per entry file: a package named with
  // --plugin that is also in the user's folder is one plugin, loaded once.
  const seenNames = new Set<string>();
  const entries = new Set<string>();
  for (const { spec, base } of [...named, ...found]) {
    const key = `${resolve(base)}\0${spec}`;
    if (seenNames.has(key)) continue;
    seenNames.add(key);
    try {
      const entry = realpathSync(entryOf(spec, base));
      if (entries.has(entry)) continue;
      entries.add(entry);
      await loadOne(set, spec, entry, places.timeoutMs ?? LOAD_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof CliError) throw error;
      const reason = reasonOf(error).split('\n')[0];
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
    const ids = [...set.renderers.keys()].join(', ');
    throw new CliError(`unknown renderer "${renderer}". Choose one of: ${ids}.`, ExitCode.usage);
  }
}

/** A renderer of a plugin, with the report of each input when it takes one. */
export type PluginRenderer = Renderer & RendererReportReader;

/**
 * The renderer of renderer `id` (checked by {@link checkChoices}), built in
 * or a plugin's: loaded, then created. A `load` or `create` that throws is a
 * one-line error naming it.
 */
export async function createPluginRenderer(set: PluginSet, id: string, options: RendererPluginOptions): Promise<PluginRenderer> {
  const loaded = set.renderers.get(id) as { plugin: RendererPlugin; origin: string };
  try {
    await loaded.plugin.load?.();
    return loaded.plugin.create(options);
  } catch (error) {
    const reason = reasonOf(error).split('\n')[0];
    throw new CliError(`renderer "${id}" of plugin ${loaded.origin} failed to start: ${reason}`, ExitCode.usage);
  }
}

/** Whether renderer `id` needs the outcome handed to its `report` to list every call and file. */
export function listsCalls(set: PluginSet, id: string): boolean {
  return set.renderers.get(id)?.plugin.listsCalls === true;
}


/**
 * The `--list-providers` text: every source and renderer with where it came
 * from, and each plugin's session store (the built-in stores are loaded by
 * the session commands only, and `xview sessions --help` names them). Every
 * cell passes the terminal gate: a renderer's id and every display name are
 * a plugin's own strings, unchecked, and an origin is the path you gave.
 */
export function pluginListing(set: PluginSet): string {
  const rows: Array<[string, string, string]> = set.registry.list().map((s) => [s.id, `${s.displayName} (${s.cadence})`, set.origins.get(s.id) ?? '']);
  rows.push(['text', 'Plain text (streaming)', 'built-in']);
  for (const [id, { plugin, origin }] of set.renderers) rows.push([id, `${plugin.displayName ?? id} (renderer, --renderer ${id})`, origin]);
  for (const [id, { store, origin }] of set.stores) {
    if (origin !== 'built-in') rows.push([id, `${store.displayName} (session store, xview sessions --agent ${id})`, origin]);
  }
  const cells = rows.map((row) => row.map((cell) => neutralizeForTerminal(cell)) as [string, string, string]);
  const idWidth = Math.max(...cells.map(([id]) => id.length));
  const nameWidth = Math.max(...cells.map(([, name]) => name.length));
  return cells.map(([id, name, origin]) => `${id.padEnd(idWidth)}  ${name.padEnd(nameWidth)}  ${origin}\n`).join('');
}
