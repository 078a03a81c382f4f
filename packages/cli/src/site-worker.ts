import type { SessionInfo } from '@x/sessions';
import type { PageFacts } from '@x/sessions';
import { writeStaticSessionPage } from '@x/serve';
import { sessionPluginPlaces, sessionRegistries } from './commands/session-plugins.js';
import { loadPlugins } from './plugins.js';

/** What `xview site` hands each worker thread: where the sessions are, and the plugins it loaded. */
export interface SiteWorkerData {
  redact: boolean;
  home: string;
  env: Record<string, string | undefined>;
  /** The `--plugin` values, resolved from `cwd` as the command resolved them. */
  plugins?: readonly string[];
  cwd?: string;
}

/**
 * The module `xview site`'s worker threads import (built as its own entry,
 * `dist/site-worker.js`): each thread streams the pages it is handed into
 * their files with the built-in stores and sources and those of the plugins
 * the command loaded (loaded again here: a thread shares no modules; the
 * command has told their problems already).
 */
export async function createRender(data: SiteWorkerData): Promise<(session: SessionInfo, file: string) => Promise<PageFacts>> {
  const set = await loadPlugins(data.plugins ?? [], sessionPluginPlaces({ env: data.env, ...(data.cwd === undefined ? {} : { cwd: data.cwd }) }));
  const { stores, sources } = sessionRegistries(set);
  return (session, file) => writeStaticSessionPage(session, file, { stores, home: data.home, env: data.env, sources, redact: data.redact });
}
