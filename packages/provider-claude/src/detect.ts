import type { Detection } from '@x/core';
import { detectFromLines, isJsonObject, ownField, stringField, type JsonObject } from '@x/core/provider-utils';

const NO: Detection = { confidence: 0, evidence: 'no Claude Code stream-json or json line' };

/**
 * What only Claude Code's output before 1.0.17 holds (claude.md quirk 2):
 * the summary that ends a run before 0.2.117, an API message printed as it
 * came (an assistant's, with its `stop_reason`), and the init of 0.2.126 and
 * 1.0.0, which has only `session_id`, `tools` and `mcp_servers` (an init that
 * names another agent's version is ruled out first, by `othersInit`).
 */
function scoreEarly(value: JsonObject): Detection {
  const type = stringField(value, 'type');
  const has = (key: string) => Object.hasOwn(value, key);
  if (type === undefined && stringField(value, 'role') === 'system' && has('cost_usd') && has('duration_api_ms')) {
    return { confidence: 1, evidence: 'run summary of Claude Code before 0.2.117' };
  }
  if (type === 'message' && stringField(value, 'role') === 'assistant' && Array.isArray(ownField(value, 'content')) && has('stop_reason')) {
    return { confidence: 0.9, evidence: 'API message as Claude Code before 0.2.117 printed it' };
  }
  if (type === 'system' && stringField(value, 'subtype') === 'init' && Array.isArray(ownField(value, 'tools')) && Array.isArray(ownField(value, 'mcp_servers'))) {
    return { confidence: 0.9, evidence: 'system/init line with tools and MCP servers' };
  }
  return NO;
}

/** How much one parsed message says about the stream being Claude Code's. */
function scoreMessage(value: unknown): Detection {
  if (!isJsonObject(value)) return NO;
  const type = stringField(value, 'type');
  const subtype = stringField(value, 'subtype');
  const has = (key: string) => Object.hasOwn(value, key);
  if (type === 'system' && subtype === 'init' && (has('claude_code_version') || has('apiKeySource') || has('permissionMode'))) {
    return { confidence: 1, evidence: 'system/init line with Claude Code fields' };
  }
  if ((type === 'assistant' || type === 'user') && isJsonObject(ownField(value, 'message')) && has('parent_tool_use_id')) {
    return { confidence: 1, evidence: `${type} line with message and parent_tool_use_id` };
  }
  if (type === 'stream_event' && isJsonObject(ownField(value, 'event')) && has('parent_tool_use_id')) {
    return { confidence: 1, evidence: 'stream_event line (--include-partial-messages)' };
  }
  if (type === 'result' && subtype !== undefined && (has('total_cost_usd') || has('duration_api_ms') || has('cost_usd'))) {
    return { confidence: 1, evidence: 'result line with Claude Code cost fields' };
  }
  if (type === 'system' && subtype !== undefined && subtype.startsWith('hook_') && has('hook_id')) {
    return { confidence: 0.9, evidence: `system/${subtype} hook line` };
  }
  if (type === 'rate_limit_event' && isJsonObject(ownField(value, 'rate_limit_info'))) {
    return { confidence: 0.9, evidence: 'rate_limit_event line' };
  }
  return scoreEarly(value);
}

// Keys only Claude Code writes, for a document pretty-printed over many lines
// (`--output-format json --verbose` piped through a formatter).
const PRETTY_MARKERS: ReadonlyArray<{ pattern: RegExp; confidence: number; evidence: string }> = [
  { pattern: /"claude_code_version"\s*:/, confidence: 0.9, evidence: 'pretty-printed JSON with claude_code_version' },
  { pattern: /"parent_tool_use_id"\s*:/, confidence: 0.9, evidence: 'pretty-printed JSON with parent_tool_use_id' },
  { pattern: /"subtype"\s*:\s*"(?:init|hook_started|hook_response)"[\s\S]*"session_id"\s*:/, confidence: 0.8, evidence: 'pretty-printed system/init or hook message' },
  { pattern: /"duration_api_ms"\s*:[\s\S]*"total_cost_usd"\s*:/, confidence: 0.8, evidence: 'pretty-printed result message' },
  // 0.2.100 and 0.2.70 print every API message so (claude.md quirk 2): an assistant's has these keys, in either order,
  // within its first lines (its stop_reason may come after a long content).
  {
    pattern: /^(?=[\s\S]*"type"\s*:\s*"message")(?=[\s\S]*"role"\s*:\s*"assistant")(?=[\s\S]*"model"\s*:)/,
    confidence: 0.9,
    evidence: 'pretty-printed API message, as Claude Code before 0.2.117 printed it',
  },
];

/** The best of the pretty-printed markers, for a sample that opens a multi-line document. */
function scorePretty(lines: readonly string[], best: Detection): Detection {
  const first = lines.find((line) => line.trim() !== '')?.trim();
  if (best.confidence >= 0.9 || (first !== '[' && first !== '{')) return best;
  const text = lines.join('\n');
  for (const marker of PRETTY_MARKERS) {
    if (marker.confidence > best.confidence && marker.pattern.test(text)) best = { confidence: marker.confidence, evidence: marker.evidence };
  }
  return best;
}

/** Claude Code's own fields of its init line. */
const CLAUDE_INIT_FIELDS = ['claude_code_version', 'apiKeySource', 'permissionMode'] as const;

/**
 * Another agent's init line: `system/init` without Claude Code's fields and
 * with another agent's version (Qwen Code's `qwen_code_version`). Qwen Code
 * copies Claude Code's stream-json messages, so its other lines look like
 * Claude Code's; its init line names the agent that wrote the stream.
 */
function othersInit(value: unknown): Detection {
  if (!isJsonObject(value) || stringField(value, 'type') !== 'system' || stringField(value, 'subtype') !== 'init') return NO;
  if (CLAUDE_INIT_FIELDS.some((key) => Object.hasOwn(value, key))) return NO;
  const version = Object.keys(value).find((key) => key.endsWith('_version') && key !== 'claude_code_version');
  return version === undefined ? NO : { confidence: 1, evidence: `system/init line with ${version}` };
}

/**
 * Says whether the first lines of a stream are Claude Code's `stream-json` or
 * `json` output: `1` for a line only Claude Code writes (`system/init` with its
 * fields, `assistant`/`user` lines with `parent_tool_use_id`, `stream_event`, a
 * `result` with `total_cost_usd`), lower for hook and rate-limit lines and for a
 * pretty-printed document, `0` otherwise, and `0` for a stream whose init line
 * names another agent (Qwen Code's, in Claude Code's shapes). Never throws.
 */
export function detectClaude(lines: readonly string[]): Detection {
  const other = detectFromLines(lines, othersInit, { none: NO });
  if (other.confidence > 0) return { confidence: 0, evidence: `another agent's stream: ${other.evidence}` };
  return scorePretty(lines, detectFromLines(lines, scoreMessage, { none: NO, arrayElements: true }));
}
