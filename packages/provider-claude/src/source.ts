import { defineSource, type DisplayEventSource } from '@x/core';
import { detectClaude } from './detect.js';
import { createClaudeParser } from './parser.js';
import type { ClaudeSourceOptions } from './state.js';

/**
 * The newest Claude Code version the fixtures of `fixtures/claude/` were
 * written against (their `claude_code_version`). A stream that names a newer
 * one and shows something unknown sets off the drift alarm.
 */
export const CLAUDE_TESTED_UP_TO = '2.1.329';

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
