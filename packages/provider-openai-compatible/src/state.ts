import type { DisplayEvent } from '@x/core';
import {
  createJsonDocumentReader,
  createRecentMap,
  createSessionLifecycle,
  createTextAssembler,
  createToolCallTracker,
  keptWhole,
  type JsonDocumentReader,
  type RecentMap,
  type SessionLifecycle,
  type TextAssembler,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { OPENAI_COMPATIBLE_TOOL_ALIASES } from './tool-names.js';

/*
 * Bounds of the per-stream state, so that memory stays flat however long or
 * hostile the stream (issue #17). Everything per response is dropped when the
 * response ends: no later value of the stream can refer to it.
 */
/** The most tool calls of one response whose arguments are still arriving; past it the oldest is announced as it is. */
export const MAX_PENDING_CALLS = 256;
/** The most UTF-16 units of one call's arguments kept while they arrive (1 MiB); the rest is dropped and the preview is cut. */
export const MAX_ARGUMENT_CHARS = 1024 * 1024;
/**
 * The most UTF-16 units the pending calls of one response keep in all (16 Mi),
 * their arguments, ids and names counted: 256 calls of 1 Mi each would be
 * 512 MiB, and an id or a name may be as long as a line. Past it the oldest
 * pending call is announced with what it has, as past the count.
 */
export const MAX_PENDING_CALL_CHARS = 16 * 1024 * 1024;

/** What a pending call of either wire format keeps, in UTF-16 units, for {@link MAX_PENDING_CALL_CHARS}. */
export function pendingCallChars(call: PendingChatCall | PendingResponsesCall): number {
  const id = 'itemId' in call ? call.itemId.length + (call.callId?.length ?? 0) : (call.id?.length ?? 0) + call.objectChars;
  return call.args.length + call.name.length + id;
}
/** How many hidden choices (or unknown output items) of one response are remembered to be announced once. */
export const MAX_REMEMBERED_KEYS = 64;

/** A Chat Completions tool call whose fragments are still arriving. */
export interface PendingChatCall {
  index: number | undefined;
  id: string | undefined;
  name: string;
  /** The `arguments` fragments, concatenated (at most {@link MAX_ARGUMENT_CHARS}). */
  args: string;
  /** Arguments some gateways send as an object rather than a JSON string (litellm PR #37792), kept while their JSON fits {@link MAX_ARGUMENT_CHARS}. */
  argsObject: unknown;
  /** The length of `argsObject`'s JSON, for the response's budget of arguments. */
  objectChars: number;
}

/** One Chat Completions response: a whole body, or a stream of chunks until `[DONE]`. */
export interface ChatResponse {
  /** The prefix of block ids, unique against the previous response; set when the session starts. */
  key: string | undefined;
  sessionId: string | undefined;
  model: string | undefined;
  /** The choice shown: the first one seen. The others are announced once by a notice. */
  primaryIndex: number | undefined;
  hiddenChoices: RecentMap<number, true>;
  /** `finish_reason` of the shown choice, once it arrived. */
  finishReason: string | undefined;
  /** The latest usage seen: a restated total, so it replaces and is reported once at the end. */
  usage: unknown;
  calls: PendingChatCall[];
  /** The event id of each block (`<key>:text`, ...), made once: a chunk's delta reuses it rather than concatenating a new string. */
  blockIds: Partial<Record<ChatBlock, string>>;
}

/** The blocks of a chat response: its reasoning, text and refusal. */
export type ChatBlock = 'reasoning' | 'text' | 'refusal';

/** A Responses API function or custom tool call whose arguments (or input) are still arriving. */
export interface PendingResponsesCall {
  itemId: string;
  outputIndex: number | undefined;
  callId: string | undefined;
  name: string;
  /** The `arguments` (or custom tool `input`) fragments, concatenated (at most {@link MAX_ARGUMENT_CHARS}). */
  args: string;
}

/**
 * The one id each output item of a response is known by. Some servers change
 * an item's id between its events (the deltas under one id, the `.done` event
 * or `output_item.done` under another); its `output_index` stays the same, so
 * the first id seen at an index is the item's, and later ids become aliases.
 */
export interface ItemIds {
  readonly byIndex: RecentMap<number, string>;
  /** The ids items are shown under, so that an id already known is never taken for another item's alias. */
  readonly keys: RecentMap<string, true>;
  readonly aliases: RecentMap<string, string>;
}

/** One response of the Responses API, a body or a stream of events: one session. */
export interface ResponsesTurn {
  readonly key: string;
  readonly sessionId: string | undefined;
  model: string | undefined;
  /** Calls whose arguments are still arriving, by item id. */
  readonly calls: Map<string, PendingResponsesCall>;
  readonly items: ItemIds;
  /** Output items of an unknown type already reported, so that each is reported once. */
  readonly reported: RecentMap<string, true>;
  /** Whether an `error` event was shown, so that `response.failed` does not show it again. */
  errored: boolean;
}

/** How many responses one API opened, and the key of its latest, for unique block ids. */
export interface ApiCount {
  count: number;
  previousKey: string | undefined;
}

/** The per-stream state of the OpenAI-compatible parser: both APIs, one response open at a time. */
export interface OpenAICompatibleState {
  /** Pretty-printed JSON documents spread over several lines. */
  readonly reader: JsonDocumentReader;
  readonly lifecycle: SessionLifecycle;
  /** One tracker for the whole stream, a scope per response: call ids stay unique even when responses repeat them. */
  tracker: ToolCallTracker;
  /** Responses API text parts: deltas merged with the `.done` events and the final `Response` that repeat them. */
  readonly texts: TextAssembler;
  /** Responses opened in the stream, both APIs: every one after the first opens a tracker scope. */
  opened: number;
  readonly chatCount: ApiCount;
  readonly responsesCount: ApiCount;
  chat: ChatResponse | undefined;
  turn: ResponsesTurn | undefined;
}

function createTracker(idPrefix: string): ToolCallTracker {
  return createToolCallTracker({ aliases: OPENAI_COMPATIBLE_TOOL_ALIASES, idPrefix });
}

/** A fresh {@link OpenAICompatibleState}; `maxDocumentChars` bounds a pretty-printed body (core's default when undefined). */
export function createOpenAICompatibleState(maxDocumentChars?: number): OpenAICompatibleState {
  return {
    reader: createJsonDocumentReader(maxDocumentChars === undefined ? {} : { maxDocumentChars }),
    lifecycle: createSessionLifecycle(),
    tracker: createTracker('call'),
    texts: createTextAssembler(),
    opened: 0,
    chatCount: { count: 0, previousKey: undefined },
    responsesCount: { count: 0, previousKey: undefined },
    chat: undefined,
    turn: undefined,
  };
}

/**
 * Counts a new response of one API and opens its tracker scope; returns its
 * number within its API. Made-up call ids are `<prefix>-<n>-call-<k>`.
 */
export function countResponse(state: OpenAICompatibleState, api: ApiCount, prefix: string): number {
  api.count += 1;
  const idPrefix = `${prefix}-${api.count}-call`;
  // The first response makes the tracker, so that scopes (and the `#<n>` of a reused id) count from the first.
  if (state.opened === 0) state.tracker = createTracker(idPrefix);
  else state.tracker.newScope(idPrefix);
  state.opened += 1;
  return api.count;
}

/** The block-id prefix of a response: its id, made unique when a server repeats the previous one. */
export function uniqueKey(api: ApiCount, base: string): string {
  const key = base === api.previousKey ? `${base}-${api.count}` : base;
  api.previousKey = key;
  return key;
}

/** `undefined` for a missing or empty string. */
export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** Appends an argument fragment within {@link MAX_ARGUMENT_CHARS}. */
export function appendArguments(args: string, fragment: string): string {
  if (args.length >= MAX_ARGUMENT_CHARS) return args;
  return args.length + fragment.length <= MAX_ARGUMENT_CHARS ? args + fragment : args + fragment.slice(0, MAX_ARGUMENT_CHARS - args.length);
}

/** The session start of a response, once: with its id and model as far as known. */
export function startSession(state: OpenAICompatibleState, sessionId: string | undefined, model: string | undefined, events: DisplayEvent[]): void {
  if (state.lifecycle.open) return;
  events.push(...state.lifecycle.start({ sessionId, model }));
}

/** How many output items of one response have their id remembered (by index, and as aliases). */
export const MAX_REMEMBERED_ITEMS = 1024;

/** A fresh {@link ItemIds}. */
export function createItemIds(): ItemIds {
  return { byIndex: createRecentMap(MAX_REMEMBERED_ITEMS), keys: createRecentMap(MAX_REMEMBERED_ITEMS), aliases: createRecentMap(MAX_REMEMBERED_ITEMS) };
}

/**
 * The id an output item is shown under: an id already shown under stays
 * itself; else the id first seen at its `output_index`, whatever id this
 * event gives it; else its own id, else `item-<index>`. An id past 256
 * characters is not remembered (up to 1,024 are, each from a line of up to
 * 16 MiB): its item is shown under that id, known by no other.
 */
export function itemKey(items: ItemIds, rawId: string | undefined, outputIndex: number | undefined): string {
  const raw = nonEmpty(rawId);
  if (raw !== undefined && keptWhole(raw) === undefined) return raw;
  if (raw !== undefined && items.keys.has(raw)) return raw;
  const aliased = raw === undefined ? undefined : items.aliases.get(raw);
  if (aliased !== undefined) return aliased;
  const atIndex = outputIndex === undefined ? undefined : items.byIndex.get(outputIndex);
  const key = atIndex ?? raw ?? `item-${outputIndex ?? 0}`;
  if (outputIndex !== undefined && atIndex === undefined) items.byIndex.set(outputIndex, key);
  if (raw !== undefined && raw !== key) items.aliases.set(raw, key);
  items.keys.set(key, true);
  return key;
}

/** A fresh per-response key map for {@link ChatResponse.hiddenChoices} and {@link ResponsesTurn.reported}. */
export function createRememberedKeys<K>(): RecentMap<K, true> {
  return createRecentMap<K, true>(MAX_REMEMBERED_KEYS);
}
