import {
  type DisplayEvent,
  type LineContext,
  type NoticeDisplayEvent,
  type SessionDisplayEvent,
  type SessionStatus,
  type SourceParser,
  type UsageDisplayEvent,
} from '@x/core';
import {
  arrayField,
  compactKey,
  createRecentMap,
  createTextAssembler,
  createToolCallTracker,
  unframeSseLine,
  isJsonObject,
  numberField,
  objectField,
  ownField,
  parseJson,
  stringField,
  type JsonObject,
} from '@x/core/provider-utils';
import { OPENCODE_TOOL_ALIASES } from './tool-names.js';
import { toolPartOutcome } from './tool-outcome.js';
import { RUN_JSON_TYPES } from './wire-schema.js';

type Events = DisplayEvent[];

type PartKind = 'text' | 'reasoning';

/** Event families of the bus that carry nothing a person reads in a run transcript. */
const IGNORED_BUS_PREFIXES: readonly (readonly [string, string])[] = [
  ['server.', 'server connection event'],
  ['lsp.', 'language server event'],
  ['file.', 'file event (edits show as tool results)'],
  ['pty.', 'terminal (pty) event'],
  ['tui.', 'TUI control event'],
  ['installation.', 'installation event'],
  ['vcs.', 'version control event'],
  ['workspace.', 'workspace event'],
  ['worktree.', 'worktree event'],
  ['mcp.', 'MCP server event'],
  ['project.', 'project event'],
  ['plugin.', 'plugin event'],
  ['catalog.', 'model catalog event'],
  ['models-dev.', 'model catalog event'],
  ['integration.', 'integration event'],
  ['reference.', 'reference event'],
  ['global.', 'server lifecycle event'],
  // The parallel `session.next.*` family restates what message.part.* events already carry.
  ['session.next.', 'session.next.* event (the same content arrives as message.part.* events)'],
];

/** v2 `permission.asked`, v1 `permission.updated` and the newer `permission.v2.asked` (quirk 12). */
const PERMISSION_ASKS: ReadonlySet<string> = new Set(['permission.asked', 'permission.updated', 'permission.v2.asked']);

/*
 * How many text and reasoning parts, and finished steps, a parser remembers.
 * A part's updates and a step's repeated finish come close together, and
 * keeping every id made memory grow with the run (x-bench), so the oldest
 * are forgotten, as @x/core's tool-call tracker forgets old call ids.
 */
const MAX_REMEMBERED = 1024;
/** How many distinct errors one turn reports; more are rare, and each is kept only as a hash. */
const MAX_REPORTED_ERRORS = 64;

const IGNORED_BUS_TYPES: ReadonlyMap<string, string> = new Map([
  ['server.connected', 'server connected'],
  ['server.heartbeat', 'server heartbeat (keep-alive)'],
  ['session.deleted', 'session deleted'],
  ['session.diff', 'session diff (edits show as tool results)'],
  ['message.removed', 'message removed'],
  ['message.part.removed', 'message part removed'],
  ['permission.replied', 'permission reply'],
  ['permission.v2.replied', 'permission reply'],
  ['question.replied', 'question reply'],
  ['question.rejected', 'question rejected'],
  ['question.v2.replied', 'question reply'],
  ['question.v2.rejected', 'question rejected'],
  ['todo.updated', 'todo list update (shown by the todowrite call)'],
]);

/** The message and error name of an OpenCode `error` (a string, or `{ name, data: { message } }`). */
export function errorMessage(error: unknown): { message: string; code?: string } {
  if (typeof error === 'string') return { message: error === '' ? 'Unknown error' : error };
  const name = stringField(error, 'name');
  const message = stringField(objectField(error, 'data'), 'message') ?? stringField(error, 'message');
  const text = message !== undefined && message !== '' ? message : (name ?? 'Unknown error');
  return name === undefined ? { message: text } : { message: text, code: name };
}

/** `providerID/modelID` of a message or session, flat or nested (quirk 7). */
export function modelOf(info: JsonObject): string | undefined {
  // v1.4+ exports nest the model as `model.{providerID, modelID}` (quirk 7).
  const nested = objectField(info, 'model');
  const modelID = stringField(info, 'modelID') ?? stringField(nested, 'modelID') ?? stringField(nested, 'id');
  if (modelID === undefined || modelID === '') return undefined;
  const providerID = stringField(info, 'providerID') ?? stringField(nested, 'providerID');
  return providerID === undefined || providerID === '' ? modelID : `${providerID}/${modelID}`;
}

/**
 * Creates the per-stream state machine for OpenCode lines. Each line is told
 * apart on its own: a `run --format json` line (`step_start`, `text`, ...),
 * a bus `Event` (`{ type: "message.part.updated", properties }`), either bare
 * or as an SSE `data:` line, or a `/global/event` wrapper around one.
 */
export function createOpenCodeParser(): SourceParser {
  const tools = createToolCallTracker({ aliases: OPENCODE_TOOL_ALIASES });
  // Every per-stream set is bounded by count, and by bytes through compactKey
  // (a long id costs its hash): docs/memory.md.
  // The kind of each text or reasoning part, from its opener, and what was emitted of it (prefix-checked).
  const partKinds = createRecentMap<string, PartKind>(MAX_REMEMBERED);
  const partTexts = createTextAssembler({ maxBlocks: MAX_REMEMBERED });
  const userMessages = createRecentMap<string, true>(MAX_REMEMBERED);
  const countedSteps = createRecentMap<string, true>(MAX_REMEMBERED);
  let reportedErrors = createRecentMap<string, true>(MAX_REPORTED_ERRORS);
  // Subagent sessions started by the followed one: their permission asks block the run too, as in run.ts.
  const childSessions = createRecentMap<string, true>(MAX_REMEMBERED);

  let sessionId: string | undefined;
  let started = false;
  let ended = false;
  let model: string | undefined;
  let cwd: string | undefined;
  let firstTime: number | undefined;
  let lastTime: number | undefined;
  let steps = 0;
  // The last step finished for a reason other than tool calls, so the turn is over.
  let turnComplete = false;
  let assistantThisTurn = false;
  let failed = false;
  let aborted = false;

  const seeTime = (time: number | undefined) => {
    if (time === undefined) return;
    if (firstTime === undefined || time < firstTime) firstTime = time;
    if (lastTime === undefined || time > lastTime) lastTime = time;
  };

  const sessionStart = (extra: { cwd?: string | undefined; agentVersion?: string | undefined } = {}): SessionDisplayEvent => {
    started = true;
    ended = false;
    const event: SessionDisplayEvent = { kind: 'session', phase: 'start' };
    if (sessionId !== undefined) event.sessionId = sessionId;
    if (model !== undefined) event.model = model;
    const dir = extra.cwd ?? cwd;
    if (dir !== undefined) event.cwd = dir;
    if (extra.agentVersion !== undefined) event.agentVersion = extra.agentVersion;
    if (firstTime !== undefined && Number.isFinite(new Date(firstTime).getTime())) event.timestamp = new Date(firstTime).toISOString();
    return event;
  };

  const endStatus = (): SessionStatus => (aborted ? 'cancelled' : failed ? 'error' : 'success');

  const sessionEnd = (status: SessionStatus): SessionDisplayEvent => {
    ended = true;
    const event: SessionDisplayEvent = { kind: 'session', phase: 'end', status };
    if (sessionId !== undefined) event.sessionId = sessionId;
    if (firstTime !== undefined && lastTime !== undefined && lastTime > firstTime) event.durationMs = lastTime - firstTime;
    if (steps > 0) event.turns = steps;
    return event;
  };

  /** A new prompt on a bus stream: per-turn state starts over, and a session that ended opens again. */
  const newTurn = (out: Events) => {
    reportedErrors = createRecentMap(MAX_REPORTED_ERRORS);
    assistantThisTurn = false;
    turnComplete = false;
    failed = false;
    aborted = false;
    if (ended) {
      steps = 0;
      firstTime = undefined;
      lastTime = undefined;
      out.push(sessionStart());
    }
  };

  /**
   * Adopts the first session id seen and tells whether `id` belongs to it.
   * The bus carries every session of the project (subagent child sessions,
   * concurrent prompts); like `run.ts`, only the first one is followed.
   */
  const ownSession = (id: string | undefined, out: Events): boolean => {
    if (id === undefined || id === '') return true;
    if (sessionId === undefined) sessionId = id;
    else if (id !== sessionId) return false;
    if (!started) out.push(sessionStart());
    return true;
  };

  const reportError = (error: unknown, out: Events) => {
    const { message, code } = errorMessage(error);
    if (code === 'MessageAbortedError') aborted = true;
    else failed = true;
    const key = compactKey(`${code ?? ''}\u0000${message}`);
    if (reportedErrors.has(key)) return;
    reportedErrors.set(key, true);
    const event: DisplayEvent = { kind: 'error', message, fatal: true };
    if (code !== undefined) event.code = code;
    out.push(event);
  };

  const grow = (kind: PartKind, partId: string, text: string, isDelta: boolean, out: Events) => {
    const key = compactKey(partId);
    let partKind = partKinds.get(key);
    if (partKind === undefined) {
      partKind = kind;
      partKinds.set(key, kind);
    }
    // A snapshot repeats everything streamed so far; only what continues it is new.
    const increment = isDelta ? partTexts.delta(partId, text) : partTexts.copy(partId, text, false).added;
    if (increment !== '') out.push({ kind: partKind, id: partId, text: increment });
  };

  const usageOf = (part: JsonObject): UsageDisplayEvent | undefined => {
    const tokens = objectField(part, 'tokens');
    const cost = numberField(part, 'cost');
    if (tokens === undefined && cost === undefined) return undefined;
    const usage: UsageDisplayEvent = { kind: 'usage', cumulative: false };
    if (model !== undefined) usage.model = model;
    const input = numberField(tokens, 'input');
    const output = numberField(tokens, 'output');
    const reasoning = numberField(tokens, 'reasoning');
    const cache = objectField(tokens, 'cache');
    const cacheRead = numberField(cache, 'read');
    const cacheWrite = numberField(cache, 'write');
    // OpenCode's `input` leaves out the cached tokens; @x counts every input token in inputTokens.
    if (input !== undefined) usage.inputTokens = input + (cacheRead ?? 0) + (cacheWrite ?? 0);
    if (output !== undefined) usage.outputTokens = output;
    if (reasoning !== undefined) usage.reasoningTokens = reasoning;
    if (cacheRead !== undefined) usage.cacheReadTokens = cacheRead;
    if (cacheWrite !== undefined) usage.cacheWriteTokens = cacheWrite;
    if (cost !== undefined) usage.costUsd = cost;
    return usage;
  };

  const stepFinish = (part: JsonObject, out: Events, ctx: LineContext) => {
    const id = stringField(part, 'id');
    if (id !== undefined) {
      const key = compactKey(id);
      if (countedSteps.has(key)) return ctx.ignore('step-finish already counted');
      countedSteps.set(key, true);
    }
    steps += 1;
    // A missing reason (quirk 9) still closes the step; only tool calls promise another one.
    turnComplete = stringField(part, 'reason') !== 'tool-calls';
    const usage = usageOf(part);
    if (usage !== undefined) out.push(usage);
    else if (out.length === 0) ctx.ignore('step-finish without tokens or cost');
  };

  const toolPart = (part: JsonObject, out: Events, ctx: LineContext) => {
    const state = objectField(part, 'state');
    const status = stringField(state, 'status');
    const toolName = stringField(part, 'tool');
    const callId = stringField(part, 'callID') || stringField(part, 'id');
    if (state === undefined || status === undefined || toolName === undefined || callId === undefined) {
      return ctx.malformed('tool part without callID/id, tool or state.status');
    }
    const input = ownField(state, 'input');
    if (status === 'pending' && !(isJsonObject(input) && Object.keys(input).length > 0)) {
      // Pending parts carry `input: {}` and the partial JSON in `raw` (quirk 8); wait for the real input.
      if (out.length === 0) ctx.ignore('tool call pending, announced once its input is known');
      return;
    }
    const use = tools.start({ id: callId, toolName, input: input ?? {} });
    if (use !== undefined) out.push(use);
    if (status !== 'completed' && status !== 'error') {
      if (out.length === 0) ctx.ignore(`state update (${status}) of a call already announced`);
      return;
    }
    const outcome = toolPartOutcome(toolName, state, status);
    const result = tools.finish(callId, outcome);
    if (result !== undefined) out.push(result);
    else if (out.length === 0) ctx.ignore('result of a call already finished');
  };

  /** A part from `run --format json` or from `message.part.updated`; `delta` is the v1 inline increment. */
  const partUpdate = (part: JsonObject, delta: string | undefined, out: Events, ctx: LineContext) => {
    const type = stringField(part, 'type');
    const partId = stringField(part, 'id');
    const messageId = stringField(part, 'messageID');
    if (messageId !== undefined && userMessages.has(compactKey(messageId))) {
      if (out.length === 0) ctx.ignore('part of a user message (the prompt), not assistant output');
      return;
    }
    switch (type) {
      case 'text':
      case 'reasoning': {
        if (partId === undefined) return ctx.malformed(`${type} part without id`);
        const text = stringField(part, 'text');
        if (text !== undefined) grow(type, partId, text, false, out);
        else if (delta !== undefined) grow(type, partId, delta, true, out);
        else return ctx.malformed(`${type} part without text`);
        if (out.length === 0) ctx.ignore(text === '' ? `empty ${type} part opener` : `${type} already emitted`);
        return;
      }
      case 'tool':
        return toolPart(part, out, ctx);
      case 'step-start':
        turnComplete = false;
        if (out.length === 0) ctx.ignore('step start');
        return;
      case 'step-finish':
        return stepFinish(part, out, ctx);
      case undefined:
        return ctx.malformed('part without type');
      default:
        // file, subtask, snapshot, patch, agent, retry (shown from session.status), compaction.
        if (out.length === 0) ctx.ignore(`${type} part not displayed`);
    }
  };

  const runJson = (line: JsonObject, type: string, ctx: LineContext): Events => {
    const out: Events = [];
    const part = objectField(line, 'part');
    seeTime(numberField(line, 'timestamp'));
    ownSession(stringField(line, 'sessionID') ?? stringField(part, 'sessionID'), out);
    switch (type) {
      case 'step_start':
      case 'text':
      case 'reasoning':
      case 'tool_use':
      case 'step_finish':
        if (part === undefined) {
          ctx.malformed(`${type} line without part`);
          return out;
        }
        partUpdate(part, undefined, out, ctx);
        return out;
      case 'error':
        reportError(ownField(line, 'error'), out);
        if (out.length === 0) ctx.ignore('error already reported');
        return out;
      default: {
        // `done`: the newest run.ts ends every run with it, after the session went idle.
        if (ended) {
          if (out.length === 0) ctx.ignore('session already ended');
          return out;
        }
        const rejected = (arrayField(line, 'rejected') ?? []).filter((name): name is string => typeof name === 'string');
        if (rejected.length > 0) out.push(rejectedNotice(rejected));
        out.push(sessionEnd(endStatus()));
        return out;
      }
    }
  };

  const messageUpdated = (props: JsonObject | undefined, out: Events, ctx: LineContext) => {
    const info = objectField(props, 'info');
    const id = stringField(info, 'id');
    const role = stringField(info, 'role');
    if (info === undefined || id === undefined || role === undefined) return ctx.malformed('message.updated without info.id/role');
    if (role === 'user') {
      const key = compactKey(id);
      if (!userMessages.has(key)) {
        userMessages.set(key, true);
        newTurn(out);
      }
      if (out.length === 0) ctx.ignore('user message');
      return;
    }
    assistantThisTurn = true;
    model = modelOf(info) ?? model;
    cwd = stringField(objectField(info, 'path'), 'cwd') ?? cwd;
    const time = objectField(info, 'time');
    seeTime(numberField(time, 'created'));
    const completed = numberField(time, 'completed');
    seeTime(completed);
    const error = ownField(info, 'error');
    if (error !== undefined && error !== null) reportError(error, out);
    const finish = stringField(info, 'finish');
    if (completed !== undefined && finish !== undefined) turnComplete = finish !== 'tool-calls';
    if (out.length === 0) ctx.ignore('assistant message update (usage comes from step-finish parts)');
  };

  const partDelta = (props: JsonObject | undefined, out: Events, ctx: LineContext) => {
    const partId = stringField(props, 'partID');
    const delta = stringField(props, 'delta');
    const field = stringField(props, 'field');
    if (partId === undefined || delta === undefined) return ctx.malformed('message.part.delta without partID/delta');
    const messageId = stringField(props, 'messageID');
    if (messageId !== undefined && userMessages.has(compactKey(messageId))) {
      if (out.length === 0) ctx.ignore('delta of a user message part');
      return;
    }
    if (field !== undefined && field !== 'text') {
      if (out.length === 0) ctx.ignore(`delta of field "${field}" not displayed`);
      return;
    }
    // `field` is "text" for reasoning parts too (quirk 1): the kind comes from the part's opener.
    grow(partKinds.get(compactKey(partId)) ?? 'text', partId, delta, true, out);
    if (out.length === 0) ctx.ignore('empty delta');
  };

  const idle = (out: Events, ctx: LineContext) => {
    if (ended) {
      if (out.length === 0) ctx.ignore('session already ended');
      return;
    }
    // A bare busy->idle pair fires before any assistant message exists (quirk 3); it ends nothing.
    if (!assistantThisTurn && !failed && !aborted) {
      if (out.length === 0) ctx.ignore('idle before any assistant message of this turn (not a turn end)');
      return;
    }
    out.push(sessionEnd(endStatus()));
  };

  const sessionInfo = (props: JsonObject | undefined, type: string, out: Events, ctx: LineContext) => {
    const info = objectField(props, 'info');
    const id = stringField(info, 'id') ?? stringField(props, 'sessionID');
    if (id === undefined) return ctx.malformed(`${type} without info.id`);
    if (sessionId !== undefined && id !== sessionId) {
      const parent = stringField(info, 'parentID');
      if (parent !== undefined && (parent === sessionId || childSessions.has(compactKey(parent)))) {
        childSessions.set(compactKey(id), true);
        return ctx.ignore(`subagent session ${id} started; its events are left out`);
      }
      return ctx.ignore(`event of session ${id}, not the followed session ${sessionId}`);
    }
    sessionId = id;
    if (started) return ctx.ignore('session already started');
    if (info !== undefined) model = modelOf(info) ?? model;
    out.push(sessionStart({ cwd: stringField(info, 'directory'), agentVersion: stringField(info, 'version') }));
  };

  const busEvent = (event: JsonObject, type: string, ctx: LineContext): Events => {
    const out: Events = [];
    const props = objectField(event, 'properties');
    if (type === 'session.created' || type === 'session.updated') {
      sessionInfo(props, type, out, ctx);
      return out;
    }
    const part = objectField(props, 'part');
    const info = objectField(props, 'info');
    const session = stringField(props, 'sessionID') ?? stringField(part, 'sessionID') ?? stringField(info, 'sessionID');
    if (!ownSession(session, out)) {
      if (session !== undefined && childSessions.has(compactKey(session)) && PERMISSION_ASKS.has(type)) {
        out.push(permissionNotice(props));
        return out;
      }
      ctx.ignore(`event of session ${session ?? ''}, not the followed session ${sessionId ?? ''}`);
      return out;
    }
    switch (type) {
      case 'message.part.updated':
        if (part === undefined) ctx.malformed('message.part.updated without part');
        else partUpdate(part, stringField(props, 'delta'), out, ctx);
        return out;
      case 'message.part.delta':
        partDelta(props, out, ctx);
        return out;
      case 'message.updated':
        messageUpdated(props, out, ctx);
        return out;
      case 'session.status': {
        const status = objectField(props, 'status');
        const kind = stringField(status, 'type');
        if (kind === 'idle') idle(out, ctx);
        else if (kind === 'retry') out.push(retryNotice(status));
        else if (out.length === 0) ctx.ignore(`session status ${kind ?? 'without type'}`);
        return out;
      }
      case 'session.idle':
        idle(out, ctx);
        return out;
      case 'session.error':
        reportError(ownField(props, 'error') ?? 'Session error without details', out);
        if (out.length === 0) ctx.ignore('error already reported');
        return out;
      case 'session.compacted':
        out.push({ kind: 'notice', level: 'info', message: 'Session compacted', code: 'compaction' });
        return out;
      case 'permission.asked':
      case 'permission.updated':
      case 'permission.v2.asked':
        out.push(permissionNotice(props));
        return out;
      case 'question.asked':
      case 'question.v2.asked':
        out.push(questionNotice(props));
        return out;
      case 'command.executed': {
        const name = stringField(props, 'name');
        if (name === undefined) ctx.malformed('command.executed without name');
        else out.push(commandNotice(name, stringField(props, 'arguments')));
        return out;
      }
    }
    if (out.length > 0) return out;
    const reason = IGNORED_BUS_TYPES.get(type) ?? IGNORED_BUS_PREFIXES.find(([prefix]) => type.startsWith(prefix))?.[1];
    if (reason !== undefined) ctx.ignore(reason);
    else ctx.unknown(`unknown OpenCode event type "${type}"`);
    return out;
  };

  const parseValue = (value: unknown, ctx: LineContext): Events => {
    if (!isJsonObject(value)) {
      ctx.malformed('JSON that is not an object');
      return [];
    }
    const type = stringField(value, 'type');
    if (type === undefined) {
      // `/global/event` wraps each event as `{ directory, payload: Event }`.
      const payload = objectField(value, 'payload');
      const inner = stringField(payload, 'type');
      if (payload !== undefined && inner !== undefined) return busEvent(payload, inner, ctx);
      ctx.malformed('JSON object without a type');
      return [];
    }
    if (ownField(value, 'properties') !== undefined || type.includes('.')) return busEvent(value, type, ctx);
    if (RUN_JSON_TYPES.has(type)) return runJson(value, type, ctx);
    ctx.unknown(`unknown run --format json type "${type}"`);
    return [];
  };

  return {
    parse(line, ctx) {
      const framed = unframeSseLine(line);
      if (framed.kind === 'comment') {
        ctx.ignore('SSE comment (keep-alive)');
        return [];
      }
      if (framed.kind === 'field') {
        ctx.ignore(`SSE ${framed.name} field`);
        return [];
      }
      const parsed = parseJson(framed.text);
      if (parsed === undefined) {
        // The pipeline drops blank lines; a caller feeding lines itself may not.
        if (framed.text.trim() === '') {
          ctx.ignore('blank SSE separator');
          return [];
        }
        ctx.malformed('not JSON');
        return [];
      }
      return parseValue(parsed.value, ctx);
    },
    flush() {
      if (!started || ended) return [];
      // Older CLIs write no final line (quirk 5): a run whose last step finished for good ended normally.
      const status: SessionStatus = aborted || failed ? endStatus() : turnComplete ? 'success' : 'incomplete';
      return [sessionEnd(status)];
    },
  };
}

function rejectedNotice(rejected: string[]): NoticeDisplayEvent {
  return {
    kind: 'notice',
    level: 'warning',
    message: `Permission requests auto-rejected: ${rejected.join(', ')}`,
    code: 'permission-rejected',
  };
}

function retryNotice(status: JsonObject | undefined): NoticeDisplayEvent {
  const attempt = numberField(status, 'attempt');
  const message = stringField(status, 'message');
  const head = attempt === undefined ? 'Retrying' : `Retrying (attempt ${attempt})`;
  return { kind: 'notice', level: 'warning', message: message ? `${head}: ${message}` : head, code: 'retry' };
}

function permissionNotice(props: JsonObject | undefined): NoticeDisplayEvent {
  // v2 `permission.asked {permission, patterns}`, v1 `permission.updated {type, title}`, `permission.v2.asked {action, resources}`.
  const what = stringField(props, 'permission') ?? stringField(props, 'action') ?? stringField(props, 'type') ?? 'unknown';
  const patterns = (arrayField(props, 'patterns') ?? arrayField(props, 'resources') ?? []).filter((p): p is string => typeof p === 'string');
  const detail = patterns.length > 0 ? patterns.join(', ') : stringField(props, 'title');
  return {
    kind: 'notice',
    level: 'warning',
    message: detail ? `Permission requested: ${what} (${detail})` : `Permission requested: ${what}`,
    code: 'permission',
  };
}

function questionNotice(props: JsonObject | undefined): NoticeDisplayEvent {
  const first = arrayField(props, 'questions')?.[0];
  const question = stringField(first, 'question');
  return { kind: 'notice', level: 'info', message: question ? `Question: ${question}` : 'Question asked', code: 'question' };
}

function commandNotice(name: string, args: string | undefined): NoticeDisplayEvent {
  const text = args !== undefined && args.trim() !== '' ? `/${name} ${args}` : `/${name}`;
  return { kind: 'notice', level: 'info', message: `Command ${text}`, code: 'command' };
}
