import { isJsonObject, numberField, objectField, ownField, parseJson, stringField, type Detection } from '@x/core';
import { classifyCopilotLines } from './log-detect.js';

const ENVELOPE_TYPE = /^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/;

function detectLine(line: string): Detection {
  const parsed = parseJson(line);
  const value = parsed?.value;
  if (!isJsonObject(value)) return { confidence: 0, evidence: '' };
  const type = stringField(value, 'type');
  if (type === 'result') {
    const usage = objectField(value, 'usage');
    if (numberField(value, 'exitCode') !== undefined && numberField(usage, 'premiumRequests') !== undefined) {
      return { confidence: 1, evidence: 'result line with exitCode and usage.premiumRequests' };
    }
    return { confidence: 0, evidence: '' };
  }
  const data = ownField(value, 'data');
  if (type === undefined || !isJsonObject(data)) return { confidence: 0, evidence: '' };
  if (type === 'session.start' && (stringField(data, 'copilotVersion') !== undefined || stringField(data, 'producer') !== undefined)) {
    return { confidence: 1, evidence: 'session.start line with copilotVersion' };
  }
  const parentId = ownField(value, 'parentId');
  if (
    ENVELOPE_TYPE.test(type) &&
    stringField(value, 'id') !== undefined &&
    stringField(value, 'timestamp') !== undefined &&
    (parentId === null || typeof parentId === 'string')
  ) {
    return { confidence: 0.8, evidence: `session event envelope {type, data, id, timestamp, parentId} of type ${type}` };
  }
  return { confidence: 0, evidence: '' };
}

/**
 * Whether the first lines of a stream are Copilot CLI `--output-format json`
 * output: `1` for a `session.start` with `copilotVersion` or a `result` line
 * with `premiumRequests`, `0.8` for the session-event envelope, and `0.3` when
 * a line only the session-state log writes shows it is that log. Never throws.
 */
export function detectCopilot(lines: readonly string[]): Detection {
  let best: Detection = { confidence: 0, evidence: 'no Copilot session event or result line' };
  for (const line of lines) {
    const found = detectLine(line);
    if (found.confidence > best.confidence) best = found;
    if (best.confidence === 1) break;
  }
  // The session-state log has the same events: leave it to the log source.
  const kind = classifyCopilotLines(lines);
  if (kind.logOnly !== undefined && kind.stdoutOnly === undefined)
    return { confidence: 0.3, evidence: `a ${kind.logOnly} event: a session-state log, not stdout` };
  return best;
}
