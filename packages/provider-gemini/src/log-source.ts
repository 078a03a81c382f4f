import { defineSource, type DisplayEventSource } from '@x/core';
import { detectGeminiLog } from './log-detect.js';
import { createGeminiLogParser } from './log-parser.js';
import type { GeminiLogSourceOptions } from './log-state.js';
import { RECORDED_UP_TO } from './recorded-version.js';

export type { GeminiLogSourceOptions } from './log-state.js';

/**
 * Creates the Gemini CLI chat recording source: the ≤0.38 pretty-printed
 * `ConversationRecord` document and the ≥0.39 JSONL log, where a message
 * appended again under the same `id` replaces the earlier copy, `$set`
 * merges metadata (`$set.messages` replaces the list) and `$rewindTo`
 * deletes a message and all after it; a resumed run (0.51) appends a
 * metadata line of its own and restores the history after a shorter list,
 * which deletes nothing. It streams, holding back only the
 * newest message (the one the recorder rewrites) until a later record
 * arrives; a change to a message already shown comes as its increment or a
 * notice. `testedUpTo` is the newest version recorded from the real CLI
 * (`fixtures/gemini-log/recorded/`); a recording does not name its version.
 */
export function createGeminiLogSource(options: GeminiLogSourceOptions = {}): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'gemini-log',
    displayName: 'Gemini CLI session log',
    cadence: 'streaming',
    detect: detectGeminiLog,
    testedUpTo: RECORDED_UP_TO,
    createParser: () => createGeminiLogParser(options),
  });
}

/** The Gemini CLI chat recording source with default options. */
export const geminiLogSource: DisplayEventSource = createGeminiLogSource();
