import type { Detection } from '@x/core';
import { detectFromLines, isJsonObject, numberField, objectField, ownField, stringField } from '@x/core/provider-utils';
import { classifyCopilotLines } from './log-detect.js';

/** A dotted session event type: `assistant.message`, `tool.execution_complete`. */
const ENVELOPE_TYPE = /^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/;

const NOTHING: Detection = { confidence: 0, evidence: '' };

/** How sure one parsed line makes it that the stream is Copilot's stdout. */
function scoreLine(value: unknown): Detection {
  if (!isJsonObject(value)) return NOTHING;
  const type = stringField(value, 'type');
  if (type === 'result') {
    const certain = numberField(value, 'exitCode') !== undefined && numberField(objectField(value, 'usage'), 'premiumRequests') !== undefined;
    return certain ? { confidence: 1, evidence: 'result line with exitCode and usage.premiumRequests' } : NOTHING;
  }
  const data = ownField(value, 'data');
  if (type === undefined || !isJsonObject(data)) return NOTHING;
  if (type === 'session.start' && (stringField(data, 'copilotVersion') !== undefined || stringField(data, 'producer') !== undefined)) {
    return { confidence: 1, evidence: 'session.start line with copilotVersion' };
  }
  const parentId = ownField(value, 'parentId');
  const envelope =
    stringField(value, 'id') !== undefined && stringField(value, 'timestamp') !== undefined && (parentId === null || typeof parentId === 'string');
  if (ENVELOPE_TYPE.test(type) && envelope) {
    return { confidence: 0.8, evidence: `session event envelope {type, data, id, timestamp, parentId} of type ${type}` };
  }
  return NOTHING;
}

/**
 * How sure it is that lines are `copilot -p … --output-format json` output:
 * `1` for a `session.start` with `copilotVersion` (or `producer`) or a
 * `result` line with `exitCode` and `usage.premiumRequests`, `0.8` for a bare
 * session event envelope, `0.3` when the lines hold a type only the
 * session-state log has and none only stdout has (left to `detectCopilotLog`).
 */
export function detectCopilot(lines: readonly string[]): Detection {
  const best = detectFromLines(lines, scoreLine, { none: { confidence: 0, evidence: 'no Copilot session event or result line' } });
  const kind = classifyCopilotLines(lines);
  if (kind.logOnly !== undefined && kind.stdoutOnly === undefined)
    return { confidence: 0.3, evidence: `${kind.logOnly} is a session-state log event, not stdout` };
  return best;
}
