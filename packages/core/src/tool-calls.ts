import type { FileChange, ToolResultDisplayEvent, ToolUseDisplayEvent } from './display-event.js';
import { previewToolInput } from './arg-preview.js';
import { decodeJsonString, isJsonObject, stringField } from './json-value.js';
import { extractToolOutput } from './tool-output.js';
import { resultDetails } from './tool-result-details.js';
import { compactKey, createRecentMap } from './recent-keys.js';
import { isMcpDisplayName, resolveToolName, type ResolvedTool } from './tool-vocabulary.js';
import { PREVIEW_MAX_CHARS, toOneLine } from './text-limits.js';

/** A tool call as a provider first sees it. */
export interface ToolCallStart {
  /** The provider's call id; one is made up (`call-1`, ...) when missing. */
  id?: string | undefined;
  /** The provider's own tool name. */
  toolName: string;
  /**
   * The display name when the provider's name alone does not tell it (a
   * generic editor tool whose `command` says what it does); its kind is the
   * canonical kind of that name.
   */
  displayName?: string | undefined;
  /** The preview, when the provider knows a better one than the input's known fields (at most 40 characters, one line). */
  arg?: string | undefined;
  /** The raw input; a JSON-encoded string is decoded. */
  input: unknown;
  parentToolUseId?: string | undefined;
  /**
   * What an id of a call already finished means: `repeat` (the default), a
   * restatement that announces nothing; `new-call`, another call that reuses
   * the id: it is announced as `<id>#<n>`, and a result for the id then
   * reaches it. For providers whose calls are never restated after their result.
   */
  idReuse?: 'repeat' | 'new-call' | undefined;
}

/** How a tool call ended, as a provider reports it. */
export interface ToolCallOutcome {
  status: 'success' | 'error';
  /** The output in whatever shape the provider uses; see `extractToolOutput`. */
  output?: unknown;
  errorMessage?: string | undefined;
  exitCode?: number | undefined;
  stderr?: string | undefined;
  /** Overrides the path taken from the call's input. */
  path?: string | undefined;
  /** Files the call changed, when the provider says so. */
  changes?: FileChange[] | undefined;
  durationMs?: number | undefined;
  /** How many characters the read returned, where the provider knows its output is the content read. */
  contentLength?: number | undefined;
  /** Search counts, where the provider reports them or knows its output is one match per line (see `countSearchOutput`). */
  matchCount?: number | undefined;
  fileCount?: number | undefined;
  /** The provider's tool name, for a result whose call was never seen. */
  toolName?: string | undefined;
  parentToolUseId?: string | undefined;
}

/** Keeps the state that makes tool calls come out right: one `tool-use` per id, results correlated. */
export interface ToolCallTracker {
  /** The `tool-use` event for a new call, or `undefined` when this id was already announced. */
  start(call: ToolCallStart): ToolUseDisplayEvent | undefined;
  /** Whether a call with this id was announced. */
  has(id: string): boolean;
  /** The `tool-result` for a call, or `undefined` when this id already has one. */
  finish(id: string, outcome: ToolCallOutcome): ToolResultDisplayEvent | undefined;
  /**
   * Calls announced and not yet finished (at most the latest thousand, within
   * {@link OPEN_CALLS_MAX_BYTES}), in the order they started. Their `input` is
   * `null`: the event that carried it is out, and keeping every open call's
   * input let a stream of large unfinished calls exhaust memory.
   */
  unfinished(): ToolUseDisplayEvent[];
  /**
   * Starts a new session or turn whose call ids may repeat earlier ones (a
   * second run concatenated onto the first, a counter that restarts). Ids
   * used before are then renamed `<id>#<n>` for start and finish alike, so
   * tool-use ids stay unique across the whole stream. `idPrefix` replaces the
   * prefix of made-up ids from here on.
   */
  newScope(idPrefix?: string): void;
}

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
/** How many calls a tracker keeps open, and how many finished and scope ids it remembers (see `open` below). */
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
  /** Estimated bytes held (UTF-16: two per unit). */
  bytes: number;
}

/** The tracker's state, one object (see {@link createToolCallTracker} for why each part is bounded). */
interface TrackerState {
  aliases: ReadonlyMap<string, string> | undefined;
  open: Map<string, OpenCall>;
  openBytes: number;
  /** Compact keys of finished calls' event ids. */
  finished: ReturnType<typeof createRecentMap<string, true>>;
  /** Compact keys of event ids announced in the current scope. */
  announced: ReturnType<typeof createRecentMap<string, true>>;
  /** Provider id (compact key) -> the event id it was renamed to, for the current scope only. */
  renamed: ReturnType<typeof createRecentMap<string, string>>;
  idPrefix: string;
  made: number;
  scope: number;
}

const known = (state: TrackerState, key: string) => state.open.has(key) || state.finished.has(key);

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
  if (id !== raw) state.renamed.set(rawKey, id);
  return id;
}

/** The event id for a new announcement of `raw`, or `undefined` when it repeats a call of this scope. */
function announcementId(state: TrackerState, raw: string, reuse: ToolCallStart['idReuse']): string | undefined {
  const rawKey = compactKey(raw);
  const current = state.renamed.get(rawKey) ?? raw;
  const key = compactKey(current);
  if (!known(state, key)) return current;
  if (state.announced.has(key)) {
    // Announced in this scope: a restatement, unless the call is over and the provider says ids are reused.
    if (reuse !== 'new-call' || state.open.has(key)) return undefined;
  }
  return rename(state, raw, rawKey);
}

/** The preview of an MCP call that has no arguments: without it the call would show its name alone, like a call whose input is lost. */
const NO_ARGUMENTS_PREVIEW = 'no arguments';

const isEmptyInput = (input: unknown): boolean =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '') || (isJsonObject(input) && Object.keys(input).length === 0);

/** The provider's preview, else one from the input; an MCP call with empty input (`{}`, `""`) says it has none. */
function previewOf(call: ToolCallStart, input: unknown, resolved: ResolvedTool): string {
  if (call.arg !== undefined) return toOneLine(call.arg, PREVIEW_MAX_CHARS);
  const preview = previewToolInput(input, resolved.kind === 'search' ? SEARCH_PREVIEW_FIELDS : undefined, [call.toolName, resolved.name]);
  return preview === '' && isMcpDisplayName(resolved.name) && isEmptyInput(input) ? NO_ARGUMENTS_PREVIEW : preview;
}

function startCall(state: TrackerState, call: ToolCallStart): ToolUseDisplayEvent | undefined {
  const raw = call.id !== undefined && call.id !== '' ? call.id : `${state.idPrefix}-${++state.made}`;
  const id = announcementId(state, raw, call.idReuse);
  if (id === undefined) return undefined;
  const input = decodeJsonString(call.input);
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
  state.announced.set(key, true);
  const bytes = 2 * (id.length + event.name.length + call.toolName.length + (kept?.length ?? 0) + (call.parentToolUseId?.length ?? 0)) + 200;
  keepOpen(state, key, {
    id,
    name: event.name,
    toolName: call.toolName,
    toolKind: event.toolKind,
    arg: event.arg,
    path: kept,
    parentToolUseId: call.parentToolUseId,
    bytes,
  });
  return event;
}

function finishCall(state: TrackerState, raw: string, outcome: ToolCallOutcome): ToolResultDisplayEvent | undefined {
  const id = state.renamed.get(compactKey(raw)) ?? raw;
  const key = compactKey(id);
  if (state.finished.has(key)) return undefined;
  const call = closeCall(state, key);
  state.finished.set(key, true);
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
  return result;
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
   * - `finished`: ids of finished calls, so that a repeated announcement or
   *   result is not shown again and a later scope does not reuse an id;
   *   `announced` and `renamed`: the ids of this scope. Each holds the ten
   *   thousand latest, as compact keys (a long id costs its hash, not its
   *   length): the repeats and reuses they serve come within a few calls or
   *   a resumed session, not ten thousand calls later.
   */
  const state: TrackerState = {
    aliases: options.aliases,
    open: new Map(),
    openBytes: 0,
    finished: createRecentMap(MAX_REMEMBERED_IDS),
    announced: createRecentMap(MAX_REMEMBERED_IDS),
    renamed: createRecentMap(MAX_REMEMBERED_IDS),
    idPrefix: options.idPrefix ?? 'call',
    made: 0,
    scope: 1,
  };
  return {
    newScope(prefix) {
      state.announced = createRecentMap(MAX_REMEMBERED_IDS);
      state.renamed = createRecentMap(MAX_REMEMBERED_IDS);
      state.scope += 1;
      if (prefix !== undefined) {
        state.idPrefix = prefix;
        state.made = 0;
      }
    },
    start: (call) => startCall(state, call),
    has(raw) {
      const key = compactKey(state.renamed.get(compactKey(raw)) ?? raw);
      return known(state, key);
    },
    finish: (raw, outcome) => finishCall(state, raw, outcome),
    unfinished() {
      return [...state.open.values()].map((call) => {
        const event: ToolUseDisplayEvent = { kind: 'tool-use', id: call.id, name: call.name, toolName: call.toolName, toolKind: call.toolKind, arg: call.arg, input: null };
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
