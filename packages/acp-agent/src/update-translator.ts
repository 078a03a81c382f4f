import type { SessionUpdate, ToolCallContent, ToolCallLocation, ToolKind } from '@agentclientprotocol/sdk/unstable';
import {
  createUsageCounter,
  type DisplayEvent,
  type ErrorDisplayEvent,
  type NoticeDisplayEvent,
  type SessionDisplayEvent,
  type SessionStatus,
  type ToolResultDisplayEvent,
  type ToolUseDisplayEvent,
  type UsageCounter,
} from '@x/core';
import { planEntriesOf } from './plan-entries.js';
import { editContentOf, outputContentOf } from './tool-content.js';

/** The canonical name of every agent's todo tool: its calls become ACP plans, not tool calls. */
const TODO_TOOL = 'TodoWrite';

/** A call announced and not yet finished: what its result's update must keep (ACP replaces a call's content as a whole). */
interface OpenCall {
  diffs: ToolCallContent[];
  locations: ToolCallLocation[];
}

/** What one prompt's run has told so far, beyond the updates already sent. */
export interface TranslatorState {
  /** The CLI's own session id, from its session events, to resume it at the next prompt. */
  sessionId: string | undefined;
  /** The status of the run's session end, once it came. */
  status: SessionStatus | undefined;
  /** The message of the run's last error, which tells why a failed run failed. */
  lastError: string | undefined;
  /** Whether an error ended the run. */
  fatal: boolean;
  readonly openCalls: Map<string, OpenCall>;
  readonly usage: UsageCounter;
  /** Whether the client shows ACP notices (`clientCapabilities.session.notices`). */
  readonly notices: boolean;
}

/** A fresh state for one prompt's run. */
export function createTranslatorState(notices: boolean): TranslatorState {
  return { sessionId: undefined, status: undefined, lastError: undefined, fatal: false, openCalls: new Map(), usage: createUsageCounter(), notices };
}

const titleOf = (name: string, arg: string | undefined): string => (arg === undefined || arg === '' ? name : `${name} ${arg}`);

function toolUse(state: TranslatorState, event: ToolUseDisplayEvent): SessionUpdate[] {
  if (event.name === TODO_TOOL) {
    const entries = planEntriesOf(event.input);
    return entries === undefined ? [] : [{ sessionUpdate: 'plan', entries }];
  }
  const { diffs, locations } = editContentOf(event.input);
  state.openCalls.set(event.id, { diffs, locations });
  return [
    {
      sessionUpdate: 'tool_call',
      toolCallId: event.id,
      title: titleOf(event.name, event.arg),
      name: event.toolName,
      kind: event.toolKind satisfies ToolKind,
      status: 'in_progress',
      rawInput: event.input,
      ...(diffs.length > 0 ? { content: diffs } : {}),
      ...(locations.length > 0 ? { locations } : {}),
    },
  ];
}

function toolResult(state: TranslatorState, event: ToolResultDisplayEvent): SessionUpdate[] {
  if (event.name === TODO_TOOL) {
    // A result that reports another list than the call announced (Codex's `todo_list` as it ends) updates the plan.
    const entries = event.input === undefined ? undefined : planEntriesOf(event.input);
    return entries === undefined ? [] : [{ sessionUpdate: 'plan', entries }];
  }
  const open = state.openCalls.get(event.id);
  state.openCalls.delete(event.id);
  // Where the completion reported another input than the call announced, what ran is shown.
  const edits = event.input === undefined ? open : editContentOf(event.input);
  const content = [...(edits?.diffs ?? []), ...outputContentOf(event)];
  const rawOutput = { output: event.output, ...event.details };
  return [
    {
      sessionUpdate: 'tool_call_update',
      toolCallId: event.id,
      status: event.status === 'success' ? 'completed' : 'failed',
      ...(event.input === undefined ? {} : { rawInput: event.input, title: titleOf(event.name, event.arg) }),
      ...(content.length > 0 ? { content } : {}),
      ...(edits !== undefined && edits.locations.length > 0 ? { locations: edits.locations } : {}),
      rawOutput,
    },
  ];
}

function session(state: TranslatorState, event: SessionDisplayEvent): SessionUpdate[] {
  if (event.sessionId !== undefined) state.sessionId = event.sessionId;
  if (event.phase === 'end') state.status = event.status;
  return [];
}

/** A notice or a non-fatal error: an ACP notice where the client shows them, otherwise, for what it must see, a line of the agent's message. */
function told(state: TranslatorState, severity: 'info' | 'warning' | 'error', message: string): SessionUpdate[] {
  if (state.notices) return [{ sessionUpdate: 'notice', severity, title: message }];
  if (severity !== 'error') return [];
  return [{ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `\n${message}\n` } }];
}

function error(state: TranslatorState, event: ErrorDisplayEvent): SessionUpdate[] {
  state.lastError = event.message;
  // A fatal error becomes the prompt's JSON-RPC error (see the prompt's end), not an update besides it.
  if (event.fatal) {
    state.fatal = true;
    return [];
  }
  return told(state, 'error', event.message);
}

const notice = (state: TranslatorState, event: NoticeDisplayEvent): SessionUpdate[] => told(state, event.level, event.message);

/**
 * The ACP `session/update`s of one display event, in order. Prompts are not
 * echoed: the client sent them. Usage is summed into the state, for the
 * prompt's response. Kinds this version does not know send nothing.
 */
export function updatesOf(state: TranslatorState, event: DisplayEvent): SessionUpdate[] {
  switch (event.kind) {
    case 'text':
      return [{ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: event.text }, messageId: event.id }];
    case 'reasoning':
      return [{ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: event.text }, messageId: event.id }];
    case 'tool-use':
      return toolUse(state, event);
    case 'tool-result':
      return toolResult(state, event);
    case 'usage':
      state.usage.add(event);
      return [];
    case 'session':
      return session(state, event);
    case 'error':
      return error(state, event);
    case 'notice':
      return notice(state, event);
    default:
      return [];
  }
}
