import {
  RUN_OUTCOME_MAX_MESSAGE_CHARS,
  type DisplayEvent,
  type ErrorDisplayEvent,
  type LineContext,
  type NoticeDisplayEvent,
  type ReasoningDisplayEvent,
  type SessionDisplayEvent,
  type SourceParser,
  type TextDisplayEvent,
} from '@x/core';
import {
  compactKey,
  createBoundedText,
  createJsonDocumentReader,
  createRecentMap,
  createTextAssembler,
  createToolCallTracker,
  isJsonObject,
  ownField,
  parseJson,
  previewToolInput,
  stringField,
  type JsonObject,
  type ToolCallStart,
} from '@x/core/provider-utils';
import type { z } from 'zod';
import { controlRequestEvents, rateLimitEvents, systemEvents } from './notices.js';
import { MAX_BLOCKS_PER_MESSAGE, MAX_THREADS, MAX_TOOL_JSON_CHARS, setBounded, takeStreamedBlock, type StreamedBlock, type StreamedMessage } from './stream-blocks.js';
import { claudeToolAliases } from './tool-names.js';
import { toolResultOutcome } from './tool-results.js';
import { streamUserEvents } from './user-prompt.js';
import { createUsageCollector, resultUsage } from './usage.js';
import {
  claudeAssistantSchema,
  claudeInitSchema,
  claudeRateLimitSchema,
  claudeResultSchema,
  claudeStreamEventSchema,
  claudeUserSchema,
  type ClaudeAssistantLine,
  type ClaudeStreamEventLine,
  type ClaudeUserLine,
} from './wire-schema.js';
import { isAssistantLine, isStreamEventLine, isUserLine } from './wire-check.js';

/** Top-level types that are protocol or progress, shown as nothing. */
const QUIET_TYPES = new Map([
  ['keep_alive', 'keep-alive'],
  ['control_response', 'control protocol'],
  ['control_cancel_request', 'control protocol'],
  ['tool_progress', 'tool progress heartbeat'],
  ['tool_use_summary', 'summary of tool calls already shown'],
  ['prompt_suggestion', 'suggested next prompt'],
  ['conversation_reset', 'conversation reset'],
  ['active_goal', 'goal state'],
]);

/** A line the CLI writes to stderr when it fails, such as `Error: No messages returned from query`. */
const STDERR_ERROR = /^Error: (.+)$/;

const blockId = (messageId: string, index: number) => `${messageId}:${index}`;

/** Where a line departs from its schema, for the diagnostic. */
const issuePath = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue === undefined || issue.path.length === 0 ? 'not an object' : `field ${issue.path.join('.')}`;
};

/** A thread is the main conversation (`''`) or one subagent, keyed by the tool call that started it. */
const threadOf = (parentToolUseId: string | undefined) => parentToolUseId ?? '';

/**
 * The state of one Claude Code stream: which tool calls were announced, what
 * the partial-message deltas already showed, the text of the final message,
 * and the usage of a run that may end without its `result`.
 */
export function createClaudeParser(): SourceParser {
  const reader = createJsonDocumentReader();
  const tools = createToolCallTracker({ aliases: claudeToolAliases });
  const usage = createUsageCollector();
  /** Canonical names of calls still open, to read their `tool_use_result` (by compact key, at most a thousand). */
  const openCalls = new Map<string, string>();
  /** What the deltas of each streamed text or thinking block showed, by block id (bounded by bytes). */
  const streamedText = createTextAssembler();
  /** The message each thread is streaming (`--include-partial-messages`). */
  const streams = new Map<string, StreamedMessage>();
  /** Per thread, the message whose complete lines are arriving and how many blocks they carried so far. */
  const lineBlocks = new Map<string, { messageId: string; next: number }>();

  let sessionOpen = false;
  /** A conversation line arrived since the last `result`: the stream owes a session end. */
  let owesEnd = false;
  let sessionId: string | undefined;
  let model: string | undefined;
  /** Main-thread text was shown in this turn. */
  let turnHadText = false;
  /** The text of the turn's latest main-thread message, rebuilt from its blocks (quirks 4 and 5). */
  let finalText = { messageId: '', blockId: '', text: createBoundedText(RUN_OUTCOME_MAX_MESSAGE_CHARS) };
  /** Error messages shown in this turn (compact keys), so that a result restating one does not show it twice. */
  let turnErrors = createRecentMap<string, true>(64);
  let synthetic = 0;

  const noteText = (event: TextDisplayEvent, messageId: string) => {
    if (event.parentToolUseId !== undefined) return;
    turnHadText = true;
    if (finalText.messageId !== messageId) finalText = { messageId, blockId: '', text: createBoundedText(RUN_OUTCOME_MAX_MESSAGE_CHARS) };
    // Joined the way DisplayOutput joins blocks, so the result reads as the run showed it.
    const kept = finalText.text.text;
    const separator = kept !== '' && finalText.blockId !== event.id && !kept.endsWith('\n') ? '\n' : '';
    finalText.text.append(separator + event.text);
    finalText.blockId = event.id;
  };

  const textEvent = (kind: 'text' | 'reasoning', id: string, text: string, parent: string | undefined, messageId: string): TextDisplayEvent | ReasoningDisplayEvent => {
    const event: TextDisplayEvent | ReasoningDisplayEvent = { kind, id, text };
    if (parent !== undefined) event.parentToolUseId = parent;
    if (event.kind === 'text') noteText(event, messageId);
    return event;
  };

  /**
   * Announces a call. Claude restates a call only before its result (the
   * complete line after the deltas), so an id already finished is another
   * call (`idReuse: 'new-call'`), never lost. A block whose name is not a
   * string is still a call, shown as `Tool` after a warning that says why.
   */
  const startTool = (id: string | undefined, name: unknown, input: unknown, parent: string | undefined, events: DisplayEvent[]): void => {
    const call: ToolCallStart = { id, toolName: typeof name === 'string' ? name : 'Tool', input, parentToolUseId: parent, idReuse: 'new-call' };
    const event = tools.start(call);
    if (event === undefined) return;
    if (typeof name !== 'string') {
      const notice: NoticeDisplayEvent = { kind: 'notice', level: 'warning', message: `A tool_use block (id ${event.id}) has no tool name (${name === undefined ? 'missing' : name === null ? 'null' : `a ${typeof name}`}); shown as "Tool"`, code: 'tool_without_name' };
      if (parent !== undefined) notice.parentToolUseId = parent;
      events.push(notice);
    }
    setBounded(openCalls, compactKey(event.id), event.name, 1_000);
    events.push(event);
  };

  /** Events of one complete content block of an `assistant` line. */
  const completeBlock = (block: unknown, messageId: string, index: number, parent: string | undefined, events: DisplayEvent[]) => {
    const type = stringField(block, 'type');
    if (type === 'tool_use') {
      startTool(stringField(block, 'id'), ownField(block, 'name'), ownField(block, 'input'), parent, events);
      return;
    }
    // redacted_thinking and signatures are opaque; other block types have no text.
    if (type !== 'text' && type !== 'thinking') return;
    const full = stringField(block, type) ?? '';
    const kind = type === 'text' ? 'text' : 'reasoning';
    const stream = streams.get(threadOf(parent));
    const streamed = stream?.messageId === messageId ? takeStreamedBlock(stream, type) : undefined;
    if (streamed !== undefined) {
      // The deltas showed this block already; add only what they missed.
      const rest = streamedText.copy(blockId(messageId, streamed.index), full, true).added;
      if (rest !== '') events.push(textEvent(kind, blockId(messageId, streamed.index), rest, parent, messageId));
      return;
    }
    if (full !== '') events.push(textEvent(kind, blockId(messageId, index), full, parent, messageId));
  };

  /*
   * The hot line types are checked by hand first (wire-check.ts: the same
   * acceptance as the schema, without the copy zod builds); the schema runs
   * only for a line that fails, to say what is wrong with it.
   */
  const assistant = (line: JsonObject, context: LineContext): DisplayEvent[] => {
    let parsed: ClaudeAssistantLine;
    if (isAssistantLine(line)) {
      parsed = line;
    } else {
      const checked = claudeAssistantSchema.safeParse(line);
      if (!checked.success) {
        context.malformed(`assistant line of the wrong shape (${issuePath(checked.error)})`);
        return [];
      }
      parsed = checked.data;
    }
    const message = parsed.message;
    owesEnd = true;
    sessionId ??= parsed.session_id ?? undefined;
    const parent = parsed.parent_tool_use_id ?? undefined;
    const messageId = message.id ?? `line-${context.lineNumber}`;
    usage.record(messageId, message.usage, message.model ?? undefined, parent);
    const content = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (!Array.isArray(content)) {
      context.malformed('assistant message without a content array');
      return [];
    }
    if (parsed.error) {
      // A synthetic line the CLI writes for an API failure: its text is the error message.
      const text = content.map((block) => stringField(block, 'text') ?? '').join('').trim();
      const error: ErrorDisplayEvent = { kind: 'error', message: text || `API error: ${parsed.error}`, fatal: false, code: parsed.error };
      if (parent !== undefined) error.parentToolUseId = parent;
      turnErrors.set(compactKey(error.message), true);
      return [error];
    }
    const thread = threadOf(parent);
    let counter = lineBlocks.get(thread);
    if (counter?.messageId !== messageId) {
      counter = { messageId, next: 0 };
      setBounded(lineBlocks, thread, counter, MAX_THREADS);
    }
    const events: DisplayEvent[] = [];
    for (const block of content) completeBlock(block, messageId, counter.next++, parent, events);
    if (events.length === 0) context.ignore('assistant line with nothing new to show (redacted thinking, empty or already streamed blocks)');
    return events;
  };

  const user = (line: JsonObject, context: LineContext): DisplayEvent[] => {
    let parsed: ClaudeUserLine;
    if (isUserLine(line)) {
      parsed = line;
    } else {
      const checked = claudeUserSchema.safeParse(line);
      if (!checked.success) {
        context.malformed(`user line of the wrong shape (${issuePath(checked.error)})`);
        return [];
      }
      parsed = checked.data;
    }
    const content = parsed.message.content;
    // Typed input, echoed with --replay-user-messages: a prompt event.
    const typed = streamUserEvents(line, content, parsed.parent_tool_use_id, context);
    if (typed !== undefined) return typed;
    if (!Array.isArray(content)) {
      context.malformed('user line without a message content array');
      return [];
    }
    owesEnd = true;
    sessionId ??= parsed.session_id ?? undefined;
    const parent = parsed.parent_tool_use_id ?? undefined;
    const results = content.filter((block): block is JsonObject => stringField(block, 'type') === 'tool_result');
    // tool_use_result belongs to the line; with several results it cannot be told whose it is.
    const rich = results.length === 1 ? parsed.tool_use_result : undefined;
    const events: DisplayEvent[] = [];
    for (const block of results) {
      const id = stringField(block, 'tool_use_id');
      if (id === undefined) continue;
      const outcome = toolResultOutcome(block, openCalls.get(compactKey(id)), rich);
      if (!tools.has(id) && parent !== undefined) outcome.parentToolUseId = parent;
      const event = tools.finish(id, outcome);
      openCalls.delete(compactKey(id));
      // A finished Agent/Task call ends its subagent's thread.
      streams.delete(id);
      lineBlocks.delete(id);
      if (event !== undefined) events.push(event);
    }
    if (events.length === 0) context.ignore('user message without new tool results (prompt text is not shown)');
    return events;
  };

  const streamEvent = (line: JsonObject, context: LineContext): DisplayEvent[] => {
    let parsed: ClaudeStreamEventLine;
    if (isStreamEventLine(line)) {
      parsed = line;
    } else {
      const checked = claudeStreamEventSchema.safeParse(line);
      if (!checked.success) {
        context.malformed(`stream_event line of the wrong shape (${issuePath(checked.error)})`);
        return [];
      }
      parsed = checked.data;
    }
    const event = parsed.event;
    owesEnd = true;
    const parent = parsed.parent_tool_use_id ?? undefined;
    const thread = threadOf(parent);
    const stream = streams.get(thread);
    const index = event.index ?? undefined;
    switch (event.type) {
      case 'message_start': {
        const message = event.message;
        const messageId = stringField(message, 'id') ?? `stream-${context.lineNumber}`;
        setBounded(streams, thread, { messageId, blocks: new Map() }, MAX_THREADS);
        usage.record(messageId, ownField(message, 'usage'), stringField(message, 'model'), parent);
        context.ignore('message_start: the blocks follow');
        return [];
      }
      case 'content_block_start': {
        const start = event.content_block;
        const type = stringField(start, 'type');
        if (stream === undefined || index === undefined || type === undefined) break;
        if (stream.blocks.size >= MAX_BLOCKS_PER_MESSAGE && !stream.blocks.has(index)) {
          context.ignore(`content block past the ${MAX_BLOCKS_PER_MESSAGE} tracked per message: its complete line shows it`);
          return [];
        }
        const block: StreamedBlock = { index, type, matched: false, json: '' };
        if (type === 'tool_use') {
          block.toolId = stringField(start, 'id');
          block.toolName = ownField(start, 'name');
        }
        stream.blocks.set(index, block);
        const initial = type === 'text' || type === 'thinking' ? stringField(start, type) : undefined;
        if (initial) return deltaText(stream, block, initial, parent);
        break;
      }
      case 'content_block_delta': {
        const delta = event.delta;
        const block = stream !== undefined && index !== undefined ? stream.blocks.get(index) : undefined;
        if (stream === undefined || block === undefined || block.matched) break;
        const deltaType = stringField(delta, 'type');
        if (deltaType === 'text_delta' || deltaType === 'thinking_delta') {
          const text = stringField(delta, deltaType === 'text_delta' ? 'text' : 'thinking');
          if (text) return deltaText(stream, block, text, parent);
        } else if (deltaType === 'input_json_delta') {
          const fragment = stringField(delta, 'partial_json') ?? '';
          // Past the bound the fragments are dropped: the complete line, or no input, announces the call.
          block.json = block.json !== undefined && block.json.length + fragment.length <= MAX_TOOL_JSON_CHARS ? block.json + fragment : undefined;
          context.ignore('tool input fragment: the call is shown when its input is complete');
          return [];
        }
        break;
      }
      case 'content_block_stop': {
        const block = stream !== undefined && index !== undefined ? stream.blocks.get(index) : undefined;
        if (block?.type !== 'tool_use') break;
        const json = block.json ?? '';
        block.json = '';
        // The complete assistant line usually came first; if not, the fragments are the input.
        const input = json.trim() === '' ? {} : (parseJson(json)?.value ?? {});
        const events: DisplayEvent[] = [];
        startTool(block.toolId, block.toolName, input, parent, events);
        if (events.length > 0) return events;
        break;
      }
      case 'message_delta':
        if (stream !== undefined) usage.recordDelta(stream.messageId, event.usage, parent);
        break;
    }
    context.ignore(`stream event ${event.type ?? '(no type)'}: nothing new to show`);
    return [];
  };

  const deltaText = (stream: StreamedMessage, block: StreamedBlock, text: string, parent: string | undefined): DisplayEvent[] => {
    const id = blockId(stream.messageId, block.index);
    streamedText.delta(id, text);
    const kind = block.type === 'text' ? 'text' : 'reasoning';
    return [textEvent(kind, id, text, parent, stream.messageId)];
  };

  const init = (line: JsonObject, context: LineContext): DisplayEvent[] => {
    const parsed = claudeInitSchema.parse(line);
    owesEnd = true;
    model = parsed.model ?? model;
    sessionId = parsed.session_id ?? sessionId;
    if (sessionOpen) {
      context.ignore('system/init repeated within an open turn');
      return [];
    }
    sessionOpen = true;
    const start: SessionDisplayEvent = { kind: 'session', phase: 'start' };
    if (parsed.session_id !== undefined) start.sessionId = parsed.session_id;
    if (parsed.model !== undefined) start.model = parsed.model;
    if (parsed.cwd !== undefined) start.cwd = parsed.cwd;
    if (parsed.claude_code_version !== undefined) start.agentVersion = parsed.claude_code_version;
    return [start];
  };

  const result = (line: JsonObject): DisplayEvent[] => {
    const parsed = claudeResultSchema.parse(line);
    const events: DisplayEvent[] = [];
    const failed = parsed.is_error === true || (parsed.subtype !== undefined && parsed.subtype !== 'success');
    const wireText = parsed.result;
    if (!failed && !turnHadText && wireText) {
      // Nothing was streamed (`--output-format json` without --verbose): the result is the answer.
      const text: TextDisplayEvent = { kind: 'text', id: `result:${parsed.uuid ?? ++synthetic}`, text: wireText };
      noteText(text, text.id);
      events.push(text);
    }
    for (const denial of parsed.permission_denials ?? []) {
      const tool = stringField(denial, 'tool_name');
      if (tool === undefined) continue;
      const arg = previewToolInput(ownField(denial, 'tool_input'));
      const denied: NoticeDisplayEvent = { kind: 'notice', level: 'warning', message: `Permission denied for ${tool}${arg ? `: ${arg}` : ''}`, code: 'permission_denied' };
      events.push(denied);
    }
    if (failed) {
      const errors = (parsed.errors ?? []).filter((error): error is string => typeof error === 'string' && error.trim() !== '');
      const message = errors.length > 0 ? errors.join('\n') : wireText || `The run ended with ${parsed.subtype ?? 'an error'}`;
      if (!turnErrors.has(compactKey(message))) {
        events.push({ kind: 'error', message, fatal: true, code: parsed.subtype === 'success' || parsed.subtype === undefined ? 'api_error' : parsed.subtype });
      }
    }
    const used = resultUsage(parsed, model);
    if (used !== undefined) events.push(used);
    const end: SessionDisplayEvent = { kind: 'session', phase: 'end' };
    const id = parsed.session_id ?? sessionId;
    if (id !== undefined) end.sessionId = id;
    end.status = parsed.terminal_reason?.startsWith('aborted') ? 'cancelled' : failed ? 'error' : 'success';
    if (parsed.duration_ms !== undefined) end.durationMs = parsed.duration_ms;
    if (parsed.num_turns !== undefined) end.turns = parsed.num_turns;
    // result.result can hold only the first chunk of the answer, or be empty (quirks 4, 5): prefer the text shown.
    const finalResult = failed ? wireText : finalText.text.text || wireText;
    if (finalResult) end.result = finalResult;
    events.push(end);

    sessionOpen = false;
    owesEnd = false;
    turnHadText = false;
    finalText = { messageId: '', blockId: '', text: createBoundedText(RUN_OUTCOME_MAX_MESSAGE_CHARS) };
    turnErrors = createRecentMap(64);
    usage.reset();
    return events;
  };

  /** Events of one message object (a line, or an item of a `--verbose` JSON array). */
  const message = (value: unknown, context: LineContext): DisplayEvent[] => {
    if (!isJsonObject(value)) {
      context.malformed('JSON value that is not a message object');
      return [];
    }
    const type = stringField(value, 'type');
    switch (type) {
      case 'assistant':
        return assistant(value, context);
      case 'user':
        return user(value, context);
      case 'stream_event':
        return streamEvent(value, context);
      case 'result':
        return result(value);
      case 'system': {
        const subtype = stringField(value, 'subtype');
        return subtype === 'init' ? init(value, context) : systemEvents(value, subtype, context);
      }
      case 'rate_limit_event':
        return rateLimitEvents(claudeRateLimitSchema.parse(value), context);
      case 'control_request':
        return controlRequestEvents(value, context);
      case 'auth_status': {
        const error = stringField(value, 'error');
        if (error) return [{ kind: 'error', message: error, fatal: false, code: 'auth_status' }];
        context.ignore('auth_status: authentication progress');
        return [];
      }
      case 'message':
      case undefined:
        return legacy(value, context);
    }
    const quiet = QUIET_TYPES.get(type);
    if (quiet !== undefined) {
      context.ignore(`${type}: ${quiet}`);
      return [];
    }
    context.unknown(`unknown message type "${type}"`);
    return [];
  };

  /**
   * Flat API messages, `{ role, content }`, as CLIs before 0.2.117 printed them
   * (claude.md quirk 2): read as the `message` of an assistant or user line.
   */
  const legacy = (value: JsonObject, context: LineContext): DisplayEvent[] => {
    const role = stringField(value, 'role');
    if (role === 'assistant') return assistant({ type: 'assistant', message: value }, context);
    if (role === 'user') return user({ type: 'user', message: value }, context);
    context.malformed(Object.hasOwn(value, 'type') ? 'flat message without an assistant or user role' : 'object without a "type" field');
    return [];
  };

  return {
    parse(line, context) {
      const read = reader.read(line, context);
      if (read.status === 'pending') {
        context.ignore('part of a multi-line JSON document that is still open');
        return [];
      }
      if (read.status === 'invalid') {
        // The CLI's own failures go to stderr as `Error: ...` (claude.md: "error <- non-JSON stderr"), here when it was merged in.
        const stderr = read.reason === 'not JSON' ? STDERR_ERROR.exec(line) : null;
        if (stderr?.[1]) return [{ kind: 'error', message: stderr[1], fatal: false, code: 'stderr' }];
        context.malformed(read.reason === 'not JSON' ? 'not JSON (stderr or other output on stdout?)' : read.reason);
        return [];
      }
      if (!Array.isArray(read.value)) return message(read.value, context);
      // `--output-format json --verbose`: every message of the run in one array.
      const events: DisplayEvent[] = [];
      for (const item of read.value) for (const event of message(item, context)) events.push(event);
      if (events.length === 0) context.ignore('JSON array with nothing to show');
      return events;
    },
    flush() {
      const events: DisplayEvent[] = [];
      const open = reader.end();
      if (open?.status === 'invalid') {
        events.push({ kind: 'notice', level: 'warning', message: `The output ended inside a JSON document (${open.reason})`, code: 'truncated_document' });
        owesEnd = true;
      }
      if (!owesEnd) return events;
      // No result: the run stopped early (quirk 4). Count each message's usage once.
      for (const used of usage.events()) events.push(used);
      const end: SessionDisplayEvent = { kind: 'session', phase: 'end', status: 'incomplete' };
      if (sessionId !== undefined) end.sessionId = sessionId;
      if (finalText.text.text !== '') end.result = finalText.text.text;
      events.push(end);
      owesEnd = false;
      sessionOpen = false;
      return events;
    },
  };
}
