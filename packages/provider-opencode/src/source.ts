import { defineSource, type DisplayEventSource } from '@x/core';
import { detectOpenCode } from './detect.js';
import { createOpenCodeParser } from './parser.js';
import { RECORDED_UP_TO } from './recorded-version.js';

/**
 * The newest OpenCode version recorded from the real CLI
 * (`fixtures/opencode/recorded/`, `pnpm capture opencode`). `run --format
 * json` names no version, so only bus streams (`Session.version`) can set
 * off the drift alarm.
 */
const TESTED_UP_TO = RECORDED_UP_TO;

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
