import { defineSource, type DisplayEventSource } from '@x/core';
import { detectCopilotLog } from './log-detect.js';
import { createCopilotLogParser } from './log-parser.js';
import { COPILOT_TESTED_UP_TO } from './source.js';
import type { CopilotSourceOptions } from './state.js';

/**
 * Creates the GitHub Copilot CLI session-log source:
 * `~/.copilot/session-state/<id>/events.jsonl`, the persisted session events
 * (`session-state/<id>.jsonl` in 0.0.343 to 0.0.376), and 0.0.340's one
 * document per session, `history-session-state/session_<id>_<ms>.json`.
 * Shares the stdout source's event handling and adds what only the log
 * has: prompts, per-model usage and the session end from `session.shutdown`,
 * compaction markers, and per-event timestamps.
 */
export function createCopilotLogSource(options: CopilotSourceOptions = {}): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'copilot-log',
    displayName: 'GitHub Copilot CLI session log',
    cadence: 'streaming',
    testedUpTo: COPILOT_TESTED_UP_TO,
    detect: detectCopilotLog,
    createParser: () => createCopilotLogParser(options),
  });
}

/** The default Copilot session-log source instance. */
export const copilotLogSource: DisplayEventSource = createCopilotLogSource();
