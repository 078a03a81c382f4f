import type { Detection } from '@x/core';
import { detectFromLines, isJsonObject, objectField, ownField, stringField } from '@x/core/provider-utils';

const NONE: Detection = { confidence: 0, evidence: 'no Qwen Code stream-json line' };

// Qwen Code's stream-json follows Claude Code's message shapes (system/init,
// assistant, user, result, stream_event, with session_id and
// parent_tool_use_id), so only what Claude Code never writes counts: the
// `qwen_code_version` of its init line, and an assistant message whose id is
// the line's own uuid (Claude Code's message ids are the API's `msg_…`).
function scoreLine(value: unknown): Detection {
  if (!isJsonObject(value)) return NONE;
  const type = ownField(value, 'type');
  if (type === 'system' && ownField(value, 'subtype') === 'init' && stringField(value, 'qwen_code_version') !== undefined) {
    return { confidence: 1, evidence: 'system/init line with qwen_code_version' };
  }
  if (type === 'assistant' && Object.hasOwn(value, 'parent_tool_use_id')) {
    const uuid = stringField(value, 'uuid');
    if (uuid !== undefined && stringField(objectField(value, 'message'), 'id') === uuid)
      return { confidence: 0.8, evidence: 'assistant line whose message id is its uuid' };
  }
  return NONE;
}

/**
 * How sure it is that lines are `qwen -p … --output-format stream-json`
 * output: `1` for the init line with `qwen_code_version`, `0.8` for an
 * assistant line whose message id is its own uuid, `0` otherwise. Lines that
 * are not JSON objects (stderr mixed in) are skipped. Never throws.
 */
export function detectQwen(lines: readonly string[]): Detection {
  return detectFromLines(lines, scoreLine, { none: NONE });
}
