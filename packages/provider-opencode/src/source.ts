import { defineSource, type DisplayEventSource } from '@x/core';
import { detectOpenCode } from './detect.js';
import { createOpenCodeParser } from './parser.js';

/**
 * The newest OpenCode version the fixtures show: the `opencode serve` 1.18.5
 * bus captures (`Session.version`). `run --format json` names no version.
 */
const TESTED_UP_TO = '1.18.5';

/**
 * Creates the OpenCode source: `opencode run --format json` lines and the
 * server event bus (`/event` SSE `data:` lines, `/global/event` wrappers or
 * bare JSON events), told apart line by line. It streams: text and reasoning
 * deltas from the bus are emitted as they arrive.
 */
export function createOpenCodeSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'opencode',
    displayName: 'OpenCode',
    cadence: 'streaming',
    testedUpTo: TESTED_UP_TO,
    detect: detectOpenCode,
    createParser: createOpenCodeParser,
  });
}

/** The default OpenCode source instance. */
export const openCodeSource: DisplayEventSource = createOpenCodeSource();
