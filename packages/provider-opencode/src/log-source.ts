import { defineSource, type DisplayEventSource } from '@x/core';
import { detectOpenCodeLog } from './log-detect.js';
import { createOpenCodeLogParser } from './log-parser.js';
import { RECORDED_UP_TO } from './recorded-version.js';

/**
 * The newest OpenCode version whose session logs were recorded from the real
 * CLI (`fixtures/opencode-log/recorded/`, replayed by @x/sessions' recorded
 * test through this source).
 */
const TESTED_UP_TO = RECORDED_UP_TO;

/**
 * Creates the OpenCode session-log source: the `opencode export <id>`
 * document `{ info: Session, messages: [{ info: Message, parts: Part[] }] }`,
 * or one assembled from OpenCode's storage by `storageToExport`. A
 * document gives its events when its closing line arrives.
 */
export function createOpenCodeLogSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'opencode-log',
    displayName: 'OpenCode session log',
    cadence: 'streaming',
    testedUpTo: TESTED_UP_TO,
    detect: detectOpenCodeLog,
    createParser: createOpenCodeLogParser,
  });
}

/** The default OpenCode session-log source instance. */
export const openCodeLogSource: DisplayEventSource = createOpenCodeLogSource();
