import type { Detection } from '@x/core';
import { detectFromLines, isJsonObject, objectField, stringField, type JsonObject } from '@x/core/provider-utils';

const NONE: Detection = { confidence: 0, evidence: 'no Codex exec --json line' };
const NO_LINE: Detection = { confidence: 0, evidence: '' };
const CURRENT_TYPES = new Set(['turn.started', 'turn.completed', 'turn.failed', 'item.started', 'item.updated', 'item.completed']);
const CONFIG_KEYS = ['model', 'provider', 'approval', 'sandbox'] as const;

/** A line of the current form (after `thread.started`), or of the 0.42 variant. */
function currentConfidence(value: JsonObject, type: string): Detection | undefined {
  if (type === 'session.created' && stringField(value, 'session_id') !== undefined && !Object.hasOwn(value, 'properties')) {
    return { confidence: 0.9, evidence: 'session.created line of --experimental-json (0.42)' };
  }
  if (!CURRENT_TYPES.has(type)) return undefined;
  const item = objectField(value, 'item');
  if (type.startsWith('turn.') || (stringField(item, 'id') !== undefined && (stringField(item, 'type') ?? stringField(item, 'item_type')) !== undefined)) {
    return { confidence: 0.9, evidence: `${type} line` };
  }
  return undefined;
}

/** The config summary that opens a legacy `exec --json` stream (a line without `type`). */
function configConfidence(value: JsonObject): Detection | undefined {
  if (Object.hasOwn(value, 'reasoning effort')) return { confidence: 1, evidence: 'legacy config summary with "reasoning effort"' };
  if (CONFIG_KEYS.every((key) => stringField(value, key) !== undefined)) return { confidence: 0.9, evidence: 'legacy config summary' };
  return undefined;
}

function scoreLine(value: unknown): Detection {
  if (!isJsonObject(value)) return NO_LINE;
  const type = stringField(value, 'type');
  if (type === 'thread.started' && stringField(value, 'thread_id') !== undefined) return { confidence: 1, evidence: 'thread.started line with thread_id' };
  const msg = objectField(value, 'msg');
  if (msg !== undefined && stringField(msg, 'type') !== undefined && stringField(value, 'id') !== undefined) {
    return { confidence: 1, evidence: 'legacy {"id","msg"} event line' };
  }
  return (type === undefined ? configConfidence(value) : currentConfidence(value, type)) ?? NO_LINE;
}

/** Whether the first lines of a stream are Codex `exec --json` output, current or legacy. Never throws. */
export function detectCodex(lines: readonly string[]): Detection {
  return detectFromLines(lines, scoreLine, { none: NONE });
}
