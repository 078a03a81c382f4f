import { defineSource, type DisplayEventSource } from '@x/core';
import { detectQwenLog } from './log-detect.js';
import { createQwenLogParser } from './log-parser.js';
import { RECORDED_UP_TO } from './recorded-version.js';

/**
 * The Qwen Code session log source: the JSONL file Qwen Code appends to as a
 * session goes (`<runtime>/projects/<project>/chats/<session>.jsonl`; the
 * runtime folder is `$QWEN_RUNTIME_DIR`, the settings' `advanced.runtimeOutputDir`,
 * `$QWEN_HOME` or `~/.qwen`). Prompts, answers, thoughts, tool calls and
 * their results, usage per response, and failed model requests; the CLI's
 * telemetry and bookkeeping records are shown as nothing. `testedUpTo` is the
 * newest version the capture lab recorded.
 */
export const qwenLogSource: DisplayEventSource = defineSource({
  specificationVersion: 'v1',
  id: 'qwen-log',
  displayName: 'Qwen Code session log',
  cadence: 'streaming',
  testedUpTo: RECORDED_UP_TO,
  detect: detectQwenLog,
  createParser: createQwenLogParser,
});
