import type { Detection } from '@x/core';
import { detectFromLines, isJsonObject, objectField, stringField } from '@x/core/provider-utils';

const NO: Detection = { confidence: 0, evidence: 'no Claude Code transcript line' };

/** Line types only a transcript writes, with the field that comes with each. */
const LOG_ONLY_TYPES: ReadonlyMap<string, string> = new Map([
  ['summary', 'leafUuid'],
  ['file-history-snapshot', 'snapshot'],
  ['custom-title', 'customTitle'],
  ['ai-title', 'aiTitle'],
  ['last-prompt', 'lastPrompt'],
  // A run stopped before its first answer (2.0.34 and 2.0.77, interrupted: fixtures/claude-log/recorded/<version>/interrupted/)
  // leaves a transcript of these lines alone.
  ['queue-operation', 'operation'],
]);

function scoreLine(value: unknown): Detection {
  if (!isJsonObject(value)) return NO;
  const type = stringField(value, 'type');
  if (type === undefined) return NO;
  const has = (key: string) => Object.hasOwn(value, key);
  // The envelope of a transcript line; stream-json lines carry `session_id` and `parent_tool_use_id` instead.
  // Qwen Code writes the same envelope around a Gemini message (`message.parts`, no `content`) and its
  // system records with a `systemPayload`: a Claude Code message has `content`, a system line no payload.
  if ((type === 'user' || type === 'assistant' || type === 'system') && has('parentUuid') && stringField(value, 'sessionId') !== undefined) {
    if (type === 'system' && !has('systemPayload')) return { confidence: 1, evidence: 'system line with parentUuid and sessionId' };
    if (type !== 'system' && Object.hasOwn(objectField(value, 'message') ?? {}, 'content')) return { confidence: 1, evidence: `${type} line with parentUuid, sessionId and message.content` };
  }
  const field = LOG_ONLY_TYPES.get(type);
  if (field !== undefined && has(field)) return { confidence: 0.9, evidence: `${type} line with ${field}` };
  return NO;
}

/**
 * Says whether the first lines of a file are a Claude Code session transcript
 * (`~/.claude/projects/<key>/<session>.jsonl`): `1` for a `user` or
 * `assistant` line with the transcript envelope (`parentUuid`, `sessionId`)
 * around a `message.content`, or a `system` line with that envelope and no
 * Qwen Code `systemPayload` (stream-json lines never have the envelope); `0.9` for a line type only transcripts
 * write (`summary`, `file-history-snapshot`, titles, `queue-operation`); `0` otherwise. Never throws.
 */
export function detectClaudeLog(lines: readonly string[]): Detection {
  return detectFromLines(lines, scoreLine, { none: NO });
}
