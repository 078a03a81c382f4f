import { isJsonObject, ownField, stringField, type ToolCallOutcome } from '@x/core/provider-utils';
import { SERVER_RESULT_TOOLS, serverToolResultOutcome } from './server-tool-results.js';

/*
 * The content blocks of an assistant message (`BetaContentBlock` of
 * `@anthropic-ai/sdk@1.11.0`), read the same way for stdout and for the
 * session log. Every block is one of: shown (text, reasoning, a call, a
 * result), known and not shown (with the reason), or unknown (reported with
 * its type, so that a new kind of block is never dropped in silence).
 */

/** What one content block is, for display. */
export type ContentBlock =
  | { kind: 'text'; type: 'text' | 'thinking'; text: string }
  | { kind: 'call'; type: string; id: string | undefined; name: unknown; input: unknown }
  | { kind: 'result'; id: string; outcome: ToolCallOutcome }
  | { kind: 'hidden'; reason: string }
  | { kind: 'unknown'; reason: string }
  | { kind: 'malformed'; reason: string };

/** Blocks the types define that show nothing, with the reason. */
const HIDDEN: ReadonlyMap<string, string> = new Map([
  ['redacted_thinking', 'redacted thinking is opaque'],
  ['container_upload', 'a file put into the code-execution container'],
  ['compaction', "the API's summary of earlier context, kept for the API"],
  ['mcp_tool_listing', 'the tools an MCP server offers'],
  ['fallback', 'the point where a fallback model took over'],
]);

/**
 * The name an MCP connector call (`BetaMCPToolUseBlock`: `name`, `server_name`)
 * is shown under: `mcp__server__tool`, as Claude Code names MCP tools, so that
 * core shows it as `server.tool`.
 */
function mcpToolName(block: Record<string, unknown>): unknown {
  const name = ownField(block, 'name');
  const server = stringField(block, 'server_name');
  return typeof name === 'string' && server !== undefined && server !== '' ? `mcp__${server}__${name}` : name;
}

/** Reads one content block of an assistant message. */
export function readContentBlock(block: unknown): ContentBlock {
  const type = stringField(block, 'type');
  if (!isJsonObject(block) || type === undefined) return { kind: 'malformed', reason: 'content block without a "type"' };
  switch (type) {
    case 'text':
    case 'thinking':
      return { kind: 'text', type, text: stringField(block, type) ?? '' };
    case 'tool_use':
    case 'server_tool_use':
      return { kind: 'call', type, id: stringField(block, 'id'), name: ownField(block, 'name'), input: ownField(block, 'input') };
    case 'mcp_tool_use':
      return { kind: 'call', type, id: stringField(block, 'id'), name: mcpToolName(block), input: ownField(block, 'input') };
  }
  const hidden = HIDDEN.get(type);
  if (hidden !== undefined) return { kind: 'hidden', reason: `${type}: ${hidden}` };
  if (SERVER_RESULT_TOOLS.has(type)) {
    const id = stringField(block, 'tool_use_id');
    return id === undefined ? { kind: 'malformed', reason: `${type} block without a tool_use_id` } : { kind: 'result', id, outcome: serverToolResultOutcome(block, type) };
  }
  return { kind: 'unknown', reason: `unknown content block "${type}"` };
}

/** Whether a streamed block of this type is a call whose input arrives as `input_json_delta` fragments. */
export const isCallType = (type: string): boolean => type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use';
