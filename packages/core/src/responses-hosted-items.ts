import { arrayField, decodeJsonString, objectField, ownField, stringField, type JsonObject } from './json-value.js';
import type { ToolCallOutcome, ToolCallStart } from './tool-calls.js';

/*
 * The OpenAI Responses API runs some tools on the server and reports each as
 * one output item that holds both the call and its result (openai@6.49.0
 * `ResponseOutputItem`: `ResponseFunctionWebSearch`, `ResponseFileSearchToolCall`,
 * `ResponseCodeInterpreterToolCall`, `ImageGenerationCall`, `McpCall`,
 * `McpListTools`, `McpApprovalRequest`). Two sources read these items (the
 * OpenAI-compatible translator and Codex's session logs, whose
 * `response_item` lines are the same items), so they are read here, once.
 */

/** A hosted tool item as a call and, once it is over, its outcome. */
export interface HostedToolCall {
  /** What the tracker announces: the item's id, a canonical or MCP display name, a preview. */
  start: ToolCallStart;
  /** How it ended; `undefined` while it runs (`in_progress`, `searching`, ...) or, for an approval request, until it is answered. */
  outcome: ToolCallOutcome | undefined;
}

/** Statuses of a hosted item that is over but did not succeed. */
const FAILED_STATUSES = new Set(['failed', 'incomplete']);

/** The error an item reports: a string, or (openai ≥ 6.x `McpToolCallError`) an object with a `message`. */
function errorText(item: JsonObject): string | undefined {
  const error = ownField(item, 'error');
  if (typeof error === 'string') return error === '' ? undefined : error;
  const message = stringField(error, 'message');
  return message === undefined || message === '' ? undefined : message;
}

/** The outcome of an item by its `status` and `error`: none while it runs; an item without status is whole. */
function outcomeOf(item: JsonObject, output: string | undefined): ToolCallOutcome | undefined {
  const status = stringField(item, 'status');
  const error = errorText(item);
  if (status !== undefined && status !== 'completed' && !FAILED_STATUSES.has(status) && error === undefined) return undefined;
  const failed = error !== undefined || (status !== undefined && FAILED_STATUSES.has(status));
  const outcome: ToolCallOutcome = { status: failed ? 'error' : 'success' };
  if (output !== undefined && output !== '') outcome.output = output;
  if (failed) outcome.errorMessage = error ?? `The call ended with status ${status ?? 'failed'}.`;
  return outcome;
}

const lines = (values: (string | undefined)[]): string | undefined => {
  const kept = values.filter((value): value is string => value !== undefined && value !== '');
  return kept.length === 0 ? undefined : kept.join('\n');
};

function webSearch(item: JsonObject, id: string): HostedToolCall {
  // `action` is a search (`query`, or several `queries`), an opened page (`url`) or a find in a page (`pattern`, `url`).
  const action = objectField(item, 'action');
  const queries = (arrayField(action, 'queries') ?? []).filter((query): query is string => typeof query === 'string');
  const arg = stringField(action, 'query') || queries.join(', ') || stringField(action, 'url') || stringField(action, 'pattern') || '';
  const sources = (arrayField(action, 'sources') ?? []).map((source) => stringField(source, 'url'));
  return { start: { id, toolName: 'web_search', displayName: 'WebSearch', input: action ?? null, arg }, outcome: outcomeOf(item, lines(sources)) };
}

function fileSearch(item: JsonObject, id: string): HostedToolCall {
  const queries = (arrayField(item, 'queries') ?? []).filter((query): query is string => typeof query === 'string');
  const files = (arrayField(item, 'results') ?? []).map((result) => stringField(result, 'filename') || stringField(result, 'file_id'));
  return { start: { id, toolName: 'file_search', input: { queries }, arg: queries.join(', ') }, outcome: outcomeOf(item, lines(files)) };
}

function codeInterpreter(item: JsonObject, id: string): HostedToolCall {
  const code = stringField(item, 'code') ?? '';
  // Outputs are logs (`logs`) or images (`url`): the logs are the text, an image is named by its URL.
  const outputs = (arrayField(item, 'outputs') ?? []).map((output) => stringField(output, 'logs') ?? stringField(output, 'url'));
  return { start: { id, toolName: 'code_interpreter', input: { code }, arg: code }, outcome: outcomeOf(item, lines(outputs)) };
}

function imageGeneration(item: JsonObject, id: string): HostedToolCall {
  // `result` is the image as base64: not text to show. Codex's rollouts add the `revised_prompt` (codex-rs `ResponseItem::ImageGenerationCall`).
  const prompt = stringField(item, 'revised_prompt') ?? '';
  return { start: { id, toolName: 'image_generation', input: prompt === '' ? null : { revised_prompt: prompt }, arg: prompt }, outcome: outcomeOf(item, undefined) };
}

/** An MCP tool under the name every source gives MCP tools, `mcp__<server>__<tool>` (shown as `server.tool`). */
function mcpName(item: JsonObject, tool: string | undefined): string {
  const server = stringField(item, 'server_label') ?? '';
  return server === '' || tool === undefined || tool === '' ? (tool ?? 'mcp') : `mcp__${server}__${tool}`;
}

function mcpCall(item: JsonObject, id: string): HostedToolCall {
  const name = stringField(item, 'name');
  const start: ToolCallStart = { id, toolName: name ?? 'mcp_call', displayName: mcpName(item, name), input: decodeJsonString(ownField(item, 'arguments') ?? '') };
  const output = stringField(item, 'output');
  return { start, outcome: outcomeOf(item, output ?? undefined) };
}

function mcpListTools(item: JsonObject, id: string): HostedToolCall {
  const server = stringField(item, 'server_label') ?? '';
  const tools = (arrayField(item, 'tools') ?? []).map((tool) => stringField(tool, 'name'));
  return { start: { id, toolName: 'mcp_list_tools', displayName: mcpName(item, 'list_tools'), input: { server_label: server }, arg: server }, outcome: outcomeOf(item, lines(tools)) };
}

function mcpApprovalRequest(item: JsonObject, id: string): HostedToolCall {
  // The call waits for the user's `mcp_approval_response`, sent in a later request: it has no outcome here.
  const name = stringField(item, 'name');
  return { start: { id, toolName: name ?? 'mcp_approval_request', displayName: mcpName(item, name), input: decodeJsonString(ownField(item, 'arguments') ?? '') }, outcome: undefined };
}

const HOSTED_ITEMS: ReadonlyMap<string, (item: JsonObject, id: string) => HostedToolCall> = new Map([
  ['web_search_call', webSearch],
  ['file_search_call', fileSearch],
  ['code_interpreter_call', codeInterpreter],
  ['image_generation_call', imageGeneration],
  ['mcp_call', mcpCall],
  ['mcp_list_tools', mcpListTools],
  ['mcp_approval_request', mcpApprovalRequest],
]);

/**
 * Reads an OpenAI Responses output item of a tool the server runs
 * (`web_search_call`, `file_search_call`, `code_interpreter_call`,
 * `image_generation_call`, `mcp_call`, `mcp_list_tools`,
 * `mcp_approval_request`) as a call for the tool-call tracker and, once the
 * item's `status` says it is over, its outcome (`failed` and `incomplete` are
 * errors). A web search is `WebSearch`; MCP tools are named
 * `mcp__<server_label>__<name>`, shown as `server.tool`. Any other item gives
 * `undefined`. `fallbackId` is the id used when the item has none.
 */
export function responsesHostedCall(item: JsonObject, fallbackId: string): HostedToolCall | undefined {
  const read = HOSTED_ITEMS.get(stringField(item, 'type') ?? '');
  if (read === undefined) return undefined;
  const id = stringField(item, 'id');
  return read(item, id === undefined || id === '' ? fallbackId : id);
}
