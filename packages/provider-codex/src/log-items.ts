import { type DisplayEvent, type LineContext } from '@x/core';
import {
  arrayField,
  decodeJsonString,
  objectField,
  ownField,
  stringField,
  type JsonObject,
  type ToolCallOutcome,
} from '@x/core/provider-utils';
import { parseRolloutOutput, patchChanges } from './log-output.js';
import type { CodexLogState } from './log-state.js';
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

/** A response item's text (assistant message, reasoning summary), unless an event copy already showed it. */
function textItem(state: CodexLogState, kind: 'text' | 'reasoning', texts: string[], context: LineContext): DisplayEvent[] {
  const held = state.echoes;
  // The event copies (`agent_message`, `agent_reasoning`) this item makes redundant.
  state.echoes = held.filter((echo) => echo.kind !== kind || !texts.includes(echo.text));
  const text = kind === 'text' ? texts.join('') : texts.join('\n\n');
  if (text.trim() === '') {
    context.ignore(`${kind === 'text' ? 'assistant message' : 'reasoning'} item with no text (reasoning kept encrypted, or an empty message)`);
    return [];
  }
  state.shown[kind] = texts[texts.length - 1] ?? '';
  if (kind === 'text') {
    state.codex.lastMessage = text;
    state.last = 'answer';
  }
  return [{ kind, id: `${kind === 'text' ? 'message' : 'reasoning'}-${++state.made}`, text }];
}

/** A call item (`function_call`, `custom_tool_call`, `local_shell_call`), announced once. */
function callItem(state: CodexLogState, item: JsonObject, type: string): DisplayEvent[] {
  const id = stringField(item, 'call_id') ?? stringField(item, 'id') ?? `call-${++state.made}`;
  const name = stringField(item, 'name') ?? (type === 'local_shell_call' ? 'local_shell' : type);
  const input =
    type === 'local_shell_call' ? (objectField(item, 'action') ?? null) : decodeJsonString(ownField(item, 'arguments') ?? ownField(item, 'input') ?? null);
  state.last = 'waiting';
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

const CALL_FAILED = /^(?:[a-z_]+ failed: |unsupported call: |`[^`\n]*` rejected: )/;

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
  // A call Codex could not start failed, though no exit code says so: 0.171's
  // "exec_command failed: CreateProcess { ... Rejected(...) }" (refused by its policy or
  // sandbox), 0.89's "unsupported call: <tool>" (a tool it does not have) and
  // "`<command>` rejected: blocked by policy" (recorded: fixtures/codex-log/recorded/).
  if (CALL_FAILED.test(text)) outcome.status = 'error';
  if (parsed.durationMs !== undefined) outcome.durationMs = parsed.durationMs;
  if (state.codex.tracker.has(id)) state.last = 'waiting';
  return finishTool(state.codex, id, outcome);
}

/**
 * One `response_item`: what the model saw or produced. User-role and
 * developer-role messages are the context Codex injects (environment,
 * AGENTS.md, IDE state) and the prompt again; the clean prompt is the
 * `user_message` event, so they are not shown.
 */
export function responseItem(state: CodexLogState, item: JsonObject, context: LineContext): DisplayEvent[] {
  const type = stringField(item, 'type');
  switch (type) {
    case 'message': {
      const role = stringField(item, 'role');
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
    case 'web_search_call': {
      const action = objectField(item, 'action');
      const target = stringField(action, 'query') ?? stringField(action, 'url') ?? '';
      const id = stringField(item, 'id') ?? `web-search-${++state.made}`;
      const status: ToolCallOutcome['status'] = stringField(item, 'status') === 'failed' ? 'error' : 'success';
      return [...announceTool(state.codex, { id, toolName: 'web_search', input: action ?? null, arg: target }), ...finishTool(state.codex, id, { status })];
    }
    case 'ghost_snapshot':
      context.ignore('ghost_snapshot: undo bookkeeping');
      return [];
    default:
      context.unknown(`unknown response item type "${type ?? '(none)'}"`);
      return [];
  }
}
