import type { FileChange, NoticeDisplayEvent, ToolResultDisplayEvent, ToolUseDisplayEvent } from './display-event.js';

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
  /**
   * This line starts a call, by the provider's own account (Codex
   * `item.started`), rather than restating one: an id already used in this
   * scope is then another call reusing it, announced as `<id>#<n>`, and a
   * result for the id then reaches it. When the first call is still open
   * (it will never show a result), a warning (`tool_id_reused`) follows.
   */
  opens?: boolean | undefined;
  /**
   * The provider may report the call's input again when it completes (the
   * outcome's `input`): a key of the input announced is kept, so that a
   * different final input is shown (see {@link ToolCallOutcome.input}).
   */
  inputMayChange?: boolean | undefined;
  /**
   * The provider restates a call only with the input it announced (Claude's
   * complete line after its deltas, Copilot's start after its request): a
   * start under the id of a call still open with another input is then
   * another call, shown as `<id>#<n>` with a `tool_id_reused` warning, rather
   * than dropped as a restatement. A key of the input announced is kept.
   */
  restatesSameInput?: boolean | undefined;
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
  /**
   * The input as the completion reports it (Codex `item.completed`, OpenCode's
   * completed part), for a call started with `inputMayChange`. When it differs
   * from the input announced, the `tool-result` carries it and its preview
   * (`input`, `arg`) and a warning notice (`tool_input_changed`) follows.
   */
  input?: unknown;
  /** The preview of `input`, when the provider knows a better one than its known fields (as {@link ToolCallStart.arg}). */
  arg?: string | undefined;
  /** The provider's tool name, for a result whose call was never seen. */
  toolName?: string | undefined;
  parentToolUseId?: string | undefined;
}

/**
 * What the tracker emits for one step of a call: nothing (a restatement, a
 * second result), the call's event, or the event and a warning notice about
 * it (`tool_id_reused`, `tool_input_changed`).
 */
export type ToolCallEvents<E extends ToolUseDisplayEvent | ToolResultDisplayEvent> = [] | [E] | [E, NoticeDisplayEvent];

/** Keeps the state that makes tool calls come out right: one `tool-use` per id, results correlated. */
export interface ToolCallTracker {
  /** The `tool-use` event for a new call; none when this id was already announced. */
  start(call: ToolCallStart): ToolCallEvents<ToolUseDisplayEvent>;
  /** Whether a call with this id was announced. */
  has(id: string): boolean;
  /** The `tool-result` for a call; none when this id already has one. */
  finish(id: string, outcome: ToolCallOutcome): ToolCallEvents<ToolResultDisplayEvent>;
  /**
   * Calls announced and not yet finished (at most the latest thousand, within
   * `OPEN_CALLS_MAX_BYTES`), in the order they started. Their `input` is
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
