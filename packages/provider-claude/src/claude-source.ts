import { defineSource, type DisplayEventSource } from '@x/core';
import { createClaudeParser } from './claude-parser.js';
import { detectClaude } from './detect.js';

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
export function createClaudeSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'claude',
    displayName: 'Claude Code',
    cadence: 'streaming',
    detect: detectClaude,
    createParser: createClaudeParser,
  });
}

/** The Claude Code source, ready to register. */
export const claudeSource: DisplayEventSource = createClaudeSource();
