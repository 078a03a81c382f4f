export type { AgentId, SessionInfo, SessionLookup, SessionStorage } from './types.js';
export { createSessionStoreRegistry, type SessionStoreRegistry } from './store-registry.js';
export { nodeStoreFileSystem } from './node-store-fs.js';
export { listSessions, findSession, storeContext, type ListSessionsOptions } from './list-sessions.js';
export { openSession } from './open-session.js';
export { followSession, insideSessionStore } from './store-check.js';
export { openRegularFile, readRegularFile } from './store-path.js';
export { makeFolders, writeFileAtomic } from './atomic-file.js';
export { followFile, type FollowOptions } from './follow.js';
export { redactSecrets, redactValue } from './redact.js';
export { createRedactingStream, REDACT_HELD_MAX_CHARS, type RedactingStream } from './redact-stream.js';
export {
  redactingRenderer,
  renderSessionHtml,
  sessionEvents,
  sessionSource,
  sessionTitle,
  writeSessionHtml,
  type SessionEventsOptions,
  type SessionSources,
} from './render-session.js';
export { PAGE_FACTS_MAX_PROMPT_CHARS, PAGE_FACTS_MAX_PROMPTS, type PageFacts, type RenderPage, type WorkerRenderModule } from './site-workers.js';
export { PageWriteError, writePageFile, writeSessionPage } from './page-file.js';
export { pagePath, sessionSignature, writeSite, type IndexEntry, type ProgressStream, type SiteReport, type WriteSiteOptions } from './site.js';
export { VERSION } from './version.js';
