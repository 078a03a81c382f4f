import {
  defineSource,
  type DisplayEvent,
  type DisplayEventSource,
  type LineContext,
  type SourceParser,
  type UsageDisplayEvent,
} from '@x/core';
import {
  createToolCallTracker,
  cutText,
  isJsonObject,
  ownField,
  parseJson,
  stringField,
  type JsonObject,
} from '@x/core/provider-utils';
import { detectGoose } from './detect.js';
import { gooseToolAliases } from './tool-names.js';
import { toolCallOutcome } from './tool-response.js';
import { readComplete, readError, readMessage, readNotification, readToolCall, readToolResult, type GooseCompleteEvent } from './wire-schema.js';

const NO_MESSAGE = 'goose ended the run with an error and no message';

/** A wire value quoted in a diagnostic reason, kept short. */
function quoted(text: string): string {
  return `"${cutText(text, 40)}"`;
}

/**
 * Why the content items of one message line gave no event, worst first when
 * the line is reported: one malformed item makes a malformed line, else one
 * of an unknown type an unknown line, else it was ignored on purpose.
 */
interface SkippedItems {
  malformed?: string;
  unknown?: string;
  ignored?: string;
}

/** The run's totals from `complete`, or `undefined` when it has none (early releases sent `total_tokens` only). */
function usageOf(complete: GooseCompleteEvent): UsageDisplayEvent | undefined {
  const usage: UsageDisplayEvent = { kind: 'usage', cumulative: true };
  if (complete.input_tokens !== undefined) usage.inputTokens = complete.input_tokens;
  if (complete.output_tokens !== undefined) usage.outputTokens = complete.output_tokens;
  if (complete.cache_read_input_tokens !== undefined) usage.cacheReadTokens = complete.cache_read_input_tokens;
  if (complete.cache_write_input_tokens !== undefined) usage.cacheWriteTokens = complete.cache_write_input_tokens;
  if (complete.cost_usd !== undefined) usage.costUsd = complete.cost_usd;
  return Object.keys(usage).length > 2 ? usage : undefined;
}

function createParser(): SourceParser {
  const tracker = createToolCallTracker({ aliases: gooseToolAliases });
  // Calls whose toolCall goose could not read: it answers them with an error
  // response, which adds nothing to the error already shown.
  const unreadable = new Set<string>();
  let anonymousMessages = 0;
  let ended = false;
  // Where text and reasoning go: chunks of one streamed reply share the
  // message id and continue one block, until anything else is shown; text of
  // the same message after that (after a tool call, say) is a new block.
  let block: { messageId: string; segment: number; interrupted: boolean } | undefined;

  function blockId(messageId: string): string {
    if (block === undefined || block.messageId !== messageId) block = { messageId, segment: 0, interrupted: false };
    else if (block.interrupted) block = { messageId, segment: block.segment + 1, interrupted: false };
    return block.segment === 0 ? messageId : `${messageId}-${block.segment}`;
  }

  function interrupt(): void {
    if (block !== undefined) block.interrupted = true;
  }

  function toolRequest(item: JsonObject, events: DisplayEvent[], skipped: SkippedItems): void {
    const id = stringField(item, 'id');
    const call = readToolCall(item);
    if (call === undefined) {
      skipped.malformed ??= 'tool request without a readable toolCall';
      return;
    }
    interrupt();
    if (call.status === 'error') {
      // The model asked for a call goose could not parse (unknown tool, bad JSON arguments).
      if (id !== undefined) unreadable.add(id);
      events.push({ kind: 'error', message: call.error === '' ? 'goose could not read a tool call' : call.error, fatal: false });
      return;
    }
    const use = tracker.start({ id, toolName: call.name, input: call.arguments ?? {} });
    if (use === undefined) skipped.ignored ??= 'tool request of a call already announced';
    else events.push(use);
  }

  function toolResponse(item: JsonObject, events: DisplayEvent[], skipped: SkippedItems): void {
    const id = stringField(item, 'id');
    const result = readToolResult(item);
    if (id === undefined || result === undefined) {
      skipped.malformed ??= 'tool response without an id and a readable toolResult';
      return;
    }
    interrupt();
    if (unreadable.has(id)) {
      skipped.ignored ??= 'response to a tool call goose could not read';
      return;
    }
    const finished = tracker.finish(id, toolCallOutcome(result));
    if (finished === undefined) {
      skipped.ignored ??= 'tool response of a call already finished';
      return;
    }
    // Core counts the lines of a search's output as matches; goose's only
    // search-kind tool is `tree`, whose lines are a listing, not matches.
    if (finished.toolKind === 'search') {
      delete finished.details.matchCount;
      delete finished.details.fileCount;
    }
    events.push(finished);
  }

  function systemNotification(item: JsonObject, events: DisplayEvent[], skipped: SkippedItems): void {
    const type = stringField(item, 'notificationType');
    const message = stringField(item, 'msg');
    if (type === undefined || message === undefined) {
      skipped.malformed ??= 'system notification without a notificationType and msg';
      return;
    }
    switch (type) {
      case 'thinkingMessage':
        // The CLI's transient "thinking" status, replaced by what comes next.
        skipped.ignored ??= 'thinking status message';
        return;
      case 'inlineMessage':
        interrupt();
        events.push({ kind: 'notice', level: 'info', message });
        return;
      case 'creditsExhausted':
        interrupt();
        events.push({ kind: 'notice', level: 'warning', message });
        return;
      default:
        skipped.unknown ??= `system notification of unknown type ${quoted(type)}`;
    }
  }

  function contentItem(item: unknown, role: string, messageId: string, events: DisplayEvent[], skipped: SkippedItems): void {
    const type = ownField(item, 'type');
    if (!isJsonObject(item) || typeof type !== 'string') {
      skipped.malformed ??= 'content item without a string type';
      return;
    }
    switch (type) {
      case 'text':
      case 'thinking': {
        const field = type === 'text' ? 'text' : 'thinking';
        const text = stringField(item, field);
        if (text === undefined) skipped.malformed ??= `${type} item without a string ${field}`;
        // User-role text is goose talking to the model (the prompt and its follow-ups), not the run's output.
        else if (role !== 'assistant') skipped.ignored ??= `${type} of a user message`;
        else if (text === '') skipped.ignored ??= `empty ${type}`;
        else events.push({ kind: type === 'text' ? 'text' : 'reasoning', id: blockId(messageId), text });
        return;
      }
      case 'toolRequest':
      case 'frontendToolRequest':
        toolRequest(item, events, skipped);
        return;
      case 'toolResponse':
        toolResponse(item, events, skipped);
        return;
      case 'systemNotification':
        systemNotification(item, events, skipped);
        return;
      case 'redactedThinking':
        skipped.ignored ??= 'redacted thinking (encrypted: nothing to show)';
        return;
      case 'image':
        skipped.ignored ??= 'image content';
        return;
      case 'toolConfirmationRequest':
      case 'actionRequired':
        // Headless goose answers confirmations itself (or stops with an error line).
        skipped.ignored ??= `${type} (answered by goose in headless mode)`;
        return;
      default:
        skipped.unknown ??= `content item of unknown type ${quoted(type)}`;
    }
  }

  function message(line: JsonObject, context: LineContext): DisplayEvent[] {
    const read = readMessage(line);
    if (read === undefined) {
      context.malformed('message without a string role and a content array');
      return [];
    }
    if (read.metadata?.userVisible === false) {
      context.ignore('message hidden from the user (metadata.userVisible: false)');
      return [];
    }
    if (read.role !== 'assistant' && read.role !== 'user') {
      context.unknown(`message with unknown role ${quoted(read.role)}`);
      return [];
    }
    const messageId = read.id ?? `message-${++anonymousMessages}`;
    const events: DisplayEvent[] = [];
    const skipped: SkippedItems = {};
    for (const item of read.content) contentItem(item, read.role, messageId, events, skipped);
    if (events.length === 0) {
      if (skipped.malformed !== undefined) context.malformed(skipped.malformed);
      else if (skipped.unknown !== undefined) context.unknown(skipped.unknown);
      else context.ignore(skipped.ignored ?? 'message without content');
    }
    return events;
  }

  function notification(line: JsonObject, context: LineContext): DisplayEvent[] {
    const read = readNotification(line);
    if (read === undefined) {
      context.malformed('notification without a string extension_id');
      return [];
    }
    if (read.log !== undefined) {
      if (read.log.message === '') {
        context.ignore('empty log notification');
        return [];
      }
      interrupt();
      return [{ kind: 'notice', level: 'info', message: read.log.message }];
    }
    // Progress ticks of a long tool call: worth a status bar, not a line each.
    if (read.progress !== undefined) context.ignore('MCP progress notification');
    else context.unknown('notification that is neither log nor progress');
    return [];
  }

  function error(line: JsonObject, context: LineContext): DisplayEvent[] {
    const read = readError(line);
    if (read === undefined) {
      context.malformed('error line without a string error');
      return [];
    }
    interrupt();
    ended = true;
    // Goose prints `error` only for the failure that ended the run; no `complete` follows.
    return [
      { kind: 'error', message: read.error === '' ? NO_MESSAGE : read.error, fatal: true },
      { kind: 'session', phase: 'end', status: 'error' },
    ];
  }

  function complete(line: JsonObject): DisplayEvent[] {
    interrupt();
    ended = true;
    const usage = usageOf(readComplete(line));
    return [...(usage === undefined ? [] : [usage]), { kind: 'session', phase: 'end', status: 'success' }];
  }

  return {
    parse(line, context) {
      const parsed = parseJson(line);
      if (parsed === undefined) {
        context.malformed('not JSON');
        return [];
      }
      if (!isJsonObject(parsed.value)) {
        context.malformed('JSON value that is not an object');
        return [];
      }
      const type = ownField(parsed.value, 'type');
      if (typeof type !== 'string') {
        if (type === undefined) context.unknown('JSON object without a type');
        else context.malformed('line whose type is not a string');
        return [];
      }
      switch (type) {
        case 'message':
          return message(parsed.value, context);
        case 'notification':
          return notification(parsed.value, context);
        case 'error':
          return error(parsed.value, context);
        case 'complete':
          return complete(parsed.value);
        default:
          context.unknown(`unknown line type ${quoted(type)}`);
          return [];
      }
    },
    flush() {
      if (ended) return [];
      // The stream stopped before `complete` or `error`: killed, cut off, or still running when captured.
      ended = true;
      return [{ kind: 'session', phase: 'end', status: 'incomplete' }];
    },
  };
}

/**
 * The goose source: `goose run --output-format stream-json` (one JSON event
 * per line, streamed as goose works). A fresh parser per stream keeps which
 * tool calls it has announced.
 *
 * @example
 * ```ts
 * import { streamEvents } from '@x/core';
 * import { gooseSource } from 'x-provider-goose';
 *
 * for await (const event of streamEvents(process.stdin, { source: gooseSource })) console.log(event.kind);
 * ```
 */
export const gooseSource: DisplayEventSource = defineSource({
  specificationVersion: 'v1',
  id: 'goose',
  displayName: 'Goose',
  cadence: 'streaming',
  detect: detectGoose,
  createParser,
});
