import type * as acp from '@agentclientprotocol/sdk';
import type { DisplayEvent, LineContext } from '@x/core';
import { compactionNotice } from '@x/core/provider-utils';
import type { z } from 'zod';
import { blockText } from './content-text.js';
import { blockOf, closeBlock, type AcpState } from './state.js';
import { toolCallEvents } from './tool-events.js';
import { usageEvent } from './turn-events.js';
import {
  chunkMetaUsageSchema,
  compactionUpdateSchema,
  contentChunkSchema,
  currentModeUpdateSchema,
  noticeSchema,
  planSchema,
  toolCallSchema,
  toolCallUpdateSchema,
  usageUpdateSchema,
} from './wire-schema.js';

type Handler = (state: AcpState, update: Record<string, unknown>, context: LineContext) => DisplayEvent[];

/** A handler that reads the update with `schema`, and reports it malformed, naming `what`, when it does not fit. */
function checked<S extends z.ZodType>(schema: S, what: string, handle: (state: AcpState, value: z.infer<S>, context: LineContext) => DisplayEvent[]): Handler {
  return (state, update, context) => {
    const parsed = schema.safeParse(update);
    if (!parsed.success) {
      context.malformed(`${what} without the fields ACP gives it`);
      return [];
    }
    return handle(state, parsed.data, context);
  };
}

/** A model request's tokens that Qwen Code 0.24 sends with a chunk (an empty one, at the end of each reply), in ACP's own fields under `_meta.usage`. */
function chunkUsage(state: AcpState, meta: unknown): DisplayEvent[] {
  const parsed = chunkMetaUsageSchema.safeParse(meta);
  if (!parsed.success) return [];
  state.chunkUsage = true;
  return [usageEvent(parsed.data.usage)];
}

function chunk(kind: 'agent' | 'thought') {
  return checked(contentChunkSchema, `${kind === 'agent' ? 'agent_message' : 'agent_thought'}_chunk`, (state, value, context) => {
    const text = blockText(value.content);
    const usage = chunkUsage(state, value._meta);
    if (text === undefined || text === '') {
      if (usage.length === 0) context.ignore(`${value.content.type} content, which no event shows`);
      return usage;
    }
    const block = blockOf(state, kind, value.messageId);
    const added = state.text.delta(block.id, text);
    return [...block.events, { kind: kind === 'agent' ? 'text' : 'reasoning', id: block.id, text: added }, ...usage];
  });
}

const userChunk = checked(contentChunkSchema, 'user_message_chunk', (state, value, context) => {
  const text = blockText(value.content);
  // A client's `session/prompt` already told the prompt; agents echo it (and replay history on `session/load`) as user chunks.
  if (state.promptSeen || text === undefined) {
    context.ignore(state.promptSeen ? 'user message echoing the session/prompt request' : `${value.content.type} content, which no event shows`);
    return [];
  }
  const block = blockOf(state, 'user', value.messageId);
  state.user.append(text);
  if (block.events.length === 0) context.ignore('user message chunk, told as one prompt when the message ends');
  return block.events;
});

const plan = checked(planSchema, 'plan', (state, value) => {
  state.plans += 1;
  const id = `plan-${state.plans}`;
  const todos = value.entries.map((entry) => ({ content: entry.content, status: entry.status, priority: entry.priority }));
  const text = value.entries
    .map((e) => `- [${e.status === 'completed' ? 'x' : ' '}] ${e.content}${e.status === 'in_progress' ? ' (in progress)' : ''}`)
    .join('\n');
  return [
    ...state.tracker.start({ id, toolName: 'plan', displayName: 'TodoWrite', input: { todos } }),
    ...state.tracker.finish(id, { status: 'success', output: text }),
  ];
});

const usage = checked(usageUpdateSchema, 'usage_update', (_state, value, context) => {
  // `used` and `size` are the context window, not tokens spent: only the session's cost so far adds to the run's totals.
  if (value.cost === undefined || value.cost === null || value.cost.currency.toUpperCase() !== 'USD') {
    context.ignore('usage_update without a cost in USD (context window use only)');
    return [];
  }
  return [{ kind: 'usage', cumulative: true, costUsd: value.cost.amount }];
});

const notice = checked(noticeSchema, 'notice', (_state, value) => {
  const message = value.description ? `${value.title}: ${value.description}` : value.title;
  if (value.severity === 'error') return [{ kind: 'error', message, fatal: false }];
  return [{ kind: 'notice', level: value.severity === 'warning' ? 'warning' : 'info', code: 'acp_notice', message }];
});

const compaction = checked(compactionUpdateSchema, 'compaction_update', (_state, value, context) => {
  if (value.status === 'completed') return [compactionNotice()];
  if (value.status === 'failed')
    return [{ kind: 'notice', level: 'warning', code: 'compaction', message: `Compacting the context failed${value.error ? `: ${value.error}` : '.'}` }];
  context.ignore(`compaction ${value.status}`);
  return [];
});

const mode = checked(currentModeUpdateSchema, 'current_mode_update', (_state, value) => [
  { kind: 'notice', level: 'info', code: 'mode', message: `Mode: ${value.currentModeId}` },
]);

function ignored(reason: string): Handler {
  return (_state, _update, context) => {
    context.ignore(reason);
    return [];
  };
}

/**
 * Every `sessionUpdate` kind of stable ACP v1, with what it becomes (docs/acp.md
 * has the table). A record over the SDK's own union: a kind added to or
 * removed from the stable protocol fails to compile here. Draft kinds (the
 * SDK's `unstable` entry) are unknown, counted and told like any.
 */
const HANDLERS: Record<acp.SessionUpdate['sessionUpdate'], Handler> = {
  user_message_chunk: userChunk,
  agent_message_chunk: chunk('agent'),
  agent_thought_chunk: chunk('thought'),
  tool_call: checked(toolCallSchema, 'tool_call', (state, call, context) => toolCallEvents(state, call, context, true)),
  tool_call_update: checked(toolCallUpdateSchema, 'tool_call_update', toolCallEvents),
  plan: plan,
  usage_update: usage,
  notice: notice,
  compaction_update: compaction,
  current_mode_update: mode,
  available_commands_update: ignored('available_commands_update: the slash commands offered'),
  config_option_update: ignored('config_option_update: the session settings offered'),
  session_info_update: ignored('session_info_update: a title or time the agent gives the session'),
  compaction_summary_chunk: ignored('compaction_summary_chunk: the summary the context was compacted to'),
};

const UPDATE_HANDLERS: ReadonlyMap<string, Handler> = new Map(Object.entries(HANDLERS));

/** Ends the open message before any update that is not one of its chunks. */
export function updateEvents(state: AcpState, kind: string, update: Record<string, unknown>, context: LineContext): DisplayEvent[] {
  const handler = UPDATE_HANDLERS.get(kind);
  if (handler === undefined) {
    context.unknown(`unknown session update "${kind.slice(0, 60)}"`);
    return [];
  }
  const continues =
    (kind === 'agent_message_chunk' && state.open === 'agent') || (kind === 'agent_thought_chunk' && state.open === 'thought') || kind === 'user_message_chunk';
  const before = continues ? [] : closeBlock(state);
  return [...before, ...handler(state, update, context)];
}
