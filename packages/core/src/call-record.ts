import type { ToolUseDisplayEvent } from './display-event.js';

/** How many calls in flight a {@link CallRecord} keeps at once; past it the oldest is forgotten. */
export const CALL_RECORD_MAX_CALLS = 1_000;
/** The most memory the calls of a {@link CallRecord} hold (ids, names, previews, inputs kept), in bytes: 4 MiB. */
export const CALL_RECORD_MAX_BYTES = 4 * 1024 * 1024;

/** A call in flight as a {@link CallRecord} keeps it, with what the renderer attached to it. */
export interface RecordedCall<V> {
  /** The call's `tool-use` event; its `input` is `null` unless the record keeps inputs. */
  readonly use: ToolUseDisplayEvent;
  /** How deep the call sits under subagent calls: 0 at the top, one more than the call it runs under. */
  readonly depth: number;
  /** What the renderer keeps of the call: its marker, its element, whether it is held. */
  view: V;
  /** About how many UTF-16 units the input kept holds (its strings and keys; 0 when none is kept), counted up to the byte bound. */
  readonly inputChars: number;
  /** Estimated bytes held (UTF-16: two per unit). */
  readonly bytes: number;
}

/**
 * The one table of calls in flight a renderer reads, whatever it draws
 * (terminal lines, an HTML document, DOM nodes): a call is opened by its
 * `tool-use` and closed by its result, nested under the subagent call its
 * `parentToolUseId` names, and bounded by count and by bytes with one set of
 * limits ({@link CALL_RECORD_MAX_CALLS}, {@link CALL_RECORD_MAX_BYTES}): past
 * either, the oldest call is forgotten (its result then shows on its own).
 * The renderer attaches its own view of a call (`V`); the record owns the
 * bookkeeping.
 */
export interface CallRecord<V> {
  /** Opens a call (a call already open under its id is replaced in place) and returns it. */
  open(use: ToolUseDisplayEvent, view: V): RecordedCall<V>;
  /** The open call with this id. */
  get(id: unknown): RecordedCall<V> | undefined;
  /** Closes the call with this id and returns it, if it was open. */
  close(id: unknown): RecordedCall<V> | undefined;
  /** Forgets a call's input once the renderer no longer needs it (it has drawn the call), keeping the rest. */
  dropInput(id: unknown): void;
  /** How deep the events of the call `parent` names go: 0 without a parent; a parent not open still nests one level. */
  depthOf(parent: unknown): number;
  /** The call opened last of those still open. */
  newest(): RecordedCall<V> | undefined;
  /** The open calls, oldest first. */
  values(): IterableIterator<RecordedCall<V>>;
  /** Closes every call. */
  clear(): void;
  readonly size: number;
}

/** Options of {@link createCallRecord}. */
export interface CallRecordOptions {
  /**
   * Keeps each call's input until it is closed or `dropInput`: for a renderer
   * that draws the call only with its result (an HTML document). Counted in
   * the byte bound. Default `false`: a call may write megabytes and never finish.
   */
  keepInput?: boolean | undefined;
}

/** About how many UTF-16 units a call's input holds: its strings and keys, counted up to `limit`. */
function inputChars(value: unknown, limit: number): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 8;
  let total = 0;
  for (const [key, item] of Object.entries(value)) {
    total += key.length + inputChars(item, limit - total);
    if (total > limit) break;
  }
  return total;
}

const textLength = (value: unknown): number => (typeof value === 'string' ? value.length : 0);

/** A call as the record keeps it: its strings and input counted, two bytes per UTF-16 unit, and a fixed share for the objects around them. */
function recorded<V>(use: ToolUseDisplayEvent, depth: number, view: V): RecordedCall<V> {
  const strings = textLength(use.id) + textLength(use.name) + textLength(use.toolName) + textLength(use.arg) + textLength(use.parentToolUseId);
  const chars = use.input === null ? 0 : inputChars(use.input, CALL_RECORD_MAX_BYTES / 2);
  return { use, depth, view, inputChars: chars, bytes: 2 * (strings + chars) + 200 };
}

/** The record's state, one object. */
interface RecordState<V> {
  calls: Map<unknown, RecordedCall<V>>;
  bytes: number;
  keepInput: boolean;
}

function remove<V>(state: RecordState<V>, id: unknown): RecordedCall<V> | undefined {
  const call = state.calls.get(id);
  if (call === undefined) return undefined;
  state.calls.delete(id);
  state.bytes -= call.bytes;
  return call;
}

function keep<V>(state: RecordState<V>, use: ToolUseDisplayEvent, depth: number, view: V): RecordedCall<V> {
  const call = recorded(use, depth, view);
  const before = state.calls.get(use.id);
  if (before !== undefined) state.bytes -= before.bytes;
  // Map.set keeps a replaced call's place: it is still as old as its id.
  state.calls.set(use.id, call);
  state.bytes += call.bytes;
  while (state.calls.size > CALL_RECORD_MAX_CALLS || (state.bytes > CALL_RECORD_MAX_BYTES && state.calls.size > 1)) {
    remove(state, state.calls.keys().next().value);
  }
  return call;
}

/** Creates an empty {@link CallRecord}. */
export function createCallRecord<V>(options: CallRecordOptions = {}): CallRecord<V> {
  const state: RecordState<V> = { calls: new Map(), bytes: 0, keepInput: options.keepInput === true };
  const depthOf = (parent: unknown): number => {
    if (typeof parent !== 'string') return 0;
    const call = state.calls.get(parent);
    // A parent already finished or never announced still nests its events one level.
    return call === undefined ? 1 : call.depth + 1;
  };
  return {
    open(use, view) {
      const kept = state.keepInput || use.input === null ? use : { ...use, input: null };
      return keep(state, kept, depthOf(use.parentToolUseId), view);
    },
    get: (id) => state.calls.get(id),
    close: (id) => remove(state, id),
    dropInput(id) {
      const call = state.calls.get(id);
      if (call === undefined || call.use.input === null) return;
      // Changed in place: a renderer holding the call sees it lighter too.
      const lighter = recorded({ ...call.use, input: null }, call.depth, call.view);
      state.bytes += lighter.bytes - call.bytes;
      Object.assign(call, { use: lighter.use, inputChars: lighter.inputChars, bytes: lighter.bytes });
    },
    depthOf,
    newest() {
      let newest: RecordedCall<V> | undefined;
      for (const call of state.calls.values()) newest = call;
      return newest;
    },
    values: () => state.calls.values(),
    clear() {
      state.calls.clear();
      state.bytes = 0;
    },
    get size() {
      return state.calls.size;
    },
  };
}
