import type { DisplayEvent, FileChange, LineContext } from '@x/core';
import { compactKey, type ToolCallOutcome } from '@x/core/provider-utils';
import { blockText } from './content-text.js';
import { type AcpState, keptCall, keptPlaceholder, MAX_CALLS } from './state.js';
import { ACP_TOOL_ALIASES, displayNameOfKind, toolNameOfCallId } from './tool-names.js';
import { type WireToolCall, type WireToolCallContent, toolCallContentSchema } from './wire-schema.js';

/** A call's `content`, read item by item: text, diffs and terminals; an item of another kind is reported, the rest still read. */
interface CallContent {
  texts: string[];
  diffs: Extract<WireToolCallContent, { type: 'diff' }>[];
  terminalId: string | undefined;
}

function readContent(items: readonly unknown[] | null | undefined, context: LineContext): CallContent {
  const read: CallContent = { texts: [], diffs: [], terminalId: undefined };
  for (const item of items ?? []) {
    const parsed = toolCallContentSchema.safeParse(item);
    if (!parsed.success) {
      context.unknown('tool call content of an unknown type');
      continue;
    }
    const value = parsed.data;
    if (value.type === 'diff') read.diffs.push(value);
    else if (value.type === 'terminal') read.terminalId = value.terminalId;
    else {
      const text = blockText(value.content);
      if (text !== undefined) read.texts.push(text);
    }
  }
  return read;
}

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'object' && Object.keys(input).length === 0);
}

/**
 * The input a call shows. An ACP diff is put in the shape of an edit tool's
 * input that core's `fileEditsOf` reads (old and new text of one file, or a
 * new file's content), so every renderer shows the diff it carries; else the
 * agent's `rawInput`.
 */
/**
 * Whether a diff writes its file whole: no old text (ACP's new file), or an
 * empty one (Gemini CLI 0.61 sends `oldText: ""` for a file it creates; a file
 * that was empty is written whole as well).
 */
function writesWhole(diff: Extract<WireToolCallContent, { type: 'diff' }>): boolean {
  return diff.oldText === undefined || diff.oldText === null || diff.oldText === '';
}

function inputOf(call: WireToolCall, content: CallContent): unknown {
  const diff = content.diffs[0];
  if (diff === undefined) return call.rawInput ?? null;
  if (writesWhole(diff)) return { path: diff.path, content: diff.newText };
  return { path: diff.path, old_string: diff.oldText, new_string: diff.newText };
}

/**
 * A string Qwen Code puts in a call's `_meta`, where ACP has no field for it:
 * the tool's name (`toolName`, `write_file`), and for a subagent's call, the
 * call of the subagent it runs under (`parentToolCallId`, 0.15).
 */
function metaString(meta: unknown, key: 'toolName' | 'parentToolCallId'): string | undefined {
  if (typeof meta !== 'object' || meta === null) return undefined;
  const value = (meta as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Announces a call. `starts` is a `tool_call`, which ACP sends once per call
 * (it restates one with `tool_call_update`): one under the id of a call
 * already seen is another call when its input differs, or when that call
 * has finished, shown as `<id>#<n>` rather than dropped with its result.
 */
function announce(state: AcpState, call: WireToolCall, content: CallContent, starts = false): DisplayEvent[] {
  const title = call.title ?? undefined;
  const createsFile = content.diffs.length > 0 && content.diffs.every(writesWhole);
  const byKind = displayNameOfKind(call.kind, createsFile);
  // The agent's own name where it sends one (or its call id names it); else the kind, which names the call's category as the title only describes it; else the title.
  const name = call.name ?? metaString(call._meta, 'toolName') ?? toolNameOfCallId(call.toolCallId);
  const toolName = name ?? (byKind === undefined ? title : call.kind) ?? 'tool';
  const named = name !== undefined && ACP_TOOL_ALIASES.has(name);
  const displayName = named ? undefined : byKind;
  const input = inputOf(call, content);
  const path = call.locations?.[0]?.path;
  const arg = isEmpty(input) ? (title ?? path) : undefined;
  const parentToolUseId = metaString(call._meta, 'parentToolCallId');
  const reuse = starts ? ({ restatesSameInput: true, idReuse: 'new-call' } as const) : {};
  return state.tracker.start({ id: call.toolCallId, toolName, displayName, input, arg, ...reuse, ...(parentToolUseId === undefined ? {} : { parentToolUseId }) });
}

/** Whether a diff creates its file: no old text, or an empty one that Gemini CLI marks `_meta.kind: "add"`. */
function createdBy(diff: Extract<WireToolCallContent, { type: 'diff' }>): boolean {
  if (diff.oldText === undefined || diff.oldText === null) return true;
  const meta = diff._meta;
  return diff.oldText === '' && typeof meta === 'object' && meta !== null && (meta as { kind?: unknown }).kind === 'add';
}

function changesOf(content: CallContent): FileChange[] {
  return content.diffs.map((d) => ({ path: d.path, change: createdBy(d) ? 'created' : 'modified' }));
}

/** Remembers what an update of a call carried that its result tells: an update may embed the terminal, the completion often carries no content. */
function remember(state: AcpState, id: string, content: CallContent): void {
  if (content.terminalId === undefined && content.diffs.length === 0) return;
  const key = compactKey(id);
  const known = state.calls.get(key);
  state.calls.set(key, keptCall(content.terminalId ?? known?.terminal, content.diffs.length > 0 ? changesOf(content) : (known?.changes ?? [])));
}

/** A command's exit code in the call's `rawOutput`, where the agent puts one: OpenCode 1.18's `metadata.exit`. */
function exitCodeOf(rawOutput: unknown): number | undefined {
  if (typeof rawOutput !== 'object' || rawOutput === null) return undefined;
  const metadata = (rawOutput as { metadata?: unknown }).metadata;
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const exit = (metadata as { exit?: unknown }).exit;
  return typeof exit === 'number' && Number.isInteger(exit) ? exit : undefined;
}

function outcomeOf(state: AcpState, call: WireToolCall, content: CallContent): ToolCallOutcome {
  const memory = state.calls.get(compactKey(call.toolCallId));
  const terminalId = content.terminalId ?? memory?.terminal;
  const terminal = terminalId === undefined ? undefined : state.terminals.get(compactKey(terminalId));
  const changes = content.diffs.length > 0 ? changesOf(content) : (memory?.changes ?? []);
  const text = content.texts.length > 0 ? content.texts.join('\n') : undefined;
  const output = text ?? (terminal === undefined ? call.rawOutput : terminal.output.text);
  const failed = call.status === 'failed';
  const outcome: ToolCallOutcome = { status: failed ? 'error' : 'success', output };
  if (failed) outcome.errorMessage = text ?? 'the tool call failed';
  if (changes.length > 0) outcome.changes = changes;
  const path = changes[0]?.path ?? call.locations?.[0]?.path;
  if (path !== undefined) outcome.path = path;
  const exitCode = terminal?.exitCode ?? exitCodeOf(call.rawOutput);
  if (exitCode !== undefined) outcome.exitCode = exitCode;
  return outcome;
}

/**
 * A placeholder: a call announced `pending` without its input, whose next
 * update brings it and a real title: OpenCode 1.18 titles it with its tool's
 * name (`write`, `bash`; `rawInput` `{}` or only a command's `cwd`), Qwen Code
 * 0.24 sends `rawInput: {}` (and `_meta.phase: "preparing"`).
 */
function isPlaceholder(call: WireToolCall): boolean {
  if (call.status !== 'pending' || (call.content ?? []).length > 0) return false;
  const input = call.rawInput;
  const noInput = typeof input === 'object' && input !== null && !Array.isArray(input) && Object.keys(input).length === 0;
  return noInput || (call.title !== undefined && call.title !== null && ACP_TOOL_ALIASES.has(call.title));
}

/** A held placeholder with what a later update says: the update's fields where it has them; the placeholder's title names the tool when it is a tool's name. */
function merged(held: WireToolCall, call: WireToolCall): WireToolCall {
  const given = Object.fromEntries(Object.entries(call).filter(([, value]) => value !== undefined && value !== null));
  const heldName = held.title !== undefined && held.title !== null && ACP_TOOL_ALIASES.has(held.title) ? held.title : undefined;
  return { ...held, ...given, name: call.name ?? held.name ?? heldName } as WireToolCall;
}

/** The call as it is known now: a held placeholder is taken back and merged with the update. */
function takeHeld(state: AcpState, call: WireToolCall): WireToolCall {
  const held = state.held.get(call.toolCallId);
  if (held === undefined) return call;
  state.held.delete(call.toolCallId);
  return merged(held, call);
}

/**
 * A `tool_call` or `tool_call_update`: the call is announced once (an update
 * of a call never seen announces it with what the update says; a placeholder
 * without its input waits for the update that brings it), and its result told
 * when its status is `completed` or `failed`. Progress updates show nothing.
 * `starts` marks a `tool_call`, which may start another call under a known id
 * (see `announce`).
 */
export function toolCallEvents(state: AcpState, update: WireToolCall, context: LineContext, starts = false): DisplayEvent[] {
  const known = state.tracker.has(update.toolCallId);
  const placeholder = !known && !state.held.has(update.toolCallId) && isPlaceholder(update) && state.held.size < MAX_CALLS ? keptPlaceholder(update) : undefined;
  if (placeholder !== undefined) {
    state.held.set(update.toolCallId, placeholder);
    context.ignore('a tool call announced before its input');
    return [];
  }
  const call = known ? update : takeHeld(state, update);
  const content = readContent(call.content, context);
  remember(state, call.toolCallId, content);
  const events: DisplayEvent[] = known && !starts ? [] : announce(state, call, content, starts);
  if (call.status === 'completed' || call.status === 'failed') events.push(...state.tracker.finish(call.toolCallId, outcomeOf(state, call, content)));
  if (events.length === 0) context.ignore('tool call progress');
  return events;
}

/** The placeholders no update followed, announced as they are: when a turn ends, and when the stream does. */
export function heldCallEvents(state: AcpState): DisplayEvent[] {
  const held = [...state.held.values()];
  state.held.clear();
  return held.flatMap((call) => announce(state, merged(call, { toolCallId: call.toolCallId }), { texts: [], diffs: [], terminalId: undefined }));
}

/**
 * The call a permission request is about, announced when no update did so
 * first: Gemini CLI 0.61 sends a call that needs approval only inside
 * `session/request_permission` (and, once allowed, its completion), so a
 * refused call would otherwise never be shown.
 */
export function permissionCallEvents(state: AcpState, asked: WireToolCall, context: LineContext): DisplayEvent[] {
  if (state.tracker.has(asked.toolCallId)) return [];
  const call = takeHeld(state, asked);
  const content = readContent(call.content, context);
  remember(state, call.toolCallId, content);
  return announce(state, call, content);
}

/**
 * When a turn ends: the calls whose permission the client refused and that
 * the agent never finished (Gemini CLI sends nothing more for one) end as
 * errors, with the answer as their message.
 */
export function refusedCallEvents(state: AcpState): DisplayEvent[] {
  const events = state.refused.flatMap(({ toolCallId, message }) =>
    state.tracker.has(toolCallId) ? state.tracker.finish(toolCallId, { status: 'error', output: undefined, errorMessage: message }) : [],
  );
  state.refused = [];
  return events;
}
