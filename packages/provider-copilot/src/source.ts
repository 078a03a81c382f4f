import { defineSource, type DisplayEventSource } from '@x/core';
import { detectCopilot } from './detect.js';
import { createCopilotParser } from './parser.js';
import { RECORDED_UP_TO } from './recorded-version.js';
import type { CopilotSourceOptions } from './state.js';

/** The newest Copilot CLI version recorded from the real CLI (`fixtures/copilot/recorded/`, set by `pnpm capture copilot`). */
export const COPILOT_TESTED_UP_TO = RECORDED_UP_TO;

/**
 * Creates the source of GitHub Copilot CLI's `copilot -p … --output-format
 * json` JSONL (CLI 0.0.422 and later): one session event per line, then a
 * `result` line at exit. It streams: each line's events come as the line
 * arrives.
 */
export function createCopilotSource(options: CopilotSourceOptions = {}): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'copilot',
    displayName: 'GitHub Copilot CLI',
    cadence: 'streaming',
    testedUpTo: COPILOT_TESTED_UP_TO,
    detect: detectCopilot,
    createParser: () => createCopilotParser(options),
  });
}

/** The default Copilot source instance. */
export const copilotSource: DisplayEventSource = createCopilotSource();
