import {
  arrayField,
  createTextAssembler,
  createToolCallTracker,
  defineSource,
  isJsonObject,
  numberField,
  objectField,
  ownField,
  parseJson,
  stringField,
  type DisplayEvent,
  type DisplayEventSource,
  type FileChange,
  type JsonObject,
  type LineContext,
  type SessionEvent,
  type SessionStatus,
  type SourceParser,
} from '@x/core';
import { detectCopilot } from './detect.js';
import { copilotResultMetadata } from './result-metadata.js';
import { COPILOT_TOOL_ALIASES, resolveCopilotTool } from './tool-names.js';

/**
 * Types the 1.0.102 writer filters out of stdout (copilot.md §2, "Excluded
 * from stdout"). They still appear when a session-state `events.jsonl` is
 * replayed (quirk 9), so they are known and shown as nothing.
 */
const EXCLUDED_FROM_STDOUT = new Set([
  'session.idle',
  'session.title_changed',
  'session.usage_info',
  'session.truncation',
  'session.snapshot_rewind',
  'session.shutdown',
  'session.model_change',
  'session.mode_changed',
  'session.autopilot_objective_changed',
  'session.permissions_changed',
  'session.plan_changed',
  'session.workspace_file_changed',
  'session.context_changed',
  'session.compaction_start',
  'session.compaction_complete',
  'pending_messages.modified',
  'assistant.streaming_delta',
  'assistant.usage',
  'assistant.intent',
  'permission.requested',
  'permission.completed',
  'hook.start',
  'hook.end',
  'hook.progress',
  'system.message',
  'sandbox.decision',
]);

/** Families excluded from stdout as a whole (`user_input.*`, `skill.*`, …). */
const EXCLUDED_PREFIXES = ['user_input.', 'elicitation.', 'auto_mode_switch.', 'skill.'];

/** Known types that carry nothing to show, with the reason a diagnostic gives. */
const SHOWN_AS_NOTHING = new Map<string, string>([
  ['user.message', "the user's prompt"],
  ['assistant.turn_end', 'turn boundary'],
  ['assistant.message_start', 'message boundary; its text follows as deltas or the complete message'],
  ['assistant.tool_call_delta', 'partial tool arguments; the call is announced when complete'],
  ['tool.execution_partial_result', 'partial tool output; the complete result follows'],
  ['tool.shell_output', 'streamed shell output; the complete result follows'],
  ['tool.execution_progress', 'tool progress message'],
  ['subagent.started', 'subagent start; shown as its task tool call'],
  ['subagent.completed', 'subagent end; shown as its task tool result'],
  ['session.mcp_servers_loaded', 'MCP server status'],
  ['session.usage_checkpoint', 'premium-request checkpoint without token counts'],
]);

/** How many message and reasoning ids the delta bookkeeping remembers (each bounded by bytes: core's text assembler). */
const COVERAGE_LIMIT = 256;
/** Copilot's bookkeeping tool: it reports what the agent is doing, for Copilot's own status line. */
const REPORT_INTENT = 'report_intent';
/** How many `report_intent` calls without a result are remembered, so that their results can be dropped. */
const MAX_INTENT_CALLS = 64;

/** The one block of `reasoningShown`: all reasoning since the last message, in order. */
const SINCE_MESSAGE = 'since-message';

const FILE_EDIT_KINDS: Readonly<Record<string, FileChange['change']>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, FileChange['change']>, { create: 'created', edit: 'modified', delete: 'deleted' }),
);

function fileChanges(data: JsonObject): FileChange[] | undefined {
  const edits = arrayField(data, 'fileEdits');
  if (edits === undefined) return undefined;
  const changes: FileChange[] = [];
  for (const edit of edits) {
    const path = stringField(edit, 'path');
    const kind = stringField(edit, 'kind');
    const change = kind === undefined ? undefined : FILE_EDIT_KINDS[kind];
    if (path !== undefined && change !== undefined) changes.push({ path, change });
  }
  return changes;
}

function withParent<E extends DisplayEvent>(event: E, parent: string | undefined): E {
  if (parent !== undefined) event.parentToolUseId = parent;
  return event;
}

function unusableRequests(count: number): DisplayEvent {
  const what = count === 1 ? 'A tool request without toolCallId or name was' : `${count} tool requests without toolCallId or name were`;
  return { kind: 'notice', level: 'warning', message: `${what} left out`, code: 'unusable_tool_request' };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** Creates the parser of one Copilot stream (also the base of the session-log parser). */
export function createCopilotParser(): SourceParser {
  const tools = createToolCallTracker({ aliases: COPILOT_TOOL_ALIASES });
  // What deltas showed of each message and reasoning block, so that the
  // complete form adds only what they did not (prefix-checked).
  const messages = createTextAssembler({ maxBlocks: COVERAGE_LIMIT });
  const reasonings = createTextAssembler({ maxBlocks: COVERAGE_LIMIT });
  let seen = false;
  let ended = false;
  let sessionId: string | undefined;
  let model: string | undefined;
  let turns = 0;
  let outputTokens: number | undefined;
  let aborted = false;
  let fatalError = false;
  // Reasoning shown through `assistant.reasoning(_delta)` since the last
  // `assistant.message`, whose `reasoningText` repeats it.
  const reasoningShown = createTextAssembler({ maxBlocks: 1 });
  let reasoningId: string | undefined;

  const noteModel = (value: string | undefined) => {
    if (value !== undefined && value !== '') model = value;
  };

  // `report_intent` is Copilot's bookkeeping (the status line it shows), not work: its intent becomes a notice, its result nothing.
  const intents = new Set<string>();
  const intentNotice = (id: string, input: unknown, parent: string | undefined): DisplayEvent | undefined => {
    if (intents.has(id)) return undefined;
    intents.add(id);
    if (intents.size > MAX_INTENT_CALLS) intents.delete(intents.values().next().value as string);
    const intent = isJsonObject(input) ? nonEmpty(stringField(input, 'intent')) : undefined;
    return intent === undefined ? undefined : withParent({ kind: 'notice', level: 'info', code: 'intent', message: intent }, parent);
  };

  const announce = (call: { id: string; toolName: string; input: unknown; mcpServerName?: string | undefined; mcpToolName?: string | undefined; parent?: string | undefined }) => {
    if (call.toolName === REPORT_INTENT) return intentNotice(call.id, call.input, call.parent);
    // MCP calls and `str_replace_editor` are named from other fields than the tool name.
    const resolved = resolveCopilotTool({ toolName: call.toolName, input: call.input, mcpServerName: call.mcpServerName, mcpToolName: call.mcpToolName });
    return tools.start({ id: call.id, toolName: call.toolName, displayName: resolved.name, input: call.input, parentToolUseId: call.parent });
  };

  const startSession = (data: JsonObject, resumed: boolean): DisplayEvent[] => {
    ended = false;
    turns = 0;
    outputTokens = undefined;
    aborted = false;
    fatalError = false;
    noteModel(stringField(data, 'selectedModel'));
    const event: DisplayEvent = { kind: 'session', phase: 'start' };
    if (!resumed) sessionId = nonEmpty(stringField(data, 'sessionId')) ?? sessionId;
    if (sessionId !== undefined && !resumed) event.sessionId = sessionId;
    if (model !== undefined) event.model = model;
    const cwd = stringField(objectField(data, 'context'), 'cwd');
    if (cwd !== undefined) event.cwd = cwd;
    const version = stringField(data, 'copilotVersion');
    if (version !== undefined) event.agentVersion = version;
    const startTime = stringField(data, 'startTime');
    if (startTime !== undefined && !Number.isNaN(Date.parse(startTime))) event.timestamp = new Date(startTime).toISOString();
    return [event];
  };

  const closing = (status: SessionStatus, durationMs: number | undefined): DisplayEvent[] => {
    ended = true;
    const events: DisplayEvent[] = [];
    if (outputTokens !== undefined) {
      const usage: DisplayEvent = { kind: 'usage', cumulative: true, outputTokens };
      if (model !== undefined) usage.model = model;
      events.push(usage);
    }
    const end: DisplayEvent = { kind: 'session', phase: 'end', status };
    if (sessionId !== undefined) end.sessionId = sessionId;
    if (model !== undefined) end.model = model;
    if (durationMs !== undefined) end.durationMs = durationMs;
    if (turns > 0) end.turns = turns;
    events.push(end);
    return events;
  };

  const onResult = (line: JsonObject): DisplayEvent[] => {
    seen = true;
    sessionId = nonEmpty(stringField(line, 'sessionId')) ?? sessionId;
    const exitCode = numberField(line, 'exitCode');
    const success = ownField(line, 'success');
    const failed = exitCode !== undefined ? exitCode !== 0 : success === false;
    const events: DisplayEvent[] = [];
    if (failed && !fatalError && !aborted) {
      const error: DisplayEvent = { kind: 'error', message: exitCode === undefined ? 'Copilot reported failure' : `Copilot exited with code ${exitCode}`, fatal: true };
      if (exitCode !== undefined) error.code = String(exitCode);
      events.push(error);
    }
    const status: SessionStatus = aborted ? 'cancelled' : failed || (fatalError && exitCode === undefined) ? 'error' : 'success';
    const usage = objectField(line, 'usage');
    const closed = closing(status, numberField(usage, 'sessionDurationMs'));
    const metadata = copilotResultMetadata(usage);
    // The session end is the last event closing() returns.
    if (metadata !== undefined) (closed[closed.length - 1] as SessionEvent).providerMetadata = { copilot: metadata };
    events.push(...closed);
    return events;
  };

  const onAssistantMessage = (data: JsonObject, envelopeId: string | undefined, context: LineContext): DisplayEvent[] => {
    const content = stringField(data, 'content');
    const requests = arrayField(data, 'toolRequests');
    if (content === undefined && requests === undefined) {
      context.malformed('assistant.message without content or toolRequests');
      return [];
    }
    const parent = stringField(data, 'parentToolCallId');
    const messageId = nonEmpty(stringField(data, 'messageId')) ?? envelopeId ?? 'message';
    const events: DisplayEvent[] = [];
    noteModel(stringField(data, 'model'));
    const tokens = numberField(data, 'outputTokens');
    if (tokens !== undefined) outputTokens = (outputTokens ?? 0) + tokens;

    const reasoningText = stringField(data, 'reasoningText');
    const text = reasoningText === undefined ? '' : reasoningShown.copy(SINCE_MESSAGE, reasoningText, true).added;
    if (text !== '') events.push(withParent({ kind: 'reasoning', id: reasoningId ?? `${messageId}:reasoning`, text }, parent));
    reasoningShown.clear();
    reasoningId = undefined;

    if (content !== undefined) {
      const text = messages.copy(messageId, content, false).added;
      if (text !== '') events.push(withParent({ kind: 'text', id: messageId, text }, parent));
    }

    let badRequests = 0;
    for (const request of requests ?? []) {
      const id = stringField(request, 'toolCallId');
      const toolName = stringField(request, 'name');
      if (id === undefined || toolName === undefined) {
        badRequests += 1;
        continue;
      }
      const event = announce({
        id,
        toolName,
        input: ownField(request, 'arguments'),
        mcpServerName: stringField(request, 'mcpServerName'),
        mcpToolName: stringField(request, 'mcpToolName'),
        parent,
      });
      if (event !== undefined) events.push(event);
    }
    if (events.length === 0 && badRequests > 0) {
      context.malformed('tool request without toolCallId or name');
    } else if (badRequests > 0) {
      // The line shows something else, so a diagnostic would not be counted: the dropped requests are a warning instead.
      events.push(withParent(unusableRequests(badRequests), parent));
    } else if (events.length === 0) {
      context.ignore(content === '' ? 'assistant message with no text and no new tool calls' : 'text already shown from its deltas');
    }
    return events;
  };

  const onToolComplete = (data: JsonObject, context: LineContext): DisplayEvent[] => {
    const id = stringField(data, 'toolCallId');
    if (id === undefined) {
      context.malformed('tool.execution_complete without toolCallId');
      return [];
    }
    noteModel(stringField(data, 'model'));
    if (intents.delete(id)) {
      context.ignore('report_intent result: the intent was shown as a notice');
      return [];
    }
    const error = objectField(data, 'error');
    const success = ownField(data, 'success');
    const failed = success === false || (success !== true && error !== undefined);
    const errorMessage = stringField(error, 'message');
    const result = objectField(data, 'result');
    // The error message goes to details only: taken as output it would pass
    // for the content of a Read that failed.
    const output = stringField(result, 'content') ?? stringField(result, 'detailedContent');
    const event = tools.finish(id, {
      status: failed ? 'error' : 'success',
      output,
      errorMessage: failed ? errorMessage : undefined,
      exitCode: numberField(objectField(data, 'shellExecution'), 'exitCode'),
      changes: fileChanges(data),
      parentToolUseId: stringField(data, 'parentToolCallId'),
    });
    if (event === undefined) {
      context.ignore('tool result already reported');
      return [];
    }
    return [event];
  };

  const onEvent = (type: string, data: JsonObject, line: JsonObject, context: LineContext): DisplayEvent[] => {
    const parent = stringField(data, 'parentToolCallId');
    switch (type) {
      case 'session.start':
        return startSession(data, false);
      case 'session.resume':
        return startSession(data, true);
      case 'assistant.turn_start':
        noteModel(stringField(data, 'model'));
        if (parent === undefined) turns += 1;
        context.ignore('turn boundary');
        return [];
      case 'assistant.message_delta': {
        const messageId = stringField(data, 'messageId');
        const delta = stringField(data, 'deltaContent');
        if (messageId === undefined || delta === undefined) {
          context.malformed('assistant.message_delta without messageId or deltaContent');
          return [];
        }
        messages.delta(messageId, delta);
        if (delta === '') {
          context.ignore('empty delta');
          return [];
        }
        return [withParent({ kind: 'text', id: messageId, text: delta }, parent)];
      }
      case 'assistant.message':
        return onAssistantMessage(data, stringField(line, 'id'), context);
      case 'assistant.reasoning_delta':
      case 'assistant.reasoning': {
        const id = stringField(data, 'reasoningId');
        const isDelta = type === 'assistant.reasoning_delta';
        const text = stringField(data, isDelta ? 'deltaContent' : 'content');
        if (id === undefined || text === undefined) {
          context.malformed(`${type} without reasoningId or ${isDelta ? 'deltaContent' : 'content'}`);
          return [];
        }
        const shown = isDelta ? reasonings.delta(id, text) : reasonings.copy(id, text, false).added;
        reasoningShown.delta(SINCE_MESSAGE, shown);
        reasoningId = id;
        if (shown === '') {
          context.ignore('reasoning already shown from its deltas');
          return [];
        }
        return [withParent({ kind: 'reasoning', id, text: shown }, parent)];
      }
      case 'tool.execution_start': {
        const id = stringField(data, 'toolCallId');
        const toolName = stringField(data, 'toolName');
        if (id === undefined || toolName === undefined) {
          context.malformed('tool.execution_start without toolCallId or toolName');
          return [];
        }
        const event = announce({
          id,
          toolName,
          input: ownField(data, 'arguments'),
          mcpServerName: stringField(data, 'mcpServerName'),
          mcpToolName: stringField(data, 'mcpToolName'),
          parent,
        });
        if (event === undefined) {
          context.ignore('tool call already announced by its tool request');
          return [];
        }
        return [event];
      }
      case 'tool.execution_complete':
        return onToolComplete(data, context);
      case 'session.error': {
        fatalError = true;
        const errorType = stringField(data, 'errorType');
        const message = nonEmpty(stringField(data, 'message')) ?? errorType ?? 'Copilot session error';
        // In prompt mode the agent loop stops on a session error and the
        // process exits non-zero (multica treats it as the run failing).
        const event: DisplayEvent = { kind: 'error', message, fatal: true };
        if (errorType !== undefined) event.code = errorType;
        return [event];
      }
      case 'session.warning':
      case 'session.info': {
        const message = stringField(data, 'message');
        if (message === undefined || message === '') {
          context.malformed(`${type} without a message`);
          return [];
        }
        const warning = type === 'session.warning';
        const event: DisplayEvent = { kind: 'notice', level: warning ? 'warning' : 'info', message };
        const code = stringField(data, warning ? 'warningType' : 'infoType');
        if (code !== undefined) event.code = code;
        return [withParent(event, parent)];
      }
      case 'session.task_complete': {
        const outcome = stringField(data, 'outcome');
        const unsuccessful = ownField(data, 'success') === false || outcome === 'blocked';
        const message = nonEmpty(stringField(data, 'summary')) ?? nonEmpty(stringField(data, 'reason')) ?? 'Task complete';
        return [{ kind: 'notice', level: unsuccessful ? 'warning' : 'info', message, code: outcome ?? 'task_complete' }];
      }
      case 'subagent.failed': {
        const toolCallId = stringField(data, 'toolCallId');
        const agent = stringField(data, 'agentDisplayName') ?? stringField(data, 'agentName') ?? 'subagent';
        const message = nonEmpty(stringField(data, 'error')) ?? `The ${agent} subagent failed`;
        return [withParent({ kind: 'error', message, fatal: false, code: 'subagent_failed' }, toolCallId ?? parent)];
      }
      case 'abort': {
        aborted = true;
        const reason = stringField(data, 'reason');
        const event: DisplayEvent = { kind: 'notice', level: 'warning', message: reason === undefined ? 'The run was aborted' : `The run was aborted (${reason})` };
        if (reason !== undefined) event.code = reason;
        return [event];
      }
    }
    const reason = SHOWN_AS_NOTHING.get(type);
    if (reason !== undefined) {
      context.ignore(reason);
    } else if (type.startsWith('model.')) {
      context.ignore('model call telemetry');
    } else if (EXCLUDED_FROM_STDOUT.has(type) || EXCLUDED_PREFIXES.some((prefix) => type.startsWith(prefix))) {
      context.ignore(`${type} is not written to stdout (a session-state events.jsonl line)`);
    } else {
      context.unknown(`unknown event type "${type}"${ownField(line, 'ephemeral') === true ? ' (ephemeral)' : ''}`);
    }
    return [];
  };

  const parseLine = (line: string, context: LineContext): DisplayEvent[] => {
    const parsed = parseJson(line);
    if (parsed === undefined) {
      context.malformed('not JSON');
      return [];
    }
    const value = parsed.value;
    if (!isJsonObject(value)) {
      context.malformed('not a JSON object');
      return [];
    }
    const type = stringField(value, 'type');
    if (type === undefined) {
      context.malformed('no "type" field');
      return [];
    }
    if (type === 'result') return onResult(value);
    const data = ownField(value, 'data');
    if (!isJsonObject(data)) {
      context.malformed(`"${type}" event without a "data" object`);
      return [];
    }
    seen = true;
    return onEvent(type, data, value, context);
  };

  return {
    parse: parseLine,
    flush() {
      if (!seen || ended) return [];
      return closing('incomplete', undefined);
    },
  };
}

/**
 * Creates the source of GitHub Copilot CLI's `copilot -p … --output-format
 * json` JSONL (CLI 0.0.422 and later): one session event per line, then a
 * `result` line at exit. It streams: each line's events come as the line
 * arrives.
 */
export function createCopilotSource(): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'copilot',
    displayName: 'GitHub Copilot CLI',
    cadence: 'streaming',
    detect: detectCopilot,
    createParser: createCopilotParser,
  });
}

/** The default Copilot source instance. */
export const copilotSource: DisplayEventSource = createCopilotSource();
