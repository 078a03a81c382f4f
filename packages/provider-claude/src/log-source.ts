import { defineSource, type DisplayEventSource } from '@x/core';
import { detectClaudeLog } from './log-detect.js';
import { createClaudeLogParser } from './log-parser.js';
import { RECORDED_UP_TO } from './recorded-version.js';

/**
 * The newest Claude Code version whose session logs are recorded in
 * `fixtures/claude-log/recorded/` (set by `pnpm capture claude`).
 */
export const CLAUDE_LOG_TESTED_UP_TO = RECORDED_UP_TO;

/**
 * Creates the source for Claude Code session transcripts, the JSONL files
 * under `~/.claude/projects/<project-key>/` (`$CLAUDE_CONFIG_DIR/projects/`
 * when set), subagent files included: prompts, slash commands and
 * interruptions, text, reasoning, tool calls with their results, compactions,
 * sidechains nested under their Task call, per-line timestamps, and a session
 * end that says how the main thread ended.
 *
 * @example
 * ```ts
 * import { replayLines } from '@x/core';
 * import { createClaudeLogSource } from '@x/provider-claude';
 *
 * const { events } = replayLines(createClaudeLogSource(), transcript.split('\n'));
 * ```
 */
export function createClaudeLogSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'claude-log',
    displayName: 'Claude Code session log',
    cadence: 'streaming',
    testedUpTo: CLAUDE_LOG_TESTED_UP_TO,
    detect: detectClaudeLog,
    createParser: createClaudeLogParser,
  });
}

/** The Claude Code session-log source, ready to register. */
export const claudeLogSource: DisplayEventSource = createClaudeLogSource();
