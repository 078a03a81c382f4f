import type { DisplayEvent, FileChange } from '@x/core';
import {
  type BoundedText,
  compactKey,
  createBoundedText,
  createRecentMap,
  createSessionLifecycle,
  createTextAssembler,
  createToolCallTracker,
  keptWhole,
  type RecentMap,
  type SessionFields,
  type SessionLifecycle,
  type TextAssembler,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { ACP_TOOL_ALIASES } from './tool-names.js';
import type { StopReason, WirePermissionOption, WireToolCall } from './wire-schema.js';

/** How many requests wait for their response at once; an ACP peer has a few in flight. */
const MAX_PENDING_REQUESTS = 256;
/** How many terminals' outputs are remembered for the calls that embed them. */
const MAX_TERMINALS = 64;
/** How many calls' terminals and changed files are remembered until their results. */
export const MAX_CALLS = 1000;
/** The most output of one terminal kept, in UTF-16 units: what a command's result shows. */
export const TERMINAL_OUTPUT_CHARS = 64 * 1024;
/** The most text of a user message assembled from its chunks. */
const USER_MESSAGE_CHARS = 64 * 1024;

/** A request seen, waiting for its response: what the response is read with. */
export interface PendingRequest {
  method: string;
  /** A permission request's options and its call's title, to tell the answer in words. */
  permission?: { title: string; toolCallId: string; options: WirePermissionOption[] };
  /** The terminal a `terminal/output` or `terminal/wait_for_exit` asks about. */
  terminalId?: string;
  /** The working directory a `session/new` asked for. */
  cwd?: string;
}

/** What a terminal showed, as the client reported it to the agent. */
export interface TerminalState {
  output: BoundedText;
  exitCode: number | undefined;
}

/** What a call's earlier updates carried, for its result (see {@link keptCall}). */
export interface CallMemory {
  /** The compact key of the terminal it embeds. */
  terminal: string | undefined;
  changes: FileChange[];
}

/** The kind of message the chunks being assembled belong to. */
export type OpenBlock = 'agent' | 'thought' | 'user' | undefined;

/**
 * What one ACP stream needs to remember, as one object the handler modules
 * take as their first argument. Every map is bounded.
 */
export interface AcpState {
  session: SessionLifecycle;
  tracker: ToolCallTracker;
  text: TextAssembler;
  /** Requests by the compact key of their id. Client and agent number their requests apart, so an id may be pending twice (one each way). */
  pending: RecentMap<string, PendingRequest[]>;
  /** Terminals by the compact key of their id. */
  terminals: RecentMap<string, TerminalState>;
  /** What earlier updates of each call carried that its result tells (its terminal and the files its diffs change), by the compact key of its id. */
  calls: RecentMap<string, CallMemory>;
  /** The message chunks are being assembled into, and its id. */
  open: OpenBlock;
  blockId: string;
  blocks: number;
  /** The user message being assembled from `user_message_chunk`s, told as one prompt when it ends. */
  user: BoundedText;
  /** A `session/prompt` request opened the turn: the agent's echo of it in `user_message_chunk`s is not told again. */
  promptSeen: boolean;
  /** Prompts sent and not answered. */
  promptsOpen: number;
  /** How the last answered prompt stopped. */
  stopReason: StopReason | undefined;
  plans: number;
  fields: SessionFields;
  /** Calls whose permission the client refused in this turn (at most {@link MAX_CALLS}), ended as errors when the turn ends if the agent did not end them. */
  refused: { toolCallId: string; message: string }[];
  /** Calls announced before their input (OpenCode's first `tool_call`), held until an update brings it (at most {@link MAX_CALLS}, each as {@link keptPlaceholder} keeps it). */
  held: Map<string, WireToolCall>;
  /** The turn's chunks told its tokens (`_meta.usage`): the prompt response's are not told again. */
  chunkUsage: boolean;
}

/** A fresh {@link AcpState}. */
export function createAcpState(): AcpState {
  return {
    session: createSessionLifecycle(),
    tracker: createToolCallTracker({ aliases: ACP_TOOL_ALIASES }),
    text: createTextAssembler({ maxBlocks: 4 }),
    pending: createRecentMap(MAX_PENDING_REQUESTS),
    terminals: createRecentMap(MAX_TERMINALS),
    calls: createRecentMap(MAX_CALLS),
    open: undefined,
    blockId: '',
    blocks: 0,
    user: createBoundedText(USER_MESSAGE_CHARS),
    promptSeen: false,
    promptsOpen: 0,
    stopReason: undefined,
    plans: 0,
    fields: {},
    refused: [],
    held: new Map(),
    chunkUsage: false,
  };
}

/** The session start, once: the stream's first event starts it, with what is known of it by then. */
export function ensureSession(state: AcpState, sessionId?: string): DisplayEvent[] {
  if (state.session.open) return [];
  if (sessionId !== undefined && state.fields.sessionId === undefined) state.fields.sessionId = sessionId;
  return state.session.start({ ...state.fields });
}

/** Ends the message being assembled; a user message becomes its prompt event. */
export function closeBlock(state: AcpState): DisplayEvent[] {
  const was = state.open;
  state.open = undefined;
  if (was !== 'user') return [];
  const text = state.user.text;
  state.user.reset();
  return text.trim() === '' ? [] : [{ kind: 'prompt', form: 'prompt', text }];
}

/** The id of the block a chunk of `kind` belongs to: the agent's message id, or a new block whenever another kind came between. */
export function blockOf(state: AcpState, kind: Exclude<OpenBlock, undefined>, messageId: string | null | undefined): { id: string; events: DisplayEvent[] } {
  const id = messageId ?? undefined;
  if (state.open === kind && (id === undefined || id === state.blockId)) return { id: state.blockId, events: [] };
  const events = closeBlock(state);
  state.open = kind;
  state.blocks += 1;
  state.blockId = id ?? `${kind}-${state.blocks}`;
  return { id: state.blockId, events };
}

/** The longest call title or folder a waiting request keeps: a title may quote a command. */
const MAX_KEPT_TEXT_CHARS = 4096;
/** How many of a permission request's options are kept to tell its answer in words. */
const MAX_KEPT_OPTIONS = 16;

/** Whether a method, id or option field (or, given `max`, a title or folder) is short enough to keep: core's rule for values kept beside ids. */
const small = (text: string | undefined, max?: number) => keptWhole(text, max) !== undefined;

/**
 * What a waiting request keeps. Up to {@link MAX_PENDING_REQUESTS} wait at
 * once, each from a line of up to 16 MiB, so it is bounded by bytes too
 * (docs/memory.md): a method or id past 256 characters, or a title or
 * folder past 4,096, is not kept (a method is named by its length instead),
 * and of a permission's options only the first 16 small ones, with their id,
 * name and kind. An answer past them is told by the option id it quotes.
 */
function keptRequest(request: PendingRequest): PendingRequest {
  const method = small(request.method) ? request.method : `a method of ${request.method.length} characters`;
  const kept: PendingRequest = { method };
  if (small(request.terminalId)) kept.terminalId = request.terminalId;
  if (small(request.cwd, MAX_KEPT_TEXT_CHARS)) kept.cwd = request.cwd;
  const permission = request.permission;
  if (permission !== undefined && small(permission.toolCallId)) {
    const options = permission.options
      .filter((o) => small(o.optionId) && small(o.name) && small(o.kind))
      .slice(0, MAX_KEPT_OPTIONS)
      .map(({ optionId, name, kind }) => ({ optionId, name, kind }));
    kept.permission = { title: small(permission.title, MAX_KEPT_TEXT_CHARS) ? permission.title : 'a tool call', toolCallId: permission.toolCallId, options };
  }
  return kept;
}

/** Remembers a request until its response, by the compact key of its id. */
export function rememberRequest(state: AcpState, id: string, request: PendingRequest): void {
  const key = compactKey(id);
  const kept = keptRequest(request);
  const waiting = state.pending.get(key) ?? [];
  // At most one request per direction waits under one id: an older one of the same method was never answered.
  state.pending.set(key, [...waiting.filter((r) => r.method !== kept.method).slice(-1), kept]);
}

/** The method whose result has the shape of `keys`, for a response whose request the stream did not show (the agent's side alone). */
function methodOfResult(keys: readonly string[]): PendingRequest | undefined {
  for (const method of ['session/prompt', 'initialize', 'session/new']) {
    if (RESULT_KEYS[method]?.some((key) => keys.includes(key)) === true) return { method };
  }
  return undefined;
}

/**
 * The request a response answers. With an id pending both ways (client and
 * agent number their requests apart), the result's shape tells which; with
 * none pending, the shape of a prompt, initialize or new-session result.
 */
export function takeRequest(state: AcpState, id: string, result: unknown): PendingRequest | undefined {
  const key = compactKey(id);
  const waiting = state.pending.get(key);
  const keys = result !== null && typeof result === 'object' ? Object.keys(result) : [];
  if (waiting === undefined || waiting.length === 0) return methodOfResult(keys);
  const index =
    waiting.length > 1
      ? Math.max(
          0,
          waiting.findIndex((r) => RESULT_KEYS[r.method]?.some((key) => keys.includes(key)) === true),
        )
      : 0;
  const taken = waiting[index];
  state.pending.set(
    key,
    waiting.filter((_, n) => n !== index),
  );
  return taken;
}

/** A field only the result of each method has, where a response must be told apart from another. */
const RESULT_KEYS: Record<string, readonly string[]> = {
  'session/prompt': ['stopReason'],
  'session/new': ['sessionId'],
  initialize: ['protocolVersion'],
  'session/request_permission': ['outcome'],
  'terminal/create': ['terminalId'],
  'terminal/output': ['output'],
  'terminal/wait_for_exit': ['exitCode', 'signal'],
  'fs/read_text_file': ['content'],
};

/** The terminal of `id` (an id or its compact key), made on first use. */
export function terminalOf(state: AcpState, id: string): TerminalState {
  const key = compactKey(id);
  const known = state.terminals.get(key);
  if (known !== undefined) return known;
  const made: TerminalState = { output: createBoundedText(TERMINAL_OUTPUT_CHARS), exitCode: undefined };
  state.terminals.set(key, made);
  return made;
}

/**
 * The most changes a call remembers, and the most characters of their paths
 * in all: a call changes one file or a patch's few, and 1,000 calls' changes
 * stay within some 45 MiB however hostile the stream.
 */
const MAX_KEPT_CHANGES = 256;
const MAX_KEPT_CHANGE_CHARS = 16 * 1024;

/**
 * What a call remembers of its updates until its result, for up to
 * {@link MAX_CALLS} calls, each from a line of up to 16 MiB: its terminal's
 * compact key, and its first changes while their paths fit 16 Ki characters
 * in all (at most 256). A change past them is not told by a result that
 * carries no diff of its own.
 */
export function keptCall(terminalId: string | undefined, changes: readonly FileChange[]): CallMemory {
  const kept: FileChange[] = [];
  let chars = 0;
  for (const change of changes.slice(0, MAX_KEPT_CHANGES)) {
    chars += change.path.length;
    if (chars > MAX_KEPT_CHANGE_CHARS) break;
    kept.push({ path: change.path, change: change.change });
  }
  return { terminal: terminalId === undefined ? undefined : compactKey(terminalId), changes: kept };
}

/**
 * What a placeholder call keeps while it waits for the update that brings
 * its input, for up to {@link MAX_CALLS} calls: only the fields its
 * announcement reads (id, status, kind, name, title, first location, the
 * `_meta` names, and an input of at most 4,096 characters of JSON), not the
 * whole call as its line wrote it. A call whose id is past 256 characters is
 * not held (undefined), and is announced at once as it is.
 */
export function keptPlaceholder(call: WireToolCall): WireToolCall | undefined {
  if (!small(call.toolCallId)) return undefined;
  const kept: WireToolCall = { toolCallId: call.toolCallId, status: call.status, kind: call.kind, name: keptWhole(call.name) };
  const title = keptWhole(call.title, MAX_KEPT_TEXT_CHARS);
  if (title !== undefined) kept.title = title;
  const path = keptWhole(call.locations?.[0]?.path, MAX_KEPT_TEXT_CHARS);
  if (path !== undefined) kept.locations = [{ path }];
  const meta = call._meta as Record<string, unknown> | null | undefined;
  const toolName = keptWhole(meta?.toolName);
  const parentToolCallId = keptWhole(meta?.parentToolCallId);
  if (toolName !== undefined || parentToolCallId !== undefined) kept._meta = { toolName, parentToolCallId };
  if ((JSON.stringify(call.rawInput) ?? '').length <= MAX_KEPT_TEXT_CHARS) kept.rawInput = call.rawInput;
  return kept;
}
