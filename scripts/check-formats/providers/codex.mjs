// Codex fixtures against @openai/codex-sdk@0.163.0 `ThreadEvent` (current format).
//
// The SDK types only cover the current format (0.44+). Three groups of lines
// cannot be checked against them, and are checked against types written here
// instead, each listed in `exceptions`:
// - legacy `{"id","msg"}` lines (<= 0.43, `codex proto`), with their config
//   summary and prompt lines: a type written from docs/formats/codex.md section 3;
// - the 0.42 `--experimental-json` variant: the SDK items with `item_type`
//   for `type` and `assistant_message` for `agent_message` (codex.md section 1);
// - Rust-only items and events the SDK lags behind on (codex.md quirk 14).
// Lines of the current format that need none of the widenings below are
// assigned to the SDK's `ThreadEvent` itself; a line that needs one is
// assigned to `WireThreadEvent`, the SDK type widened by exactly the fields
// real CLIs write differently (codex.md quirk 16, examples/codex/PROVENANCE.md).

export const packages = ['@openai/codex-sdk@0.163.0', '@modelcontextprotocol/sdk@1.32.2'];

export const exceptions = [
  'exit_code: null on command_execution (quirk 16)',
  'result: null / error: null on mcp_tool_call (quirk 16)',
  'file_change status "in_progress" (quirk 16)',
  'usage without cache_write_input_tokens / reasoning_output_tokens (quirk 16)',
  'web_search action and nested id (quirk 10)',
  'agent_message phase (quirk 13)',
  'command_execution status "declined", plan and collab_tool_call items, item.plan.delta, request_user_input (Rust types, quirk 14)',
  'legacy {"id","msg"} lines, config summary and prompt lines: checked against a type written from codex.md section 3',
  '0.42 --experimental-json lines: checked against the SDK items renamed (item_type, assistant_message)',
  'unknown-and-malformed: lines that are deliberately not Codex output (listed by line)',
];

// Lines written to be wrong, by fixture and line number, with what is wrong with them.
const DELIBERATE = {
  'unknown-and-malformed': {
    2: 'a stderr tracing line',
    4: 'not JSON',
    5: 'an item type no version writes (future_item)',
    6: 'an event type no version writes (turn.heartbeat)',
    8: 'a JSON array',
    10: 'an object with neither type nor msg',
    12: 'a line cut short',
    14: 'item: null',
    15: 'agent_message with text: null',
  },
};

const PRELUDE = `import type {
  AgentMessageItem,
  CommandExecutionItem,
  ErrorItem,
  FileChangeItem,
  ItemCompletedEvent,
  ItemStartedEvent,
  ItemUpdatedEvent,
  McpToolCallItem,
  ReasoningItem,
  ThreadEvent,
  ThreadItem,
  TodoListItem,
  TurnCompletedEvent,
  Usage,
  WebSearchItem,
} from '@openai/codex-sdk';

// --- Current format: the SDK types widened by exactly what real CLIs write (quirks 10, 13, 14, 16).
type WireCommandExecutionItem = Omit<CommandExecutionItem, 'exit_code' | 'status'> & {
  exit_code?: number | null;
  status: CommandExecutionItem['status'] | 'declined';
};
type WireFileChangeItem = Omit<FileChangeItem, 'status'> & { status: FileChangeItem['status'] | 'in_progress' };
type WireMcpToolCallItem = Omit<McpToolCallItem, 'result' | 'error'> & {
  result?: McpToolCallItem['result'] | null;
  error?: McpToolCallItem['error'] | null;
};
type WireWebSearchItem = WebSearchItem & { action?: { type: string; query?: string; url?: string } };
type WireAgentMessageItem = AgentMessageItem & { phase?: 'commentary' | 'final_answer' };
type PlanItem = { id: string; type: 'plan'; text: string };
type CollabToolCallItem = {
  id: string;
  type: 'collab_tool_call';
  tool: 'spawn_agent' | 'send_input' | 'wait' | 'close_agent';
  sender_thread_id: string;
  receiver_thread_ids: string[];
  prompt: string | null;
  agents_states: Record<string, { status: string; message: string | null }>;
  status: 'in_progress' | 'completed' | 'failed';
};
type WireThreadItem =
  | WireAgentMessageItem
  | ReasoningItem
  | WireCommandExecutionItem
  | WireFileChangeItem
  | WireMcpToolCallItem
  | WireWebSearchItem
  | TodoListItem
  | ErrorItem
  | PlanItem
  | CollabToolCallItem;
type WireUsage = Omit<Usage, 'cache_write_input_tokens' | 'reasoning_output_tokens'> &
  Partial<Pick<Usage, 'cache_write_input_tokens' | 'reasoning_output_tokens'>>;
type WireThreadEvent =
  | Exclude<ThreadEvent, ItemStartedEvent | ItemUpdatedEvent | ItemCompletedEvent | TurnCompletedEvent>
  | { type: 'item.started' | 'item.updated' | 'item.completed'; item: WireThreadItem }
  | { type: 'turn.completed'; usage: WireUsage }
  | { type: 'item.plan.delta'; item_id: string; delta: string }
  | { type: 'request_user_input'; id: string; call_id: string; questions: unknown[] };

// --- 0.42 --experimental-json: the SDK items with the two names PR #4610 changed.
type Experimental042Item = ThreadItem extends infer T
  ? T extends { type: infer K }
    ? Omit<T, 'type'> & { item_type: K extends 'agent_message' ? 'assistant_message' : K }
    : never
  : never;
type Experimental042Event =
  | { type: 'session.created'; session_id: string }
  | { type: 'item.started' | 'item.updated' | 'item.completed'; item: Experimental042Item };

// --- Legacy (<= 0.43, codex proto), written from docs/formats/codex.md section 3.
type LegacyConfigSummary = {
  workdir?: string;
  model: string;
  provider: string;
  approval: string;
  sandbox: string;
  'reasoning effort'?: string;
  'reasoning summaries'?: string;
};
type LegacyPromptLine = { prompt: string };
type LegacyTokenUsage = {
  input_tokens: number;
  cached_input_tokens: number;
  output_tokens: number;
  reasoning_output_tokens: number;
  total_tokens: number;
};
type LegacyDuration = { secs: number; nanos: number };
type LegacyMcpInvocation = { server: string; tool: string; arguments?: unknown };
type LegacyFileChange =
  | { add: { content: string } }
  | 'delete'
  | { delete: Record<string, never> }
  | { update: { unified_diff: string; move_path: string | null } };
type LegacyEventMsg =
  | { type: 'session_configured'; session_id: string; model: string; history_log_id: number; history_entry_count: number; rollout_path?: string }
  | { type: 'task_started'; model_context_window?: number }
  | { type: 'agent_message'; message: string }
  | { type: 'agent_message_delta'; delta: string }
  | { type: 'agent_reasoning'; text: string }
  | { type: 'agent_reasoning_delta'; delta: string }
  | { type: 'agent_reasoning_raw_content'; text: string }
  | { type: 'exec_command_begin'; call_id: string; command: string[]; cwd: string; parsed_cmd?: unknown[] }
  | { type: 'exec_command_output_delta'; call_id: string; stream: 'stdout' | 'stderr'; chunk: unknown }
  | {
      type: 'exec_command_end';
      call_id: string;
      stdout: string;
      stderr: string;
      exit_code: number;
      aggregated_output?: string;
      duration?: LegacyDuration;
      formatted_output?: string;
    }
  | { type: 'patch_apply_begin'; call_id: string; auto_approved: boolean; changes: Record<string, LegacyFileChange> }
  | { type: 'patch_apply_end'; call_id: string; stdout: string; stderr: string; success: boolean }
  | { type: 'mcp_tool_call_begin'; call_id: string; invocation: LegacyMcpInvocation }
  | {
      type: 'mcp_tool_call_end';
      call_id: string;
      invocation: LegacyMcpInvocation;
      duration?: LegacyDuration;
      result: { Ok: { content: unknown[]; isError?: boolean } } | { Err: string };
    }
  | { type: 'web_search_begin' | 'web_search_end'; call_id: string; query?: string }
  | { type: 'plan_update'; explanation?: string; plan: { step: string; status: 'pending' | 'in_progress' | 'completed' }[] }
  | { type: 'turn_diff'; unified_diff: string }
  | ({ type: 'token_count' } & LegacyTokenUsage)
  | {
      type: 'token_count';
      info: { total_token_usage: LegacyTokenUsage; last_token_usage: LegacyTokenUsage; model_context_window: number } | null;
      rate_limits: unknown | null;
    }
  | { type: 'background_event'; message: string }
  | { type: 'stream_error'; message: string }
  | { type: 'error'; message?: string }
  | { type: 'turn_aborted'; reason: string }
  | { type: 'task_complete'; last_agent_message: string | null };
type LegacyEvent = { id: string; msg: LegacyEventMsg };
`;

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The widenings a current-format line needs; empty when the plain SDK type must hold. */
function widenings(event) {
  const found = [];
  const item = isObject(event.item) ? event.item : undefined;
  if (item?.type === 'command_execution' && item.exit_code === null) found.push('exit_code null');
  if (item?.type === 'command_execution' && item.status === 'declined') found.push('status declined');
  if (item?.type === 'mcp_tool_call' && (item.result === null || item.error === null)) found.push('mcp result/error null');
  if (item?.type === 'file_change' && item.status === 'in_progress') found.push('file_change in_progress');
  if (item?.type === 'web_search' && 'action' in item) found.push('web_search action');
  if (item?.type === 'agent_message' && 'phase' in item) found.push('agent_message phase');
  if (item?.type === 'plan' || item?.type === 'collab_tool_call') found.push(`${item.type} item`);
  if (event.type === 'item.plan.delta' || event.type === 'request_user_input') found.push(event.type);
  if (event.type === 'turn.completed' && isObject(event.usage)) {
    if (!('cache_write_input_tokens' in event.usage) || !('reasoning_output_tokens' in event.usage)) found.push('usage fields missing');
  }
  return found;
}

/** The type a line is checked against, and the exceptions that made it so. */
function typeOf(value) {
  if (isObject(value.msg)) return { type: 'LegacyEvent', note: 'legacy event' };
  if (!('type' in value)) return 'prompt' in value ? { type: 'LegacyPromptLine', note: 'legacy prompt line' } : { type: 'LegacyConfigSummary', note: 'legacy config summary' };
  if (value.type === 'session.created' || (isObject(value.item) && 'item_type' in value.item)) {
    return { type: 'Experimental042Event', note: '0.42 --experimental-json' };
  }
  const found = widenings(value);
  return found.length === 0 ? { type: 'ThreadEvent', note: '' } : { type: 'WireThreadEvent', note: found.join(', ') };
}

export function generate(fixtures) {
  const out = [PRELUDE];
  for (const fixture of fixtures) {
    const deliberate = DELIBERATE[fixture.scenario] ?? {};
    const name = fixture.scenario.replace(/[^A-Za-z0-9]/g, '_');
    out.push(`\n// ${fixture.file}`);
    for (const line of fixture.lines) {
      const why = deliberate[line.number];
      if (why !== undefined) {
        out.push(`// line ${line.number}: deliberately not Codex output (${why})`);
        continue;
      }
      // A line that is not JSON fails the check: JSON.parse throws here, and the driver reports it.
      const value = JSON.parse(line.text);
      const { type, note } = typeOf(value);
      out.push(`${note ? `// ${note}\n` : ''}export const ${name}_${line.number}: ${type} = ${JSON.stringify(value)};`);
    }
  }
  return `${out.join('\n')}\n`;
}
