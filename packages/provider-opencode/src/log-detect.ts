import type { Detection } from '@x/core';
import { arrayField, isJsonObject, objectField, parseJson, stringField, type JsonObject } from '@x/core/provider-utils';

const NONE: Detection = { confidence: 0, evidence: 'no OpenCode export document' };

function isExport(value: JsonObject): boolean {
  const info = objectField(value, 'info');
  return (stringField(info, 'id') ?? '').startsWith('ses_') && arrayField(value, 'messages') !== undefined;
}

// `opencode export` pretty-prints with two spaces: `{`, `  "info": {`,
// `    "id": "ses_…"`. No stdout format of OpenCode or another agent opens so.
const INFO_KEY = /^ {2}"info": \{$/;
const SESSION_ID = /^ {4}"id": "ses_/;

/**
 * How sure it is that lines are an `opencode export` document (pretty-printed
 * or on one line). Live OpenCode output is one event per line and never has a
 * top-level `info` with a `ses_` id beside `messages`. A pretty-printed
 * document is one value over many lines, so this reads lines together rather
 * than scoring each on its own (`detectFromLines`). Never throws.
 */
export function detectOpenCodeLog(lines: readonly string[]): Detection {
  const nonBlank = lines.filter((line) => line.trim() !== '');
  const first = nonBlank[0];
  if (first === undefined) return NONE;
  if (first.trim() === '{') {
    const whole = parseJson(nonBlank.join('\n'));
    if (whole !== undefined) return isJsonObject(whole.value) && isExport(whole.value) ? { confidence: 1, evidence: 'opencode export document' } : NONE;
    if (nonBlank[1] !== undefined && INFO_KEY.test(nonBlank[1]) && nonBlank.slice(2).some((line) => SESSION_ID.test(line))) {
      return { confidence: 1, evidence: 'first lines of a pretty-printed opencode export document' };
    }
    return NONE;
  }
  const parsed = parseJson(first);
  if (parsed !== undefined && isJsonObject(parsed.value) && isExport(parsed.value)) return { confidence: 1, evidence: 'opencode export document on one line' };
  return NONE;
}
