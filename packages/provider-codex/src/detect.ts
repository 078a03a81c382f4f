import { isJsonObject, objectField, parseJson, stringField, type Detection } from '@x/core';

const CURRENT_TYPES = new Set(['turn.started', 'turn.completed', 'turn.failed', 'item.started', 'item.updated', 'item.completed']);
const CONFIG_KEYS = ['model', 'provider', 'approval', 'sandbox'] as const;

function detectLine(line: string): Detection {
  const parsed = parseJson(line);
  const value = parsed?.value;
  if (!isJsonObject(value)) return { confidence: 0, evidence: '' };
  const type = stringField(value, 'type');
  if (type === 'thread.started' && stringField(value, 'thread_id') !== undefined) {
    return { confidence: 1, evidence: 'thread.started line with thread_id' };
  }
  const msg = objectField(value, 'msg');
  if (msg !== undefined && stringField(msg, 'type') !== undefined && stringField(value, 'id') !== undefined) {
    return { confidence: 1, evidence: 'legacy {"id","msg"} event line' };
  }
  if (type === 'session.created' && stringField(value, 'session_id') !== undefined && !Object.hasOwn(value, 'properties')) {
    return { confidence: 0.9, evidence: 'session.created line of --experimental-json (0.42)' };
  }
  if (type !== undefined && CURRENT_TYPES.has(type)) {
    const item = objectField(value, 'item');
    if (type.startsWith('turn.') || (stringField(item, 'id') !== undefined && (stringField(item, 'type') ?? stringField(item, 'item_type')) !== undefined)) {
      return { confidence: 0.9, evidence: `${type} line` };
    }
  }
  if (type === undefined && Object.hasOwn(value, 'reasoning effort')) {
    return { confidence: 1, evidence: 'legacy config summary with "reasoning effort"' };
  }
  if (type === undefined && CONFIG_KEYS.every((key) => stringField(value, key) !== undefined)) {
    return { confidence: 0.9, evidence: 'legacy config summary' };
  }
  return { confidence: 0, evidence: '' };
}

/** Whether the first lines of a stream are Codex `exec --json` output, current or legacy. */
export function detectCodex(lines: readonly string[]): Detection {
  let best: Detection = { confidence: 0, evidence: 'no Codex exec --json line' };
  for (const line of lines) {
    const found = detectLine(line);
    if (found.confidence > best.confidence) best = found;
    if (best.confidence === 1) break;
  }
  return best;
}
