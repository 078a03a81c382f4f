import type { FileChange, ToolResultDetails, ToolResultEvent, ToolUseEvent } from './display-event.js';
import { previewToolInput } from './arg-preview.js';
import { decodeJsonString, isJsonObject, stringField } from './json-value.js';
import { extractToolOutput } from './tool-output.js';
import { createRecentMap } from './recent-keys.js';
import { resolveToolName } from './tool-vocabulary.js';
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
  matchCount?: number | undefined;
  fileCount?: number | undefined;
  /** The provider's tool name, for a result whose call was never seen. */
  toolName?: string | undefined;
  parentToolUseId?: string | undefined;
}

/** Keeps the state that makes tool calls come out right: one `tool-use` per id, results correlated. */
export interface ToolCallTracker {
  /** The `tool-use` event for a new call, or `undefined` when this id was already announced. */
  start(call: ToolCallStart): ToolUseEvent | undefined;
  /** Whether a call with this id was announced. */
  has(id: string): boolean;
  /** The `tool-result` for a call, or `undefined` when this id already has one. */
  finish(id: string, outcome: ToolCallOutcome): ToolResultEvent | undefined;
  /** Calls announced and not yet finished (at most the latest thousand), in the order they started. */
  unfinished(): ToolUseEvent[];
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
/** What search tools print when they found nothing. */
const NO_MATCHES = /^\s*(no (matches|files|results)( were)? found|no match(es)?)\b/i;

function searchCounts(text: string): { matchCount: number; fileCount: number } {
  if (NO_MATCHES.test(text)) return { matchCount: 0, fileCount: 0 };
  const files = new Set<string>();
  let matches = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    matches += 1;
    const colon = line.indexOf(':');
    files.add(colon > 0 ? line.slice(0, colon) : line);
  }
  return { matchCount: matches, fileCount: files.size };
}

/** How many calls a tracker keeps open, and how many finished and scope ids it remembers (see `open` below). */
const MAX_OPEN_CALLS = 1_000;
const MAX_REMEMBERED_IDS = 10_000;

/**
 * Creates the tool-call bookkeeping a streaming source needs: it resolves
 * names through the provider's `aliases`, builds previews, makes up ids where
 * the provider has none, announces each call once, and turns outcomes into
 * `tool-result` events with the details a one-line summary needs.
 */
export function createToolCallTracker(options: { aliases?: ReadonlyMap<string, string>; idPrefix?: string } = {}): ToolCallTracker {
  /*
   * Bounded, so that memory stays flat however long the stream: keeping
   * every call made it grow with the run (x-bench, per GB of stream: about
   * 25 MB of Gemini call ids, and 85 MB of OpenAI-compatible calls, which
   * never get a result and so stayed open with their whole input).
   * - `open`: calls announced and not finished. Past a thousand at once, the
   *   oldest is forgotten; only calls that never finish get that far.
   * - `finished`: ids of finished calls, so that a repeated announcement or
   *   result is not shown again and a later scope does not reuse an id; and
   *   `scoped`: the ids of this scope. Each holds the ten thousand latest:
   *   the repeats and reuses they serve come within a few calls or a resumed
   *   session, not ten thousand calls later.
   */
  const open = new Map<string, ToolUseEvent>();
  const finished = createRecentMap<string, true>(MAX_REMEMBERED_IDS);
  const remember = (id: string) => finished.set(id, true);
  let idPrefix = options.idPrefix ?? 'call';
  let made = 0;
  // Provider id -> the id used in events, for the current scope only.
  let scoped = createRecentMap<string, string>(MAX_REMEMBERED_IDS);
  let scope = 1;
  const resolveId = (raw: string): string => scoped.get(raw) ?? raw;

  return {
    newScope(prefix) {
      scoped = createRecentMap(MAX_REMEMBERED_IDS);
      scope += 1;
      if (prefix !== undefined) {
        idPrefix = prefix;
        made = 0;
      }
    },
    start(call) {
      const raw = call.id !== undefined && call.id !== '' ? call.id : `${idPrefix}-${++made}`;
      let id = scoped.get(raw);
      if (id === undefined) {
        id = raw;
        for (let n = scope; open.has(id) || finished.has(id); n += 1) id = `${raw}#${n}`;
        scoped.set(raw, id);
      }
      if (open.has(id) || finished.has(id)) return undefined;
      const input = decodeJsonString(call.input);
      const resolved = resolveToolName(call.displayName ?? call.toolName, options.aliases);
      const event: ToolUseEvent = {
        kind: 'tool-use',
        id,
        name: resolved.name,
        toolName: call.toolName,
        toolKind: resolved.kind,
        arg: call.arg === undefined ? previewToolInput(input, resolved.kind === 'search' ? SEARCH_PREVIEW_FIELDS : undefined, [call.toolName, resolved.name]) : toOneLine(call.arg, PREVIEW_MAX_CHARS),
        input: input === undefined ? null : input,
      };
      if (call.parentToolUseId !== undefined) event.parentToolUseId = call.parentToolUseId;
      open.set(id, event);
      if (open.size > MAX_OPEN_CALLS) open.delete(open.keys().next().value as string);
      return event;
    },
    has(raw) {
      const id = resolveId(raw);
      return open.has(id) || finished.has(id);
    },
    finish(raw, outcome) {
      const id = resolveId(raw);
      if (finished.has(id)) return undefined;
      const call = open.get(id);
      open.delete(id);
      remember(id);
      const resolved = call ?? resolveToolName(outcome.toolName ?? 'Tool', options.aliases);
      const extracted = extractToolOutput(outcome.output);
      const details: ToolResultDetails = {};
      const path = outcome.path ?? (call ? inputPath(call.input) : undefined);
      if (path !== undefined) details.path = path;
      const kind = call ? call.toolKind : (resolved as { kind: ToolResultEvent['toolKind'] }).kind;
      if (kind === 'read' && outcome.status === 'success' && extracted.state !== 'unavailable') details.contentLength = extracted.text.length;
      if (kind === 'search') {
        const derived = extracted.state === 'text' ? searchCounts(extracted.text) : undefined;
        const matchCount = outcome.matchCount ?? derived?.matchCount;
        const fileCount = outcome.fileCount ?? derived?.fileCount;
        if (matchCount !== undefined) details.matchCount = matchCount;
        if (fileCount !== undefined) details.fileCount = fileCount;
      }
      if (outcome.changes !== undefined && outcome.changes.length > 0) details.changes = outcome.changes;
      if (outcome.durationMs !== undefined) details.durationMs = outcome.durationMs;
      if (outcome.exitCode !== undefined) details.exitCode = outcome.exitCode;
      if (outcome.stderr !== undefined && outcome.stderr !== '') details.stderr = outcome.stderr;
      if (outcome.errorMessage !== undefined && outcome.errorMessage !== '') details.errorMessage = outcome.errorMessage;
      const result: ToolResultEvent = {
        kind: 'tool-result',
        id,
        name: resolved.name,
        toolKind: kind,
        status: outcome.status,
        outputState: extracted.state,
        details,
      };
      if (extracted.state !== 'unavailable') result.output = extracted.text;
      const parent = outcome.parentToolUseId ?? call?.parentToolUseId;
      if (parent !== undefined) result.parentToolUseId = parent;
      return result;
    },
    unfinished() {
      return [...open.values()];
    },
  };
}

/** Whether a decoded input is an object (for providers that branch on input shape). */
export function isToolInputObject(input: unknown): input is Record<string, unknown> {
  return isJsonObject(input);
}
