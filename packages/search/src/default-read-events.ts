import type { DisplayEvent } from '@x/core';
import { claudeLogSource } from '@x/provider-claude';
import { codexLogSource } from '@x/provider-codex';
import { copilotLogSource } from '@x/provider-copilot';
import { geminiLogSource } from '@x/provider-gemini';
import { openCodeLogSource } from '@x/provider-opencode';
import { AGENTS, type AgentId, type SessionInfo, type SessionSources, sessionEvents } from '@x/sessions';
import type { IndexedSession } from './types.js';

const SOURCES: SessionSources = {
  claude: claudeLogSource,
  codex: codexLogSource,
  gemini: geminiLogSource,
  opencode: openCodeLogSource,
  copilot: copilotLogSource,
};

/**
 * A session's events as `sessionEvents` of `@x/sessions` yields them, read
 * with its agent's log source, unredacted (the index redacts the texts it
 * takes). How an OpenCode session is stored follows from its path: the
 * database ends in `.db`, the JSON tree's info file does not.
 */
export function defaultReadEvents(session: IndexedSession): AsyncIterable<DisplayEvent> {
  if (!(AGENTS as readonly string[]).includes(session.agent)) throw new RangeError(`no source reads ${session.agent} session logs`);
  const agent = session.agent as AgentId;
  const storage: SessionInfo['storage'] = agent !== 'opencode' ? 'file' : session.path.endsWith('.db') ? 'opencode-sqlite' : 'opencode-storage';
  const info: SessionInfo = { agent, id: session.id, storage, path: session.path, size: session.size, updatedAt: new Date(session.mtimeMs).toISOString() };
  return sessionEvents(info, { sources: SOURCES });
}
