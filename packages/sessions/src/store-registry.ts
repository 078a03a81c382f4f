import { defineSessionStore, type SessionStore } from '@x/core';

/**
 * The session stores an application knows, one per agent id: the built-in
 * providers' and any a plugin brings. `@x/sessions` imports no provider; the
 * application registers the stores, as it registers sources.
 */
export interface SessionStoreRegistry {
  /** Adds a store, checked by `defineSessionStore`; throws when its id is taken. */
  register(store: SessionStore): void;
  get(agent: string): SessionStore | undefined;
  /** The stores in the order they were registered, which is the order listings and help text name agents. */
  list(): SessionStore[];
}

/** Creates a registry, optionally with stores. Registering an id twice throws, so two plugins cannot silently shadow each other. */
export function createSessionStoreRegistry(stores: Iterable<SessionStore> = []): SessionStoreRegistry {
  const byId = new Map<string, SessionStore>();
  const registry: SessionStoreRegistry = {
    register(store) {
      const checked = defineSessionStore(store);
      if (byId.has(checked.id)) throw new TypeError(`A session store with id "${checked.id}" is already registered; each id may be registered once.`);
      byId.set(checked.id, checked);
    },
    get: (agent) => byId.get(agent),
    list: () => [...byId.values()],
  };
  for (const store of stores) registry.register(store);
  return registry;
}

/** The registry itself, or a new one holding the stores of a list. */
export function toStoreRegistry(stores: SessionStoreRegistry | readonly SessionStore[]): SessionStoreRegistry {
  return Array.isArray(stores) ? createSessionStoreRegistry(stores) : (stores as SessionStoreRegistry);
}
