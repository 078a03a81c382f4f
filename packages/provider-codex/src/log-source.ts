import { defineSource, type DisplayEventSource } from '@x/core';
import { detectCodexLog } from './log-detect.js';
import { createCodexLogParser } from './log-parser.js';
import { RECORDED_UP_TO } from './recorded-version.js';

/**
 * The newest Codex version whose rollout files are recorded from the real CLI
 * in `fixtures/codex-log/recorded/` (set by `pnpm capture codex`): a rollout of
 * a newer CLI with something unknown in it sets off the drift alarm.
 */
const CODEX_LOG_TESTED_UP_TO = RECORDED_UP_TO;

/**
 * Creates the source for Codex session logs, the rollout files under
 * `$CODEX_HOME/sessions/YYYY/MM/DD/` (`~/.codex` by default): prompts, the
 * model per turn, text and reasoning (each once, though the file holds them
 * twice), tool calls matched to their output in both output shapes, running
 * token totals, compactions, and a session end that says how the file ended.
 * The session start carries the CLI's version (`agentVersion`).
 *
 * @example
 * ```ts
 * import { replayLines } from '@x/core';
 * import { createCodexLogSource } from '@x/provider-codex';
 *
 * const { events } = replayLines(createCodexLogSource(), rollout.split('\n'));
 * ```
 */
export function createCodexLogSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'codex-log',
    displayName: 'Codex session log',
    cadence: 'streaming',
    detect: detectCodexLog,
    testedUpTo: CODEX_LOG_TESTED_UP_TO,
    createParser: createCodexLogParser,
  });
}

/** The Codex session-log source, ready to register. */
export const codexLogSource: DisplayEventSource = createCodexLogSource();
