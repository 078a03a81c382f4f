import type { DisplayEvent, LineContext } from '@x/core';
import type { CopilotOtherLine } from './wire-schema.js';

/**
 * Types the 1.0.102 writer filters out of stdout (copilot.md §2, "Not
 * written to stdout"). They still appear when a session-state `events.jsonl`
 * is replayed (quirk 9), so they are known and shown as nothing.
 */
const EXCLUDED_FROM_STDOUT: ReadonlySet<string> = new Set([
  'session.idle',
  'session.title_changed',
  'session.usage_info',
  'session.truncation',
  'session.snapshot_rewind',
  'session.shutdown',
  'session.model_change',
  'session.mode_changed',
  'session.autopilot_objective_changed',
  'session.permissions_changed',
  'session.plan_changed',
  'session.workspace_file_changed',
  'session.context_changed',
  'session.compaction_start',
  'session.compaction_complete',
  'pending_messages.modified',
  'assistant.streaming_delta',
  'assistant.usage',
  'assistant.intent',
  'permission.requested',
  'permission.completed',
  'hook.start',
  'hook.end',
  'hook.progress',
  'system.message',
  'sandbox.decision',
]);

/** Families excluded from stdout as a whole (`user_input.*`, `skill.*`, …). */
const EXCLUDED_PREFIXES = ['user_input.', 'elicitation.', 'auto_mode_switch.', 'skill.'] as const;

/** Known types that carry nothing to show, with the reason a diagnostic gives. */
const SHOWN_AS_NOTHING: ReadonlyMap<string, string> = new Map([
  ['user.message', "the user's prompt"],
  ['assistant.message_start', 'message boundary; its text follows as deltas or the complete message'],
  ['assistant.tool_call_delta', 'partial tool arguments; the call is announced when complete'],
  ['tool.execution_partial_result', 'partial tool output; the complete result follows'],
  ['tool.shell_output', 'streamed shell output; the complete result follows'],
  ['tool.execution_progress', 'tool progress message'],
  ['subagent.started', 'subagent start; shown as its task tool call'],
  ['subagent.completed', 'subagent end; shown as its task tool result'],
  ['session.mcp_servers_loaded', 'MCP server status'],
  ['session.usage_checkpoint', 'premium-request checkpoint without token counts'],
  // 1.0.10x (recorded: fixtures/copilot/recorded/1.0.102/).
  ['session.skills_loaded', 'the skills available to the agent'],
  ['session.tools_updated', 'the tool list given to the model'],
  ['session.background_tasks_changed', 'background task bookkeeping; the calls are shown'],
  ['assistant.idle', 'the agent waits for input: the turn is over'],
  ['assistant.turn_retry', 'the turn is retried; a failure that remains is its session.error'],
  ['subagent.configured', "a subagent's model settings; the subagent is shown as its task call"],
  ['session.usage_record', "one model request's usage (session-state only); the session's usage is shown"],
  // 1.0.102 interrupted mid-stream (pnpm drift, 2026-11-29: the recorded run's SIGINT had come while it retried).
  ['agent.interrupted', 'the interrupt as telemetry (what ran, how far it got); the abort after it is shown'],
]);

/** Why a known type shows nothing, or `undefined` for a type this parser does not know. */
export function ignoredReason(type: string): string | undefined {
  const reason = SHOWN_AS_NOTHING.get(type);
  if (reason !== undefined) return reason;
  if (type.startsWith('model.')) return 'model call telemetry';
  if (EXCLUDED_FROM_STDOUT.has(type) || EXCLUDED_PREFIXES.some((prefix) => type.startsWith(prefix))) {
    return `${type} is not written to stdout (a session-state events.jsonl line)`;
  }
  return undefined;
}

/**
 * A line of a type without a handler: ignored with its reason when the type
 * is known, else reported as unknown, naming the type (for the drift alarm).
 */
export function otherEvents(line: CopilotOtherLine, context: LineContext): DisplayEvent[] {
  const reason = ignoredReason(line.type);
  if (reason !== undefined) context.ignore(reason);
  else context.unknown(`unknown event type "${line.type}"${line.ephemeral === true ? ' (ephemeral)' : ''}`);
  return [];
}
