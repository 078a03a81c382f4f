import type { NoticeDisplayEvent, ToolResultDisplayEvent, ToolUseDisplayEvent } from './display-event.js';
import type { ToolCallEvents, ToolCallOutcome, ToolCallStart, ToolCallTracker } from './tool-call-types.js';
import { previewToolInput } from './arg-preview.js';
import { decodeJsonString, isJsonObject, stringField } from './json-value.js';
import { extractToolOutput } from './tool-output.js';
import { idReusedNotice, inputChangedNotice, inputKey, restatesOtherInput } from './tool-call-changes.js';
import { resultDetails } from './tool-result-details.js';
import { compactKey, createRecentMap } from './recent-keys.js';
import { isMcpDisplayName, resolveToolName, type ResolvedTool } from './tool-vocabulary.js';
import { PREVIEW_MAX_CHARS, toOneLine } from './text-limits.js';

export type { ToolCallEvents, ToolCallOutcome, ToolCallStart, ToolCallTracker } from './tool-call-types.js';

const PATH_FIELDS = ['file_path', 'filePath', 'absolute_path', 'notebook_path', 'path', 'dir_path'] as const;

function inputPath(input: unknown): string | undefined {
  for (const field of PATH_FIELDS) {
    const value = stringField(input, field);
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}

/** A search is told by what it looked for, before where it looked. */
const SEARCH_PREVIEW_FIELDS = ['pattern', 'query'] as const;
/** How many calls a tracker keeps open, and how many ids it remembers (see `open` below). */
const MAX_OPEN_CALLS = 1_000;
const MAX_REMEMBERED_IDS = 10_000;
/** The most memory the open calls of one tracker hold (ids, names, paths), in bytes: 4 MiB. */
export const OPEN_CALLS_MAX_BYTES = 4 * 1024 * 1024;
/** A path longer than this (UTF-16 units) is not kept with an open call: no file system has one. */
const MAX_KEPT_PATH_CHARS = 4096;

/** What a tracker keeps of an open call: what its result needs, never its input. */
interface OpenCall {
  id: string;
  name: string;
  toolName: string;
  toolKind: ToolUseDisplayEvent['toolKind'];
  arg: string;
  path: string | undefined;
  parentToolUseId: string | undefined;
  /** A key of the input announced, for a call whose completion may restate it (`inputMayChange`) or whose restatements repeat it (`restatesSameInput`). */
  inputKey: string | undefined;
  /** Estimated bytes held (UTF-16: two per unit). */
  bytes: number;
}

/** The tracker's state, one object (see {@link createToolCallTracker} for why each part is bounded). */
interface TrackerState {
  aliases: ReadonlyMap<string, string> | undefined;
  open: Map<string, OpenCall>;
  openBytes: number;
  /**
   * Compact keys of the latest event ids announced or finished, each with
   * what is known of it: the scope it was last announced in and whether its
   * call finished, as one number (`scope * 2 + finished`, see {@link seenAs}).
   * One memory, not one of finished ids and one of the scope's: every call
   * entered both, and an insertion into a map of ten thousand keys costs
   * more than the lookups (docs/benchmarks.md, issue 30).
   */
  seen: ReturnType<typeof createRecentMap<string, number>>;
  /** Provider id (compact key) -> the event id it was renamed to, for the current scope only. */
  renamed: ReturnType<typeof createRecentMap<string, string>>;
  /** Compact keys of the event ids `rename` made, which a provider's own id may spell too (`x#1`). */
  madeIds: ReturnType<typeof createRecentMap<string, true>>;
  idPrefix: string;
  made: number;
  scope: number;
}

const finished = (state: TrackerState, key: string) => (state.seen.get(key) ?? 0) % 2 === 1;
const announcedInScope = (state: TrackerState, key: string) => Math.floor((state.seen.get(key) ?? 0) / 2) === state.scope;
const known = (state: TrackerState, key: string) => state.open.has(key) || finished(state, key);

/** Notes of `key` that it was announced in the current scope, or that its call finished, keeping what was known. */
function seenAs(state: TrackerState, key: string, what: 'announced' | 'finished'): void {
  const before = state.seen.get(key) ?? 0;
  state.seen.set(key, what === 'announced' ? state.scope * 2 + (before % 2) : before - (before % 2) + 1);
}

function closeCall(state: TrackerState, key: string): OpenCall | undefined {
  const call = state.open.get(key);
  if (call === undefined) return undefined;
  state.open.delete(key);
  state.openBytes -= call.bytes;
  return call;
}

function keepOpen(state: TrackerState, key: string, call: OpenCall): void {
  state.open.set(key, call);
  state.openBytes += call.bytes;
  while (state.open.size > MAX_OPEN_CALLS || (state.openBytes > OPEN_CALLS_MAX_BYTES && state.open.size > 1)) {
    closeCall(state, state.open.keys().next().value as string);
  }
}

/** Gives `raw` a fresh event id `<raw>#<n>`, remembered for the rest of the scope. */
function rename(state: TrackerState, raw: string, rawKey: string): string {
  let id = raw;
  for (let n = state.scope; known(state, compactKey(id)); n += 1) id = `${raw}#${n}`;
  if (id !== raw) {
    state.renamed.set(rawKey, id);
    state.madeIds.set(compactKey(id), true);
  }
  return id;
}

/**
 * Whether `raw`, a provider's own id with no renaming of its own, spells an
 * id `rename` made for another call: that call is not this one, whatever the
 * spelling, so `raw` must be renamed too rather than read as a restatement
 * or the result of the other call.
 */
const spellsMadeId = (state: TrackerState, raw: string, rawKey: string) => !state.renamed.has(rawKey) && state.madeIds.has(compactKey(raw));

/**
 * The event id for a new announcement of `raw` (and the open call whose id a
 * call that `opens` reuses), or `undefined` when it repeats a call of this scope.
 */
function announcementId(state: TrackerState, raw: string, call: ToolCallStart, keyOfInput: string | undefined): { id: string; reused?: OpenCall } | undefined {
  const rawKey = compactKey(raw);
  if (spellsMadeId(state, raw, rawKey)) return { id: rename(state, raw, rawKey) };
  const current = state.renamed.get(rawKey) ?? raw;
  const key = compactKey(current);
  if (!known(state, key)) return { id: current };
  const open = state.open.get(key);
  // A call that opens under an open id, or restates it with another input where restatements repeat it, is another call: shown, never dropped.
  if (open !== undefined && (call.opens === true || restatesOtherInput(call, open.inputKey, keyOfInput))) return { id: rename(state, raw, rawKey), reused: open };
  // Announced in this scope: a restatement, unless the call is over and the provider says ids are reused.
  if (announcedInScope(state, key) && ((call.idReuse !== 'new-call' && call.opens !== true) || open !== undefined)) return undefined;
  return { id: rename(state, raw, rawKey) };
}

/** The preview of an MCP call that has no arguments: without it the call would show its name alone, like a call whose input is lost. */
const NO_ARGUMENTS_PREVIEW = 'no arguments';

const isEmptyInput = (input: unknown): boolean =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '') || (isJsonObject(input) && Object.keys(input).length === 0);

/** The provider's preview, else one from the input; an MCP call with empty input (`{}`, `""`) says it has none. */
function previewOf(call: Pick<ToolCallStart, 'arg' | 'toolName'>, input: unknown, resolved: Pick<ResolvedTool, 'name' | 'kind'>): string {
  if (call.arg !== undefined) return toOneLine(call.arg, PREVIEW_MAX_CHARS);
  const preview = previewToolInput(input, resolved.kind === 'search' ? SEARCH_PREVIEW_FIELDS : undefined, [call.toolName, resolved.name]);
  return preview === '' && isMcpDisplayName(resolved.name) && isEmptyInput(input) ? NO_ARGUMENTS_PREVIEW : preview;
}

function startCall(state: TrackerState, call: ToolCallStart): ToolCallEvents<ToolUseDisplayEvent> {
  const raw = call.id !== undefined && call.id !== '' ? call.id : `${state.idPrefix}-${++state.made}`;
  const input = decodeJsonString(call.input);
  const keyOfInput = call.inputMayChange === true || call.restatesSameInput === true ? inputKey(input) : undefined;
  const announced = announcementId(state, raw, call, keyOfInput);
  if (announced === undefined) return [];
  const { id, reused } = announced;
  const resolved = resolveToolName(call.displayName ?? call.toolName, state.aliases);
  const event: ToolUseDisplayEvent = {
    kind: 'tool-use',
    id,
    name: resolved.name,
    toolName: call.toolName,
    toolKind: resolved.kind,
    arg: previewOf(call, input, resolved),
    input: input === undefined ? null : input,
  };
  if (call.parentToolUseId !== undefined) event.parentToolUseId = call.parentToolUseId;
  const path = inputPath(input);
  const kept = path !== undefined && path.length <= MAX_KEPT_PATH_CHARS ? path : undefined;
  const key = compactKey(id);
  seenAs(state, key, 'announced');
  const bytes =
    2 * (id.length + event.name.length + call.toolName.length + (kept?.length ?? 0) + (call.parentToolUseId?.length ?? 0) + (keyOfInput?.length ?? 0)) + 200;
  keepOpen(state, key, {
    id,
    name: event.name,
    toolName: call.toolName,
    toolKind: event.toolKind,
    arg: event.arg,
    path: kept,
    parentToolUseId: call.parentToolUseId,
    inputKey: keyOfInput,
    bytes,
  });
  return reused === undefined ? [event] : [event, idReusedNotice(event, raw, reused)];
}

/** The input a call completed with and its notice, when it differs from the one announced (see `tool-call-changes.ts`). */
function inputChange(call: OpenCall | undefined, outcome: ToolCallOutcome, result: ToolResultDisplayEvent): NoticeDisplayEvent | undefined {
  if (call?.inputKey === undefined || outcome.input === undefined) return undefined;
  const input = decodeJsonString(outcome.input);
  if (inputKey(input) === call.inputKey) return undefined;
  result.arg = previewOf({ arg: outcome.arg, toolName: call.toolName }, input, { name: call.name, kind: call.toolKind });
  result.input = input === undefined ? null : input;
  return inputChangedNotice(result, call.arg, result.arg);
}

function finishCall(state: TrackerState, raw: string, outcome: ToolCallOutcome): ToolCallEvents<ToolResultDisplayEvent> {
  const rawKey = compactKey(raw);
  // A result under a made id's spelling, for a call never announced: its own, not the other call's.
  const id = spellsMadeId(state, raw, rawKey) ? rename(state, raw, rawKey) : (state.renamed.get(rawKey) ?? raw);
  const key = compactKey(id);
  if (finished(state, key)) return [];
  const call = closeCall(state, key);
  seenAs(state, key, 'finished');
  const resolved = call ?? resolveToolName(outcome.toolName ?? 'Tool', state.aliases);
  const kind = call ? call.toolKind : (resolved as { kind: ToolResultDisplayEvent['toolKind'] }).kind;
  const extracted = extractToolOutput(outcome.output);
  const result: ToolResultDisplayEvent = {
    kind: 'tool-result',
    id,
    name: resolved.name,
    toolKind: kind,
    // A command that exited non-zero failed, whatever the agent's own flag says (Gemini CLI 0.61 and
    // Copilot CLI 1.0.102 report such a call as a success): a failed command looks the same for every agent.
    status: typeof outcome.exitCode === 'number' && outcome.exitCode !== 0 ? 'error' : outcome.status,
    outputState: extracted.state,
    details: resultDetails(call, outcome),
  };
  if (extracted.state !== 'unavailable') result.output = extracted.text;
  const parent = outcome.parentToolUseId ?? call?.parentToolUseId;
  if (parent !== undefined) result.parentToolUseId = parent;
  const changed = inputChange(call, outcome, result);
  return changed === undefined ? [result] : [result, changed];
}

/**
 * Creates the tool-call bookkeeping a streaming source needs: it resolves
 * names through the provider's `aliases`, builds previews, makes up ids where
 * the provider has none, announces each call once, and turns outcomes into
 * `tool-result` events with the details a one-line summary needs.
 */
export function createToolCallTracker(options: { aliases?: ReadonlyMap<string, string>; idPrefix?: string } = {}): ToolCallTracker {
  /*
   * Bounded by count and by bytes, so that memory stays flat however long or
   * hostile the stream (x-bench, docs/memory.md):
   * - `open`: calls announced and not finished, without their input (the
   *   preview and the event are out; only the path a result needs is kept).
   *   Past a thousand at once, or 4 MiB of ids, names and paths, the oldest
   *   is forgotten; only calls that never finish get that far.
   * - `seen`: ids announced or finished, so that a repeated announcement or
   *   result is not shown again and a later scope does not reuse an id
   *   (an id counts as announced in the scope it was last announced in);
   *   `renamed`: the ids of this scope. Each holds the ten thousand latest
   *   (`seen` by when an id was first announced or finished), as compact
   *   keys (a long id costs its hash, not its length): the repeats and
   *   reuses they serve come within a few calls or a resumed session, not
   *   ten thousand calls later.
   */
  const state: TrackerState = {
    aliases: options.aliases,
    open: new Map(),
    openBytes: 0,
    seen: createRecentMap(MAX_REMEMBERED_IDS),
    renamed: createRecentMap(MAX_REMEMBERED_IDS),
    madeIds: createRecentMap(MAX_REMEMBERED_IDS),
    idPrefix: options.idPrefix ?? 'call',
    made: 0,
    scope: 1,
  };
  return {
    newScope(prefix) {
      state.renamed.clear();
      state.scope += 1;
      if (prefix !== undefined) {
        state.idPrefix = prefix;
        state.made = 0;
      }
    },
    start: (call) => startCall(state, call),
    has(raw) {
      if (spellsMadeId(state, raw, compactKey(raw))) return false;
      const key = compactKey(state.renamed.get(compactKey(raw)) ?? raw);
      return known(state, key);
    },
    finish: (raw, outcome) => finishCall(state, raw, outcome),
    unfinished() {
      return [...state.open.values()].map((call) => {
        const event: ToolUseDisplayEvent = {
          kind: 'tool-use',
          id: call.id,
          name: call.name,
          toolName: call.toolName,
          toolKind: call.toolKind,
          arg: call.arg,
          input: null,
        };
        if (call.parentToolUseId !== undefined) event.parentToolUseId = call.parentToolUseId;
        return event;
      });
    },
  };
}

/** Whether a decoded input is an object (for providers that branch on input shape). */
export function isToolInputObject(input: unknown): input is Record<string, unknown> {
  return isJsonObject(input);
}
