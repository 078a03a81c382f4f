import { type DisplayEvent, type LineContext } from '@x/core';
import {
  isJsonObject,
  objectField,
  ownField,
  stringField,
  type JsonObject,
} from '@x/core/provider-utils';
import { releaseStart, type ClaudeLogState } from './log-state.js';
import { toolResultOutcome } from './tool-results.js';
import { userTextEvent, userTextOf } from './user-prompt.js';

/** The thread a line belongs to: `parent` is undefined on the main thread. */
interface Thread {
  parent: string | undefined;
  /** A sidechain's first line whose prompt is the input of an open Task call. */
  linked: boolean;
}

/**
 * The parent of a sidechain line (`isSidechain: true`, a subagent's
 * conversation): the Task call whose prompt started the chain when it can be
 * found, else a marker (`sidechain:<agentId or first line's uuid>`) that names
 * no call, so renderers still nest the chain and show it is not the main
 * conversation. Later lines follow their chain through `parentUuid`.
 */
function threadOf(state: ClaudeLogState, line: JsonObject, promptText: string | undefined): Thread {
  if (ownField(line, 'isSidechain') !== true) return { parent: undefined, linked: false };
  const uuid = stringField(line, 'uuid');
  const explicit = stringField(line, 'parentToolUseId') ?? stringField(line, 'parent_tool_use_id');
  const parentUuid = stringField(line, 'parentUuid');
  let parent = explicit ?? (parentUuid === undefined ? undefined : state.sidechains.get(parentUuid));
  let linked = false;
  if (parent === undefined && promptText !== undefined) {
    parent = state.taskPrompts.get(promptText.trim());
    linked = parent !== undefined;
  }
  parent ??= `sidechain:${stringField(line, 'agentId') ?? uuid ?? 'unknown'}`;
  if (uuid !== undefined) state.sidechains.set(uuid, parent);
  return { parent, linked };
}

/** Puts the line's time and thread on its events. */
function stamp(events: DisplayEvent[], line: JsonObject, parent: string | undefined): DisplayEvent[] {
  const timestamp = stringField(line, 'timestamp');
  for (const event of events) {
    if (parent !== undefined) event.parentToolUseId = parent;
    if (timestamp !== undefined) event.timestamp = timestamp;
  }
  return events;
}

/** Events of a line before the session start is out are held until it is (see `pending`). */
function deliver(state: ClaudeLogState, events: DisplayEvent[], context: LineContext, empty: string): DisplayEvent[] {
  if (events.length === 0) context.ignore(empty);
  if (state.started || events.length === 0) return events;
  state.pending.push(...events);
  context.ignore('held until the first assistant line, which names the model for the session start');
  return [];
}

/** The text of an assistant message so far, joined the way DisplayOutput joins blocks. */
function noteAnswer(state: ClaudeLogState, messageId: string, text: string): void {
  if (state.answer.messageId !== messageId) state.answer = { messageId, text: '' };
  const before = state.answer.text;
  state.answer.text = before === '' || before.endsWith('\n') ? before + text : `${before}\n${text}`;
}

/** A CLI-made assistant turn (`<synthetic>` model, `isApiErrorMessage`): an error or a notice, never text. */
function syntheticTurn(state: ClaudeLogState, line: JsonObject, content: unknown[], main: boolean): DisplayEvent[] {
  const text = content.map((block) => stringField(block, 'text') ?? '').join('').trim();
  const code = stringField(line, 'error');
  if (ownField(line, 'isApiErrorMessage') === true || code !== undefined) {
    if (main) state.last = 'error';
    return [{ kind: 'error', message: text || 'API error', fatal: false, code: code ?? 'api_error' }];
  }
  return text === '' ? [] : [{ kind: 'notice', level: 'info', message: text, code: 'synthetic' }];
}

/** One content block of an assistant line, as an event. */
function blockEvent(state: ClaudeLogState, block: unknown, id: string, parent: string | undefined): DisplayEvent | undefined {
  const type = stringField(block, 'type');
  if (type === 'tool_use') {
    const name = stringField(block, 'name');
    if (name === undefined) return undefined;
    const input = ownField(block, 'input');
    const event = state.tools.start({ id: stringField(block, 'id'), toolName: name, input, parentToolUseId: parent });
    if (event === undefined) return undefined;
    state.openCalls.set(event.id, event.name);
    const prompt = stringField(input, 'prompt');
    if (event.name === 'Task' && prompt !== undefined) state.taskPrompts.set(prompt.trim(), event.id);
    return event;
  }
  // redacted_thinking and signatures are opaque; other block types have no text.
  if (type !== 'text' && type !== 'thinking') return undefined;
  const text = stringField(block, type) ?? '';
  return text === '' ? undefined : { kind: type === 'text' ? 'text' : 'reasoning', id, text };
}

/** One `assistant` line of a real API message, as {@link assistantLine} reads it. */
interface ApiMessageLine {
  message: JsonObject;
  content: unknown[];
  messageId: string;
  model: string | undefined;
  parent: string | undefined;
}

/** The events of an API message's content blocks, numbered per message and thread; the main thread's last state follows them. */
function apiMessageEvents(state: ClaudeLogState, { message, content, messageId, model, parent }: ApiMessageLine): DisplayEvent[] {
  const main = parent === undefined;
  if (model !== undefined) state.start.model ??= model;
  state.usage.record(messageId, ownField(message, 'usage'), model, parent);
  const thread = parent ?? '';
  let counter = state.blocks.get(thread);
  if (counter?.messageId !== messageId) state.blocks.set(thread, (counter = { messageId, next: 0 }));
  const events: DisplayEvent[] = [];
  for (const block of content) {
    const event = blockEvent(state, block, `${messageId}:${counter.next++}`, parent);
    if (event === undefined) continue;
    events.push(event);
    if (!main) continue;
    if (event.kind === 'text') noteAnswer(state, messageId, event.text);
    state.last = event.kind === 'text' ? 'answer' : 'waiting';
  }
  const stop = stringField(message, 'stop_reason');
  if (main && stop === 'end_turn') state.last = 'answer';
  else if (main && stop === 'tool_use') state.last = 'waiting';
  return events;
}

/**
 * An `assistant` line: one content block (sometimes more) of an API message
 * whose lines share `message.id` and repeat its usage, which is counted once.
 * The first one releases the session start with its model.
 */
export function assistantLine(state: ClaudeLogState, line: JsonObject, context: LineContext): DisplayEvent[] {
  const message = objectField(line, 'message');
  const raw = ownField(message, 'content');
  const content = typeof raw === 'string' ? [{ type: 'text', text: raw }] : raw;
  if (message === undefined || !Array.isArray(content)) {
    context.malformed('assistant line without a message content array');
    return [];
  }
  const { parent } = threadOf(state, line, undefined);
  const main = parent === undefined;
  const model = stringField(message, 'model');
  const messageId = stringField(message, 'id') ?? `line-${context.lineNumber}`;
  const events =
    model === '<synthetic>' || ownField(line, 'isApiErrorMessage') === true
      ? syntheticTurn(state, line, content, main)
      : apiMessageEvents(state, { message, content, messageId, model, parent });
  stamp(events, line, parent);
  const held = releaseStart(state);
  if (events.length === 0 && held.length === 0) context.ignore('assistant line with nothing to show (redacted or empty thinking)');
  return [...held, ...events];
}

/** The tool results of a `user` line, joined to their calls; `toolUseResult` adds the tool's own output. */
function toolResults(state: ClaudeLogState, line: JsonObject, content: unknown[], parent: string | undefined): DisplayEvent[] {
  const results = content.filter((block): block is JsonObject => isJsonObject(block) && stringField(block, 'type') === 'tool_result');
  // toolUseResult belongs to the line; with several results it cannot be told whose it is.
  const rich = results.length === 1 ? ownField(line, 'toolUseResult') : undefined;
  const events: DisplayEvent[] = [];
  for (const block of results) {
    const id = stringField(block, 'tool_use_id');
    if (id === undefined) continue;
    const outcome = toolResultOutcome(block, state.openCalls.get(id), rich);
    if (!state.tools.has(id) && parent !== undefined) outcome.parentToolUseId = parent;
    const event = state.tools.finish(id, outcome);
    state.openCalls.delete(id);
    state.blocks.delete(id);
    if (event !== undefined) events.push(event);
  }
  if (parent === undefined && events.length > 0) state.last = 'waiting';
  return events;
}

/**
 * A `user` line: the person's prompt, a slash command, its local output or an
 * interruption (see user-prompt.ts), or tool results. CLI-injected text
 * (`isMeta`) and the summary that replaces history after a compaction
 * (`isCompactSummary`; the `compact_boundary` line marks the compaction) are
 * not shown.
 */
export function userLine(state: ClaudeLogState, line: JsonObject, context: LineContext): DisplayEvent[] {
  if (ownField(line, 'isCompactSummary') === true) {
    context.ignore('the summary that replaces the history after a compaction; the compact_boundary line marks it');
    return [];
  }
  if (ownField(line, 'isMeta') === true) {
    context.ignore('text the CLI injected (isMeta), not typed by the person');
    return [];
  }
  const content = ownField(objectField(line, 'message'), 'content');
  const text = userTextOf(content);
  if (text === undefined && !Array.isArray(content)) {
    context.malformed('user line without message content');
    return [];
  }
  const { parent, linked } = threadOf(state, line, text);
  if (text === undefined) return deliver(state, stamp(toolResults(state, line, content as unknown[], parent), line, parent), context, 'user line without new tool results');
  if (linked) {
    context.ignore("the subagent's prompt: the input of its Task call");
    return [];
  }
  const event = userTextEvent(text);
  if (event === undefined) return deliver(state, [], context, 'empty user message');
  if (parent === undefined && event.kind === 'prompt') {
    if (event.form === 'prompt') state.turns += 1;
    if (event.form === 'interrupt') state.last = 'interrupt';
    else if (event.form === 'prompt') state.last = 'waiting';
  }
  const id = stringField(line, 'uuid');
  if (event.kind === 'prompt' && id !== undefined) event.id = id;
  return deliver(state, stamp([event], line, parent), context, 'empty user message');
}
