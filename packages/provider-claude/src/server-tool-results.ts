import { extractToolOutput, isJsonObject, numberField, objectField, ownField, stringField, type ToolCallOutcome } from '@x/core/provider-utils';

/*
 * The result blocks of calls the API runs itself (server tools) or runs on an
 * MCP server for the model (the MCP connector), as `@anthropic-ai/sdk@1.11.0`
 * types them (`resources/beta/messages`): they sit in the assistant message,
 * right after the `server_tool_use` / `mcp_tool_use` block they answer, and
 * name it by `tool_use_id`.
 */

/** Each result block type, and the name of the server tool it answers (for a result whose call was never seen). */
export const SERVER_RESULT_TOOLS: ReadonlyMap<string, string> = new Map([
  ['web_search_tool_result', 'web_search'],
  ['web_fetch_tool_result', 'web_fetch'],
  ['code_execution_tool_result', 'code_execution'],
  ['bash_code_execution_tool_result', 'bash_code_execution'],
  ['text_editor_code_execution_tool_result', 'text_editor_code_execution'],
  ['tool_search_tool_result', 'tool_search'],
  ['advisor_tool_result', 'advisor'],
  ['mcp_tool_result', 'mcp_tool'],
]);

/** The error objects (`BetaWebSearchToolResultErrorObject` and its siblings): their `type` ends in `_error`. */
function errorOutcome(content: unknown): ToolCallOutcome | undefined {
  const type = stringField(content, 'type');
  if (type === undefined || !type.endsWith('_error')) return undefined;
  const message = stringField(content, 'error_message') ?? stringField(content, 'error_code') ?? type;
  return { status: 'error', errorMessage: message };
}

/** `BetaWebSearchResultBlock[]`: one line per page found, its title and address. */
function searchResults(results: unknown[]): ToolCallOutcome {
  const lines: string[] = [];
  for (const result of results) {
    const title = stringField(result, 'title');
    const url = stringField(result, 'url');
    if (title !== undefined || url !== undefined) lines.push([title, url].filter((part) => part !== undefined && part !== '').join(' — '));
  }
  return { status: 'success', output: lines.join('\n'), matchCount: lines.length };
}

/** A code-execution result (`BetaCodeExecutionResultBlock`, its bash and encrypted kinds): stdout, stderr and the exit code. */
function executionResult(content: Record<string, unknown>, encrypted: boolean): ToolCallOutcome {
  const exitCode = numberField(content, 'return_code');
  const outcome: ToolCallOutcome = { status: exitCode === undefined || exitCode === 0 ? 'success' : 'error' };
  // The encrypted kind's stdout is for the API only.
  if (!encrypted) outcome.output = stringField(content, 'stdout') ?? '';
  const stderr = stringField(content, 'stderr');
  if (stderr !== undefined && stderr !== '') outcome.stderr = stderr;
  if (exitCode !== undefined) outcome.exitCode = exitCode;
  return outcome;
}

/** The text an object result holds, by its `type`; `undefined` for a kind with no text (a file created, a redacted advice). */
function objectText(content: Record<string, unknown>, type: string | undefined): string | undefined {
  switch (type) {
    case 'web_fetch_result': {
      // BetaWebFetchBlock: a document whose plain-text source is the page; a PDF (base64) is not text.
      const source = objectField(objectField(content, 'content'), 'source');
      return stringField(source, 'type') === 'text' ? stringField(source, 'data') : undefined;
    }
    case 'text_editor_code_execution_view_result':
      return stringField(content, 'content');
    case 'text_editor_code_execution_str_replace_result': {
      const lines = ownField(content, 'lines');
      return Array.isArray(lines) ? lines.filter((line) => typeof line === 'string').join('\n') : undefined;
    }
    case 'tool_search_tool_search_result': {
      const references = ownField(content, 'tool_references');
      return Array.isArray(references) ? references.map((reference) => stringField(reference, 'tool_name') ?? '').join('\n') : undefined;
    }
    case 'advisor_result':
      return stringField(content, 'text');
  }
  return undefined;
}

/** `BetaMCPToolResultBlock`: `content` a string or text blocks, `is_error` the status. */
function mcpResult(block: Record<string, unknown>): ToolCallOutcome {
  const content = ownField(block, 'content');
  if (ownField(block, 'is_error') !== true) return { status: 'success', output: content };
  const text = extractToolOutput(content);
  return { status: 'error', output: content, errorMessage: text.state === 'text' ? text.text.trim() : undefined };
}

/**
 * The outcome of a server-tool or MCP result block of type `type` (one of
 * {@link SERVER_RESULT_TOOLS}): an error for an error object, else the
 * output of its kind (search results, a fetched page, a command's stdout,
 * stderr and exit code, a file viewed, tools found, advice). `toolName`
 * names the tool for a result whose call was never seen.
 */
export function serverToolResultOutcome(block: Record<string, unknown>, type: string): ToolCallOutcome {
  const toolName = SERVER_RESULT_TOOLS.get(type);
  const content = ownField(block, 'content');
  const error = errorOutcome(content);
  let outcome: ToolCallOutcome;
  if (type === 'mcp_tool_result') outcome = mcpResult(block);
  else if (error !== undefined) outcome = error;
  else if (Array.isArray(content)) outcome = searchResults(content);
  else if (isJsonObject(content)) {
    const kind = stringField(content, 'type');
    if (kind === 'code_execution_result' || kind === 'bash_code_execution_result' || kind === 'encrypted_code_execution_result') {
      outcome = executionResult(content, kind === 'encrypted_code_execution_result');
    } else {
      outcome = { status: 'success', output: objectText(content, kind) };
    }
  } else outcome = { status: 'success', output: content };
  if (toolName !== undefined) outcome.toolName = toolName;
  return outcome;
}
