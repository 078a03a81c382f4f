import type { Detection } from '@x/core';
import { arrayField, detectFromLines, isJsonObject, objectField, ownField, stringField } from '@x/core/provider-utils';

const NONE: Detection = { confidence: 0, evidence: 'no Qwen Code session log record' };

// A Qwen Code record has Claude Code's transcript envelope (uuid, parentUuid,
// sessionId, cwd, version) around a Gemini message (`message.parts[]`, role
// `user` or `model`): Claude Code's messages have `content`, Gemini CLI's
// logs no `parentUuid`. `tool_result` records with `toolCallResult` and
// system records with `systemPayload` are Qwen Code's alone.
function scoreLine(value: unknown): Detection {
  if (!isJsonObject(value) || stringField(value, 'sessionId') === undefined || !Object.hasOwn(value, 'parentUuid')) return NONE;
  const type = ownField(value, 'type');
  if (type === 'tool_result' && isJsonObject(ownField(value, 'toolCallResult'))) return { confidence: 1, evidence: 'tool_result record with toolCallResult' };
  if (type === 'system' && isJsonObject(ownField(value, 'systemPayload'))) return { confidence: 1, evidence: 'system record with systemPayload' };
  if ((type === 'user' || type === 'assistant') && arrayField(objectField(value, 'message'), 'parts') !== undefined) {
    return { confidence: 1, evidence: `${type} record with a transcript envelope around message.parts[]` };
  }
  return NONE;
}

/**
 * How sure it is that lines are a Qwen Code session log
 * (`~/.qwen/projects/<project>/chats/<session>.jsonl`): `1` for a record with
 * the transcript envelope (`parentUuid`, `sessionId`) around a Gemini message
 * (`message.parts[]`), a `tool_result` record or a `system` record with its
 * payload; `0` otherwise. Never throws.
 */
export function detectQwenLog(lines: readonly string[]): Detection {
  return detectFromLines(lines, scoreLine, { none: NONE });
}
