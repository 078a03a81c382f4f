import { defineSource, type DisplayEventSource } from '@x/core';
import { detectClaude } from './detect.js';
import { createClaudeParser } from './parser.js';
import { RECORDED_UP_TO } from './recorded-version.js';
import type { ClaudeSourceOptions } from './state.js';

/**
 * The newest Claude Code version whose real output is recorded in
 * `fixtures/claude/recorded/` (set by `pnpm capture claude`, not by hand). A
 * stream that names a newer one and shows something unknown sets off the
 * drift alarm.
 */
export const CLAUDE_TESTED_UP_TO = RECORDED_UP_TO;

/**
 * Creates the Claude Code source: `claude -p --output-format stream-json
 * --verbose` (with or without `--include-partial-messages`) and
 * `--output-format json` (the single result object, or with `--verbose` the
 * JSON array of every message, pretty-printed or not). It streams: events come
 * as each line arrives.
 *
 * @example
 * ```ts
 * import { replayLines } from '@x/core';
 * import { createClaudeSource } from '@x/provider-claude';
 *
 * const { events } = replayLines(createClaudeSource(), output.split('\n'));
 * ```
 */
export function createClaudeSource(options: ClaudeSourceOptions = {}): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'claude',
    displayName: 'Claude Code',
    cadence: 'streaming',
    testedUpTo: CLAUDE_TESTED_UP_TO,
    detect: detectClaude,
    createParser: () => createClaudeParser(options),
  });
}

/** The Claude Code source, ready to register. */
export const claudeSource: DisplayEventSource = createClaudeSource();
