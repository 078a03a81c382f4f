import { join } from 'node:path';
import type { SessionLookup } from './types.js';

/** The folders (and OpenCode's database) where each agent keeps its session logs. */
export interface SessionLocations {
  /** Claude Code's `projects/` folder. */
  claude: string;
  /** Codex's home (`sessions/` and `archived_sessions/` are inside). */
  codex: string;
  /** Gemini CLI's `.gemini` folder. */
  gemini: string;
  /** OpenCode's data folder (`storage/` and `opencode.db` are inside). */
  opencode: string;
  /** OpenCode's SQLite database. */
  opencodeDb: string;
  /** Copilot CLI's home (`session-state/` is inside). */
  copilot: string;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Each agent's log location for a home directory, moved by the agent's own
 * override variable when it is set: `CLAUDE_CONFIG_DIR`, `CODEX_HOME`,
 * `GEMINI_CLI_HOME`, `XDG_DATA_HOME` and `OPENCODE_DB`, `COPILOT_HOME`.
 */
export function sessionLocations(lookup: SessionLookup): SessionLocations {
  const env = lookup.env ?? {};
  const home = lookup.home;
  const opencode = join(nonEmpty(env.XDG_DATA_HOME) ?? join(home, '.local', 'share'), 'opencode');
  return {
    claude: join(nonEmpty(env.CLAUDE_CONFIG_DIR) ?? join(home, '.claude'), 'projects'),
    codex: nonEmpty(env.CODEX_HOME) ?? join(home, '.codex'),
    gemini: join(nonEmpty(env.GEMINI_CLI_HOME) ?? home, '.gemini'),
    opencode,
    opencodeDb: nonEmpty(env.OPENCODE_DB) ?? join(opencode, 'opencode.db'),
    copilot: nonEmpty(env.COPILOT_HOME) ?? join(home, '.copilot'),
  };
}
