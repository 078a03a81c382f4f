import type { DisplayEvent } from '@x/core';
import {
  compactKey,
  createJsonDocumentReader,
  createSessionLifecycle,
  createTextAssembler,
  createToolCallTracker,
  type JsonDocumentReader,
  type SessionFields,
  type SessionLifecycle,
  type TextAssembler,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { GEMINI_TOOL_ALIASES } from './tool-names.js';

/** How many open calls' tool names are remembered for their results; calls run a few at a time. */
const MAX_OPEN_CALL_NAMES = 1000;
/** The longest tool name kept for a result: longer than any tool it reads. */
const MAX_KEPT_NAME_CHARS = 64;

/**
 * What one Gemini CLI stream (stream-json lines, or one `--output-format
 * json` document) needs to remember, as one object that the handler modules
 * take as their first argument.
 */
export interface GeminiState {
  /** Puts the lines of a pretty-printed JSON output document back together. */
  reader: JsonDocumentReader;
  tracker: ToolCallTracker;
  session: SessionLifecycle;
  /** Whether a session was started in this stream: a stream cut at the front starts one with its first event. */
  started: boolean;
  /**
   * What the assistant message being streamed showed, to recognise a later
   * complete copy of it. One block: every delta until another event
   * intervenes belongs to the same message.
   */
  text: TextAssembler;
  /** The id of the assistant message being streamed, if one is. */
  openMessage: string | undefined;
  /** Counter of message ids (`message-1`, ...). */
  messages: number;
  /** The message of the last `error` event: an invalid stream's `result` repeats none (quirk 4). */
  lastErrorMessage: string | undefined;
  /** The tool name of each call announced and not finished (a `tool_result` names none), by compact id. */
  callNames: Map<string, string>;
  /** Whether the session shows anything of the model (text or a call): 0.11's failed request ends `success` with none (quirk 18). */
  answered: boolean;
}

/** A fresh {@link GeminiState}; `maxDocumentChars` bounds a JSON output document. */
export function createGeminiState(maxDocumentChars: number | undefined): GeminiState {
  return {
    reader: createJsonDocumentReader(maxDocumentChars === undefined ? {} : { maxDocumentChars }),
    tracker: createToolCallTracker({ aliases: GEMINI_TOOL_ALIASES }),
    session: createSessionLifecycle(),
    started: false,
    text: createTextAssembler({ maxBlocks: 1 }),
    openMessage: undefined,
    messages: 0,
    lastErrorMessage: undefined,
    callNames: new Map(),
    answered: false,
  };
}

/** A fresh message id. */
export function nextMessageId(state: GeminiState): string {
  state.messages += 1;
  return `message-${state.messages}`;
}

/** Any event but an assistant delta ends the message being streamed. */
export function closeMessage(state: GeminiState): void {
  state.openMessage = undefined;
}

/**
 * Starts a session with `fields` (an `init`, a JSON output document). A
 * session still open, whose `result` never came, ends first as `incomplete`,
 * so that every end pairs a start.
 */
export function openSession(state: GeminiState, fields: SessionFields): DisplayEvent[] {
  closeMessage(state);
  state.lastErrorMessage = undefined;
  state.answered = false;
  state.started = true;
  return [...state.session.flush(), ...state.session.start(fields)];
}

/** The session start of a stream that has none yet (cut at the front, or `init`-less), once. */
export function ensureSession(state: GeminiState): DisplayEvent[] {
  if (state.started) return [];
  state.started = true;
  return state.session.start();
}

/**
 * Remembers the tool name of call `id` for its result, forgetting the oldest
 * past {@link MAX_OPEN_CALL_NAMES}. A result reads the name only to find a
 * tool it knows, so a name longer than {@link MAX_KEPT_NAME_CHARS} is not
 * kept: a thousand calls that never finish, each named with 200 KB, held
 * 200 MB.
 */
export function rememberCall(state: GeminiState, id: string, toolName: string): void {
  const key = compactKey(id);
  state.callNames.delete(key);
  state.callNames.set(key, toolName.length <= MAX_KEPT_NAME_CHARS ? toolName : '');
  if (state.callNames.size > MAX_OPEN_CALL_NAMES) state.callNames.delete(state.callNames.keys().next().value as string);
}

/** The tool name call `id` was announced with (forgotten afterwards), or `undefined`. */
export function takeCallName(state: GeminiState, id: string): string | undefined {
  const key = compactKey(id);
  const name = state.callNames.get(key);
  state.callNames.delete(key);
  return name;
}
