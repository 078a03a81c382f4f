import { createSourceRegistry } from '@x/core';
import type { SessionSources, SessionStoreRegistry } from '@x/sessions';
import { createSessionStoreRegistry } from '@x/sessions';
import { neutralizeForTerminal } from '@x/renderer-terminal/sanitize';
import type { PluginPlaces, PluginSet } from '../plugins.js';
import { loadPlugins, pluginTimeout } from '../plugins.js';
import { BUILT_IN_SOURCES } from '../providers.js';
import { BUILT_IN_STORES } from '../session-stores.js';
import type { SessionCommandIo } from './session-common.js';
import { sessionSourcesFrom } from './session-common.js';

/** The session stores a command reads, and the source for each store's sessions. */
export interface SessionRegistries {
  stores: SessionStoreRegistry;
  sources: SessionSources;
}

/** Where the session commands look for plugins, with the built-in stores registered first. */
export function sessionPluginPlaces(io: Pick<SessionCommandIo, 'cwd' | 'env'>, extra: Partial<PluginPlaces> = {}): PluginPlaces {
  return { cwd: io.cwd ?? process.cwd(), env: io.env, timeoutMs: pluginTimeout(io.env), stores: BUILT_IN_STORES, ...extra };
}

/**
 * The registries of a loaded plugin set: every store (built-in first), and
 * the sources to read them with, the built-in ones loaded (not the stand-ins
 * of the plugin set) and each plugin's own, so a plugin's store finds the log
 * source it names among its plugin's sources.
 */
export function sessionRegistries(set: PluginSet): SessionRegistries {
  const stores = createSessionStoreRegistry([...set.stores.values()].map(({ store }) => store));
  const fromPlugins = set.registry.list().filter((source) => set.origins.get(source.id) !== 'built-in');
  return { stores, sources: sessionSourcesFrom(createSourceRegistry([...BUILT_IN_SOURCES, ...fromPlugins]), stores) };
}

/**
 * Loads the plugins for `xview sessions`, `site` and `serve`: those named
 * with `--plugin` and the user's own, as rendering does. Each one that is
 * skipped is one line on standard error, through the terminal gate (it
 * quotes the plugin's own error message).
 */
export async function loadSessionPlugins(specs: readonly string[], io: SessionCommandIo): Promise<SessionRegistries> {
  const set = await loadPlugins(specs, sessionPluginPlaces(io));
  const registries = sessionRegistries(set);
  for (const line of [...set.problems, ...unreadableStores(set, registries)]) io.stderr.write(`${neutralizeForTerminal(line)}\n`);
  return registries;
}

/** One line per store whose sessions no loaded source reads: told when the plugins load, not when a page of its sessions fails. */
function unreadableStores(set: PluginSet, registries: SessionRegistries): string[] {
  return registries.stores
    .list()
    .filter((store) => registries.sources[store.id] === undefined)
    .map((store) => {
      const origin = set.stores.get(store.id)?.origin ?? 'a plugin';
      return `xview: the session store "${store.id}" (${origin}) names the log source "${store.logSource}", which no loaded plugin provides: its sessions are listed but cannot be shown.`;
    });
}
