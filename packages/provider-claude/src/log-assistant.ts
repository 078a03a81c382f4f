import type { DisplayEvent, LineContext, TextDisplayEvent } from '@x/core';
import { compactKey, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import { readContentBlock } from './content-blocks.js';
import { appendFinalText, newFinalText } from './final-text.js';
import { releaseStart, rememberParent, type ClaudeLogState } from './log-state.js';
import { stamp, threadOf } from './log-threads.js';
import { MAX_THREADS, setBounded } from './stream-blocks.js';
import { openCallOf } from './tool-results.js';

/** How many calls without a result yet are remembered for their `toolUseResult`. */
const MAX_OPEN_CALLS = 1_000;

/** The text of an assistant message so far, joined the way DisplayOutput joins blocks. */
function noteAnswer(state: ClaudeLogState, messageId: string, event: TextDisplayEvent): void {
  if (state.answer.messageId !== messageId) state.answer = newFinalText(messageId);
  appendFinalText(state.answer, event.id, event.text);
}

/**
 * Whether an assistant line is one the CLI made rather than the API answered
 * (`<synthetic>` model, `isApiErrorMessage`): its usage is no model's, so
 * neither the log source nor the listing (session-head.ts) counts it.
 */
export function isSyntheticTurn(line: unknown): boolean {
  return stringField(objectField(line, 'message'), 'model') === '<synthetic>' || ownField(line, 'isApiErrorMessage') === true;
}

/** A CLI-made assistant turn (`<synthetic>` model, `isApiErrorMessage`): an error or a notice, never text. */
function syntheticTurn(state: ClaudeLogState, line: JsonObject, content: unknown[], main: boolean): DisplayEvent[] {
  const text = content
    .map((block) => stringField(block, 'text') ?? '')
    .join('')
    .trim();
  const code = stringField(line, 'error');
  if (ownField(line, 'isApiErrorMessage') === true || code !== undefined) {
    if (main) state.last = 'error';
    return [{ kind: 'error', message: text || 'API error', fatal: false, code: code ?? 'api_error' }];
  }
  return text === '' ? [] : [{ kind: 'notice', level: 'info', message: text, code: 'synthetic' }];
}

/** A call block announced: remembered for its result, and a Task's prompt for the sidechain it starts. */
function callEvents(state: ClaudeLogState, id: string | undefined, name: string, input: unknown, parent: string | undefined): DisplayEvent[] {
  const events = state.tools.start({ id, toolName: name, input, parentToolUseId: parent });
  const event = events[0];
  if (event === undefined) return events;
  setBounded(state.openCalls, compactKey(event.id), openCallOf(event, input), MAX_OPEN_CALLS);
  const prompt = stringField(input, 'prompt');
  if (event.name === 'Task' && prompt !== undefined) rememberParent(state.taskPrompts, compactKey(prompt.trim()), event.id);
  return events;
}

/** One content block of an assistant line, as events; a block that shows nothing says why on the context. */
function blockEvents(state: ClaudeLogState, raw: unknown, id: string, parent: string | undefined, context: LineContext): DisplayEvent[] {
  const block = readContentBlock(raw);
  switch (block.kind) {
    case 'text':
      return block.text === '' ? [] : [{ kind: block.type === 'text' ? 'text' : 'reasoning', id, text: block.text }];
    case 'call':
      if (typeof block.name === 'string') return callEvents(state, block.id, block.name, block.input, parent);
      context.malformed(`${block.type} block without a tool name`);
      return [];
    case 'result': {
      if (!state.tools.has(block.id) && parent !== undefined) block.outcome.parentToolUseId = parent;
      state.openCalls.delete(compactKey(block.id));
      return state.tools.finish(block.id, block.outcome);
    }
    case 'hidden':
      context.ignore(block.reason);
      return [];
    case 'unknown':
      context.unknown(block.reason);
      return [];
    case 'malformed':
      context.malformed(block.reason);
      return [];
  }
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
function apiMessageEvents(state: ClaudeLogState, { message, content, messageId, model, parent }: ApiMessageLine, context: LineContext): DisplayEvent[] {
  const main = parent === undefined;
  if (model !== undefined) state.start.model ??= model;
  state.usage.record(messageId, ownField(message, 'usage'), model, parent);
  // Compact keys: a thread's id and a message id come from the file, of any length.
  const thread = compactKey(parent ?? '');
  const messageKey = compactKey(messageId);
  let counter = state.blocks.get(thread);
  if (counter?.messageId !== messageKey) {
    counter = { messageId: messageKey, next: 0 };
    // One counter per subagent thread: bounded, as the stream parser's are, since subagent ids come from the file.
    setBounded(state.blocks, thread, counter, MAX_THREADS);
  }
  const events: DisplayEvent[] = [];
  for (const block of content) {
    for (const event of blockEvents(state, block, `${messageId}:${counter.next++}`, parent, context)) {
      events.push(event);
      if (!main) continue;
      if (event.kind === 'text') noteAnswer(state, messageId, event);
      state.last = event.kind === 'text' ? 'answer' : 'waiting';
    }
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
  const events = isSyntheticTurn(line)
    ? syntheticTurn(state, line, content, main)
    : apiMessageEvents(state, { message, content, messageId, model, parent }, context);
  stamp(events, line, parent);
  const held = releaseStart(state);
  if (events.length === 0 && held.length === 0) context.ignore('assistant line with nothing to show (redacted or empty thinking)');
  return [...held, ...events];
}
