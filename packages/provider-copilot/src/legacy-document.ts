import type { DisplayEvent, LineContext } from '@x/core';
import { isJsonObject, ownField, parseJson, stringField, type JsonObject } from '@x/core/provider-utils';
import { assistantMessage } from './assistant-events.js';
import { nonEmpty } from './fields.js';
import { userMessage } from './log-events.js';
import { endSession } from './result-events.js';
import { noteModel, resetRun, type CopilotState } from './state.js';
import { toolComplete } from './tool-events.js';

/*
 * The session document of Copilot CLI 0.0.340 and before:
 * `~/.copilot/history-session-state/session_<sessionId>_<epoch ms>.json`,
 * one pretty-printed JSON object `{ sessionId, startTime, chatMessages,
 * timeline, selectedModel? }` rewritten whole as the session goes on
 * (docs/formats/copilot.md, section 5; recorded in
 * fixtures/copilot-log/recorded/0.0.340/). `chatMessages` is the Chat
 * Completions conversation the CLI sends; it is what is shown. The
 * `timeline` (what the interactive CLI draws; in prompt mode only
 * `tool_call_requested` entries, whose calls `chatMessages` holds too) is not.
 */

/** Whether a JSON value is such a document: a string `sessionId` and a `chatMessages` list. */
export function isLegacyDocument(value: unknown): value is JsonObject {
  return isJsonObject(value) && typeof ownField(value, 'sessionId') === 'string' && Array.isArray(ownField(value, 'chatMessages'));
}

/**
 * The text of a Chat Completions `content`: a string, or the `text` of its
 * parts (an image part has none).
 */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const parts = content.map((part) => stringField(part, 'text')).filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : parts.join('\n');
}

/** What 0.0.340 appends to the prompt as typed: the date, then its reminders (recorded, every scenario). */
const INJECTED_CONTEXT = '\n\n<current_datetime>';

/** The prompt as typed: a user message's text before the context the CLI appended to it. */
export function typedPrompt(content: unknown): string | undefined {
  const text = contentText(content);
  if (text === undefined) return undefined;
  const cut = text.lastIndexOf(INJECTED_CONTEXT);
  return cut === -1 ? text : text.slice(0, cut);
}

/** A Chat Completions `tool_calls` entry as a Copilot tool request (arguments parsed: they are a JSON string here). */
function toolRequest(call: unknown): unknown {
  const fn = ownField(call, 'function');
  const args = stringField(fn, 'arguments');
  const parsed = args === undefined ? undefined : parseJson(args)?.value;
  return { toolCallId: stringField(call, 'id'), name: stringField(fn, 'name'), arguments: parsed ?? args };
}

/** The events of one `chatMessages` entry, by its `role` (a system or developer message shows nothing). */
function messageEvents(state: CopilotState, message: unknown, id: string, quiet: LineContext): DisplayEvent[] {
  const role = stringField(message, 'role');
  const content = ownField(message, 'content');
  if (role === 'user') {
    const prompt = typedPrompt(content);
    if (prompt === undefined) return [];
    state.turns += 1;
    return userMessage({ content: prompt }, id, quiet);
  }
  if (role === 'assistant') {
    const calls = ownField(message, 'tool_calls');
    const toolRequests = Array.isArray(calls) ? calls.map(toolRequest) : undefined;
    // `reasoning_content` as the model streamed it (recorded: thinking-todo); `reasoning_text` where 0.0.340 maps a `cot_summary` to it.
    const reasoningText = stringField(message, 'reasoning_content') ?? stringField(message, 'reasoning_text');
    return assistantMessage(state, { messageId: id, content: contentText(content) ?? '', toolRequests, reasoningText }, undefined, quiet);
  }
  if (role === 'tool') {
    const toolCallId = stringField(message, 'tool_call_id');
    if (toolCallId === undefined) return [];
    // The document says nothing of a call's outcome but its output: a call that failed reads as one that succeeded (quirk 13 of section 5).
    return toolComplete(state, { toolCallId, success: true, result: { content: contentText(content) } }, quiet);
  }
  return [];
}

/**
 * How a document's session ended: it is the session's last state, so a
 * conversation whose last message is the model's answer with no call left
 * open is a finished run (`success`); one that ends on a prompt or a call's
 * output (a run killed, or failed, before the model answered) is
 * `incomplete`: the document records no error.
 */
function endStatus(messages: readonly unknown[]): 'success' | 'incomplete' {
  const last = messages.at(-1);
  const calls = ownField(last, 'tool_calls');
  const answered = stringField(last, 'role') === 'assistant' && (!Array.isArray(calls) || calls.length === 0);
  return answered ? 'success' : 'incomplete';
}

/**
 * The events of a whole history document: the session start (its id, start
 * time and model), each message in order, and the session end. Diagnostics
 * of single messages are not reported (the document is one value, counted
 * once by the caller); a message that shows nothing is left out.
 */
export function legacyDocumentEvents(state: CopilotState, doc: JsonObject, context: LineContext): DisplayEvent[] {
  if (state.session.open) {
    context.ignore('a second history document in one stream: its session started already');
    return [];
  }
  resetRun(state);
  noteModel(state, stringField(doc, 'selectedModel'));
  state.sessionId = nonEmpty(stringField(doc, 'sessionId'));
  const startTime = stringField(doc, 'startTime');
  const timestamp = startTime === undefined || Number.isNaN(Date.parse(startTime)) ? undefined : new Date(startTime).toISOString();
  const events = state.session.start({ sessionId: state.sessionId, model: state.model, timestamp });
  const messages = ownField(doc, 'chatMessages') as unknown[];
  const quiet: LineContext = { lineNumber: context.lineNumber, ignore: () => undefined, malformed: () => undefined, unknown: () => undefined };
  messages.forEach((message, index) => {
    events.push(...messageEvents(state, message, `${state.sessionId ?? 'session'}#${index}`, quiet));
  });
  events.push(...endSession(state, endStatus(messages), { model: state.model }));
  return events;
}
