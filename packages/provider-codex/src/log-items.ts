import type { DisplayEvent, LineContext } from '@x/core';
import {
  arrayField,
  decodeJsonString,
  objectField,
  ownField,
  stringField,
  responsesHostedCall,
  type JsonObject,
} from '@x/core/provider-utils';
import { parseRolloutOutput, patchChanges } from './log-output.js';
import { bareUserItem } from './log-session.js';
import { releaseEchoes, type CodexLogState, type HeldEcho } from './log-state.js';
import { announceTool, finishTool, keepCallDetails, withCallDetails } from './tool-calls.js';
import { commandOutcome } from './tool-outcomes.js';
import { commandOfArgv, fileChangeToolName, fileReadTarget, unwrapShellCommand } from './tool-names.js';

/** The text of a message's `content[]` parts of the given types, joined. */
function contentText(content: unknown[] | undefined, types: readonly string[]): string {
  const parts: string[] = [];
  for (const part of content ?? []) {
    const type = stringField(part, 'type');
    if (type !== undefined && types.includes(type)) parts.push(stringField(part, 'text') ?? '');
  }
  return parts.join('');
}

/** The command line a shell call runs: `command` as argv or string (shell, shell_command), or `cmd` (exec_command). */
function commandLine(input: unknown): string {
  const command = ownField(input, 'command') ?? ownField(input, 'cmd');
  if (Array.isArray(command) && command.every((part) => typeof part === 'string')) return commandOfArgv(command);
  return typeof command === 'string' ? unwrapShellCommand(command) : '';
}

/**
 * Sorts the held event copies for a text item: the copies before the first
 * it repeats lost their item and are shown before it; those after it still
 * wait for theirs. Items follow in the order of their copies: 0.40 writes the
 * reasoning and message copies, then the reasoning and message items
 * (fixtures/codex-log/recorded/0.40.0/thinking-todo/).
 */
function settleEchoes(state: CodexLogState, kind: 'text' | 'reasoning', texts: string[]): DisplayEvent[] {
  const repeats = (echo: HeldEcho) => echo.kind === kind && texts.includes(echo.text);
  const first = state.echoes.findIndex(repeats);
  const waiting = first < 0 ? [] : state.echoes.slice(first).filter((echo) => !repeats(echo));
  if (first >= 0) state.echoes = state.echoes.slice(0, first);
  const missed = releaseEchoes(state);
  state.echoes = waiting;
  state.echoesSettled = true;
  return missed;
}

/** A response item's text (assistant message, reasoning summary), after the copies it makes redundant are settled. */
function textItem(state: CodexLogState, kind: 'text' | 'reasoning', texts: string[], context: LineContext): DisplayEvent[] {
  const missed = settleEchoes(state, kind, texts);
  state.replied = true;
  const text = kind === 'text' ? texts.join('') : texts.join('\n\n');
  if (text.trim() === '') {
    context.ignore(`${kind === 'text' ? 'assistant message' : 'reasoning'} item with no text (reasoning kept encrypted, or an empty message)`);
    return missed;
  }
  state.shown[kind] = texts[texts.length - 1] ?? '';
  if (kind === 'text') {
    state.codex.lastMessage = text;
    state.last = 'answer';
  }
  return [...missed, { kind, id: `${kind === 'text' ? 'message' : 'reasoning'}-${++state.made}`, text }];
}

/** A call item (`function_call`, `custom_tool_call`, `local_shell_call`), announced once. */
function callItem(state: CodexLogState, item: JsonObject, type: string): DisplayEvent[] {
  const id = stringField(item, 'call_id') ?? stringField(item, 'id') ?? `call-${++state.made}`;
  const name = stringField(item, 'name') ?? (type === 'local_shell_call' ? 'local_shell' : type);
  const input =
    type === 'local_shell_call' ? (objectField(item, 'action') ?? null) : decodeJsonString(ownField(item, 'arguments') ?? ownField(item, 'input') ?? null);
  state.last = 'waiting';
  state.replied = true;
  if (name === 'apply_patch' && typeof input === 'string') {
    const changes = patchChanges(input);
    if (changes[0] !== undefined) keepCallDetails(state.codex, id, { path: changes[0].path, changes });
    return announceTool(state.codex, { id, toolName: name, input: { patch: input }, displayName: fileChangeToolName(changes), arg: changes[0]?.path ?? '' });
  }
  const script = commandLine(type === 'local_shell_call' ? item.action : input);
  if (script === '') return announceTool(state.codex, { id, toolName: name, input });
  const readPath = fileReadTarget(script);
  if (readPath !== undefined) keepCallDetails(state.codex, id, { path: readPath, read: true });
  return announceTool(state.codex, { id, toolName: name, input, displayName: readPath === undefined ? undefined : 'Read', arg: readPath ?? script });
}

/*
 * Plain-text outputs that say a call failed before or instead of running (the
 * JSON and headed shapes carry an exit code instead). Codex's own wording:
 * ≤0.4x `handle_sandbox_error` (codex-rs/core/src/codex.rs) writes "failed in
 * sandbox <type> with execution error: sandbox denied exec error, ...",
 * "command timed out after <n> milliseconds", "exec command rejected by
 * user", "retry failed: ..." and "execution error: ..." (an I/O error such as
 * "Permission denied (os error 13)"); later `ToolEmitter::finish`
 * (codex-rs/core/src/tools/events.rs) keeps "execution error: ...", "exec
 * command rejected by user" and "patch rejected by user"; 0.171's
 * "exec_command failed: CreateProcess { ... Rejected(...) }", 0.130's
 * "exec_command failed for `<command>`: CreateProcess { ... }", 0.89's
 * "unsupported call: <tool>", "`<command>` rejected: blocked by policy" and
 * 0.44's "exec command rejected: \"dangerous command detected; ...\"" are
 * recorded (fixtures/codex-log/recorded/). Anchored at the start: a command's
 * own output that mentions a denial is not a failure of the call.
 */
const CALL_FAILED =
  /^(?:[a-z_]+ failed(?: for `[^`\n]*`)?: |unsupported call: |`[^`\n]*` rejected: |failed in sandbox |sandbox denied exec error|execution error: |retry failed: |command timed out after \d+ milliseconds|(?:exec command|patch) rejected by user|exec command rejected: )/;

/** A `*_output` item: the output string in either shape (see log-output.ts), joined to its call by `call_id`. */
function outputItem(state: CodexLogState, item: JsonObject, context: LineContext): DisplayEvent[] {
  const id = stringField(item, 'call_id');
  if (id === undefined) {
    context.malformed('tool output without call_id');
    return [];
  }
  const raw = ownField(item, 'output');
  // A function output may also be a list of content items; its text is the output.
  const text = typeof raw === 'string' ? raw : contentText(Array.isArray(raw) ? raw : [], ['input_text', 'output_text', 'text']);
  const parsed = parseRolloutOutput(text);
  const outcome = withCallDetails(state.codex, id, commandOutcome(undefined, parsed.exitCode, parsed.output));
  // A call Codex could not start, or that its sandbox or the user stopped, failed though no exit code says so.
  if (CALL_FAILED.test(text)) outcome.status = 'error';
  if (parsed.durationMs !== undefined) outcome.durationMs = parsed.durationMs;
  if (state.codex.tracker.has(id)) state.last = 'waiting';
  return finishTool(state.codex, id, outcome);
}

/**
 * A tool the Responses API ran on the server (`web_search_call`, `mcp_call`,
 * ...: the same items as the API's output, read by core): its call, and its
 * result once its status says it is over. `undefined` for any other item.
 */
function hostedItem(state: CodexLogState, item: JsonObject, type: string | undefined): DisplayEvent[] | undefined {
  // Items without an id (0.89's web_search_call) get one of their own.
  const fallback = stringField(item, 'id') === undefined ? `${type === 'web_search_call' ? 'web-search' : type}-${state.made + 1}` : '';
  const hosted = responsesHostedCall(item, fallback);
  if (hosted === undefined) return undefined;
  state.replied = true;
  if (fallback !== '') state.made += 1;
  const id = hosted.start.id ?? fallback;
  const events = announceTool(state.codex, { ...hosted.start, id });
  return hosted.outcome === undefined ? events : [...events, ...finishTool(state.codex, id, hosted.outcome)];
}

function unknownItem(type: string | undefined, context: LineContext): DisplayEvent[] {
  context.unknown(`unknown response item type "${type ?? '(none)'}"`);
  return [];
}

/**
 * One `response_item`: what the model saw or produced. User-role and
 * developer-role messages are the context Codex injects (environment,
 * AGENTS.md, IDE state) and the prompt again; the clean prompt is the
 * `user_message` event, so they are not shown, but in a rollout written
 * before the envelope, which has no such event (bare-rollout.ts).
 */
export function responseItem(state: CodexLogState, item: JsonObject, context: LineContext): DisplayEvent[] {
  const type = stringField(item, 'type');
  switch (type) {
    case 'message': {
      const role = stringField(item, 'role');
      if (role === 'user' && state.bare) return bareUserItem(state, contentText(arrayField(item, 'content'), ['input_text', 'text']), context);
      if (role !== 'assistant') {
        context.ignore(`${role ?? 'unknown'}-role message: context Codex gives the model; the prompt is its user_message event`);
        return [];
      }
      return textItem(state, 'text', [contentText(arrayField(item, 'content'), ['output_text', 'text'])], context);
    }
    case 'reasoning': {
      const summary = (arrayField(item, 'summary') ?? []).map((part) => stringField(part, 'text') ?? '').filter((text) => text !== '');
      return textItem(state, 'reasoning', summary, context);
    }
    case 'function_call':
    case 'custom_tool_call':
    case 'local_shell_call':
      return callItem(state, item, type);
    case 'function_call_output':
    case 'custom_tool_call_output':
      return outputItem(state, item, context);
    case 'ghost_snapshot':
      context.ignore('ghost_snapshot: undo bookkeeping');
      return [];
    default:
      return hostedItem(state, item, type) ?? unknownItem(type, context);
  }
}
