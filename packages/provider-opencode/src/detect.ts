import type { Detection } from '@x/core';
import { detectFromLines, isJsonObject, objectField, stringField, unframeSseLine } from '@x/core/provider-utils';

/**
 * The `type`s `run --format json` writes, spelled out so that detection
 * builds no schema (xview detects before it loads a parser); a test holds
 * the set equal to the wire schema's.
 */
export const RUN_LINE_TYPES: ReadonlySet<string> = new Set(['step_start', 'text', 'reasoning', 'tool_use', 'step_finish', 'error', 'done']);

/** How many leading lines `detect` looks at. */
const DETECT_LINES = 20;

const NONE: Detection = { confidence: 0, evidence: 'no OpenCode line' };

/** Bus event families OpenCode's server publishes (SDK `Event`). */
const BUS_PREFIXES = ['server.', 'session.', 'message.', 'permission.', 'question.', 'file.', 'lsp.', 'todo.', 'command.', 'installation.', 'pty.', 'tui.', 'vcs.', 'project.', 'mcp.'];

function score(value: unknown): Detection {
  if (!isJsonObject(value)) return { confidence: 0, evidence: 'not a JSON object' };
  const payload = objectField(value, 'payload');
  if (stringField(value, 'type') === undefined && payload !== undefined && stringField(value, 'directory') !== undefined) {
    const inner = score(payload);
    return inner.confidence > 0 ? { confidence: inner.confidence, evidence: `/global/event wrapper around ${inner.evidence}` } : inner;
  }
  const type = stringField(value, 'type');
  if (type === undefined) return { confidence: 0, evidence: 'no type' };
  // Bus events are `{ type: "family.name", properties: {...} }`; Codex and Copilot use dotted types without `properties`.
  if (objectField(value, 'properties') !== undefined && type.includes('.')) {
    return BUS_PREFIXES.some((prefix) => type.startsWith(prefix))
      ? { confidence: 1, evidence: `server bus event "${type}" with properties` }
      : { confidence: 0.6, evidence: `dotted event "${type}" with properties` };
  }
  // run.ts lines carry a camel-case `sessionID` (Gemini writes `session_id`) and an SDK part.
  if (RUN_LINE_TYPES.has(type) && stringField(value, 'sessionID') !== undefined) {
    const part = objectField(value, 'part');
    const sdkPart = part !== undefined && stringField(part, 'messageID') !== undefined && stringField(part, 'type') !== undefined;
    const error = type === 'error' && objectField(value, 'error') !== undefined;
    const done = type === 'done' && stringField(value, 'reason') !== undefined;
    return sdkPart || error || done
      ? { confidence: 1, evidence: `run --format json "${type}" line with sessionID` }
      : { confidence: 0.7, evidence: `run --format json type "${type}" with sessionID` };
  }
  return { confidence: 0, evidence: `type "${type}" is not OpenCode's` };
}

/** The JSON of a line: SSE framing taken off; framing lines and comments give nothing to score. */
function payloadOf(line: string): string {
  const framed = unframeSseLine(line);
  return framed.kind === 'data' ? framed.text : '';
}

/**
 * Whether lines look like OpenCode output: `run --format json` lines, or bus
 * events as SSE `data:` lines or bare JSON. Looks at the first lines and
 * reports the most telling one. Never throws.
 */
export function detectOpenCode(lines: readonly string[]): Detection {
  return detectFromLines(lines.slice(0, DETECT_LINES).map(payloadOf), score, { none: NONE });
}
