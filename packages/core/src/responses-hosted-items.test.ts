import { describe, expect, it } from 'vitest';
import { responsesHostedCall } from './responses-hosted-items.js';
import { createToolCallTracker } from './tool-calls.js';

// Items written to the output item types of openai@6.49.0 (`ResponseFunctionWebSearch`,
// `ResponseFileSearchToolCall`, `ResponseCodeInterpreterToolCall`, `ImageGenerationCall`,
// `McpCall`, `McpListTools`, `McpApprovalRequest`), field by field.
describe('responsesHostedCall', () => {
  it('reads each hosted tool item as a call with a canonical or MCP name and its outcome', () => {
    const tracker = createToolCallTracker();
    const items = [
      { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'pnpm catalogs', sources: [{ type: 'url', url: 'https://pnpm.io/catalogs' }] } },
      { type: 'file_search_call', id: 'fs_1', status: 'completed', queries: ['retry policy'], results: [{ file_id: 'file-1', filename: 'ops.md', score: 0.9, text: 'Retry 3 times.' }] },
      { type: 'code_interpreter_call', id: 'ci_1', status: 'failed', code: 'print(1/0)', container_id: 'cntr_1', outputs: [{ type: 'logs', logs: 'ZeroDivisionError' }] },
      { type: 'image_generation_call', id: 'ig_1', status: 'completed', result: 'iVBORw0KGgo=' },
      { type: 'mcp_call', id: 'mcp_1', server_label: 'deepwiki', name: 'ask_question', arguments: '{"question":"What is x?"}', output: 'x is a viewer.', error: null, status: 'completed' },
      { type: 'mcp_list_tools', id: 'mcpl_1', server_label: 'deepwiki', tools: [{ name: 'ask_question', input_schema: {} }, { name: 'read_wiki', input_schema: {} }] },
    ];
    const events = items.flatMap((item) => {
      const call = responsesHostedCall(item, 'fallback');
      if (call === undefined) return [];
      const [use] = tracker.start(call.start);
      const [result] = call.outcome === undefined ? [] : tracker.finish(call.start.id ?? '', call.outcome);
      return [use, result].map((event) => event && { kind: event.kind, name: event.name, toolKind: event.toolKind, ...('arg' in event ? { arg: event.arg } : { status: event.status, output: event.output }) });
    });
    expect(events).toEqual([
      { kind: 'tool-use', name: 'WebSearch', toolKind: 'fetch', arg: 'pnpm catalogs' },
      { kind: 'tool-result', name: 'WebSearch', toolKind: 'fetch', status: 'success', output: 'https://pnpm.io/catalogs' },
      { kind: 'tool-use', name: 'file_search', toolKind: 'other', arg: 'retry policy' },
      { kind: 'tool-result', name: 'file_search', toolKind: 'other', status: 'success', output: 'ops.md' },
      { kind: 'tool-use', name: 'code_interpreter', toolKind: 'other', arg: 'print(1/0)' },
      { kind: 'tool-result', name: 'code_interpreter', toolKind: 'other', status: 'error', output: 'ZeroDivisionError' },
      { kind: 'tool-use', name: 'image_generation', toolKind: 'other', arg: '' },
      { kind: 'tool-result', name: 'image_generation', toolKind: 'other', status: 'success', output: undefined },
      { kind: 'tool-use', name: 'deepwiki.ask_question', toolKind: 'other', arg: 'What is x?' },
      { kind: 'tool-result', name: 'deepwiki.ask_question', toolKind: 'other', status: 'success', output: 'x is a viewer.' },
      { kind: 'tool-use', name: 'deepwiki.list_tools', toolKind: 'other', arg: 'deepwiki' },
      { kind: 'tool-result', name: 'deepwiki.list_tools', toolKind: 'other', status: 'success', output: 'ask_question\nread_wiki' },
    ]);
  });

  it('has no outcome while the item runs or awaits approval; an error string or object fails it', () => {
    expect(responsesHostedCall({ type: 'web_search_call', id: 'ws_1', status: 'searching', action: { type: 'search', query: 'q' } }, 'f')?.outcome).toBeUndefined();
    const approval = responsesHostedCall({ type: 'mcp_approval_request', id: 'mcpr_1', server_label: 'gh', name: 'create_issue', arguments: '{"title":"Bug"}' }, 'f');
    expect(approval).toEqual({ start: { id: 'mcpr_1', toolName: 'create_issue', displayName: 'mcp__gh__create_issue', input: { title: 'Bug' } }, outcome: undefined });
    expect(responsesHostedCall({ type: 'mcp_call', id: 'm', server_label: 'gh', name: 'n', arguments: '', error: { type: 'mcp_tool_execution_error', message: 'boom' } }, 'f')?.outcome).toEqual({
      status: 'error',
      errorMessage: 'boom',
    });
    expect(responsesHostedCall({ type: 'mcp_list_tools', server_label: 'gh', tools: [], error: 'unreachable' }, 'item-3')?.start.id).toBe('item-3');
    expect(responsesHostedCall({ type: 'function_call', id: 'fc' }, 'f')).toBeUndefined();
  });
});
