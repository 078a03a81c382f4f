import type { Detection } from '@x/core';
import { detectFromLines, isJsonObject, objectField, stringField } from '@x/core/provider-utils';

const NO: Detection = { confidence: 0, evidence: 'no Codex rollout line' };
const ENVELOPE_TYPES = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted']);

function scoreLine(value: unknown): Detection {
  if (!isJsonObject(value)) return NO;
  const type = stringField(value, 'type');
  const payload = objectField(value, 'payload');
  if (type !== undefined && ENVELOPE_TYPES.has(type) && payload !== undefined && stringField(value, 'timestamp') !== undefined) {
    if (type === 'session_meta' && (stringField(payload, 'cli_version') !== undefined || stringField(payload, 'originator') !== undefined)) {
      return { confidence: 1, evidence: 'session_meta line with cli_version or originator' };
    }
    return { confidence: 0.9, evidence: `{timestamp, type: "${type}", payload} rollout line` };
  }
  // Before the envelope the first line was a bare meta object: id, timestamp, and the instructions or git state.
  if (
    type === undefined &&
    stringField(value, 'id') !== undefined &&
    stringField(value, 'timestamp') !== undefined &&
    (Object.hasOwn(value, 'instructions') || Object.hasOwn(value, 'git'))
  ) {
    return { confidence: 0.8, evidence: 'bare session meta line of a rollout before the envelope' };
  }
  return NO;
}

/**
 * Says whether the first lines of a file are a Codex rollout
 * (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`): `1` for a
 * `session_meta` line, `0.9` for another `{timestamp, type, payload}` line,
 * `0.8` for the bare meta object of a rollout written before the envelope,
 * `0` otherwise. `codex exec --json` lines never have a `payload`. Never throws.
 */
export function detectCodexLog(lines: readonly string[]): Detection {
  return detectFromLines(lines, scoreLine, { none: NO });
}
