import type { DisplayEvent, LineContext, NoticeDisplayEvent } from '@x/core';
import { arrayField, compactionNotice, numberField, objectField, stringField, type JsonObject } from '@x/core/provider-utils';
import type { ClaudeState } from './state.js';
import type { ClaudeSystemLine } from './wire-schema.js';

const notice = (level: NoticeDisplayEvent['level'], message: string, code: string): NoticeDisplayEvent => ({ kind: 'notice', level, message, code });

/** `system` subtypes that say nothing a person needs to see: progress, bookkeeping, hook lifecycle. */
const QUIET_SUBTYPES = new Set([
  'hook_started',
  'hook_progress',
  'thinking_tokens',
  'task_started',
  'task_progress',
  'task_updated',
  'task_notification',
  'session_state_changed',
  'files_persisted',
  'memory_recall',
  'plugin_install',
  'commands_changed',
  'background_tasks_changed',
  'elicitation_complete',
  'control_request_progress',
  'worker_shutting_down',
]);

const seconds = (ms: number) => `${Math.round(ms / 100) / 10}s`;

/** An event of one subtype, or `undefined` when the line has nothing to show. */
type SubtypeReader = (line: JsonObject, context: LineContext) => DisplayEvent | undefined;

function apiRetry(line: JsonObject): NoticeDisplayEvent {
  const status = numberField(line, 'error_status');
  const attempt = numberField(line, 'attempt');
  const max = numberField(line, 'max_retries');
  const delay = numberField(line, 'retry_delay_ms');
  let message = `API request failed (${stringField(line, 'error') ?? 'unknown'}${status === undefined ? '' : `, HTTP ${status}`})`;
  if (delay !== undefined) message += `; retrying in ${seconds(delay)}`;
  if (attempt !== undefined) message += max === undefined ? ` (attempt ${attempt})` : ` (attempt ${attempt} of ${max})`;
  return notice('warning', message, 'api_retry');
}

function hookResponse(line: JsonObject): NoticeDisplayEvent | undefined {
  if (stringField(line, 'outcome') !== 'error') return undefined;
  const name = stringField(line, 'hook_name') ?? 'a hook';
  const exit = numberField(line, 'exit_code');
  const stderr = stringField(line, 'stderr')?.trim();
  return notice('warning', `Hook ${name} failed${exit === undefined ? '' : ` (exit code ${exit})`}${stderr ? `: ${stderr}` : ''}`, 'hook_failed');
}

function sessionWritesLost(line: JsonObject): NoticeDisplayEvent {
  const code = stringField(line, 'error_code');
  const lost = (arrayField(line, 'lost') ?? []).filter((item): item is string => typeof item === 'string');
  return notice('warning', `Session writes lost${code ? ` (${code})` : ''}${lost.length > 0 ? `: ${lost.join(', ')}` : ''}`, 'session_writes_lost');
}

/** The readers of the `system` subtypes that can show something (sdk `SDKMessage` members of type `system`). */
const SUBTYPES: ReadonlyMap<string, SubtypeReader> = new Map<string, SubtypeReader>([
  ['api_retry', apiRetry],
  [
    'compact_boundary',
    (line) => {
      const meta = objectField(line, 'compact_metadata');
      return compactionNotice({ trigger: stringField(meta, 'trigger'), tokensBefore: numberField(meta, 'pre_tokens'), tokensAfter: numberField(meta, 'post_tokens') });
    },
  ],
  [
    'status',
    (line) => {
      if (stringField(line, 'compact_result') !== 'failed') return undefined;
      const error = stringField(line, 'compact_error');
      return notice('warning', `Compaction failed${error ? `: ${error}` : ''}`, 'compact_failed');
    },
  ],
  [
    'informational',
    (line) => {
      const content = stringField(line, 'content');
      return content ? notice(stringField(line, 'level') === 'warning' ? 'warning' : 'info', content, 'informational') : undefined;
    },
  ],
  [
    'notification',
    (line) => {
      const text = stringField(line, 'text');
      return text ? notice('info', text, 'notification') : undefined;
    },
  ],
  [
    'local_command_output',
    (line, context) => {
      const content = stringField(line, 'content');
      return content ? { kind: 'text', id: `local-command:${stringField(line, 'uuid') ?? context.lineNumber}`, text: content } : undefined;
    },
  ],
  ['permission_denied', (line) => notice('warning', stringField(line, 'message') ?? `Permission denied for ${stringField(line, 'tool_name') ?? 'a tool'}`, 'permission_denied')],
  [
    'model_refusal_fallback',
    (line) => {
      const fallback = stringField(line, 'fallback_model');
      return notice('warning', stringField(line, 'content') ?? `The model refused; falling back${fallback ? ` to ${fallback}` : ''}`, 'model_refusal_fallback');
    },
  ],
  ['model_refusal_no_fallback', (line) => ({ kind: 'error', message: stringField(line, 'content') ?? 'The model refused to answer', fatal: false, code: 'model_refusal' })],
  ['mirror_error', (line) => notice('warning', `Session mirror error: ${stringField(line, 'error') ?? 'unknown'}`, 'mirror_error')],
  ['session_writes_lost', sessionWritesLost],
  ['hook_response', hookResponse],
]);

/**
 * `system/init`, the session start (`sessionId`, `model`, `cwd`, and
 * `agentVersion` from `claude_code_version`, for the drift alarm). The SDK
 * sends one per turn. One within an open turn (before its `result`) starts a
 * turn the CLI queued, such as the one 2.1 runs when a background task
 * finishes: it shows nothing, and the session owes one more `result`
 * (recorded 2.1.200 and 2.1.332, subagent).
 */
function initEvents(state: ClaudeState, line: ClaudeSystemLine, context: LineContext): DisplayEvent[] {
  const withinTurn = state.owesEnd && state.lifecycle.open;
  state.owesEnd = true;
  state.model = line.model ?? state.model;
  state.sessionId = line.session_id ?? state.sessionId;
  const start = state.lifecycle.start({ sessionId: line.session_id, model: line.model, cwd: line.cwd, agentVersion: line.claude_code_version });
  if (start.length > 0) return start;
  if (withinTurn) state.queued.owed += 1;
  context.ignore(withinTurn ? 'system/init of a turn queued within the open turn: the session owes its result too' : 'system/init repeated within an open session');
  return start;
}

/**
 * A `system` line: `init` starts the session; the others are notices for
 * retries, compaction, hook failures, refusals and informational banners, an
 * error for a refusal without fallback, text for a local command's output.
 * Subtypes it does not know are ignored with a reason, as the SDK tells
 * consumers to.
 */
export function systemEvents(state: ClaudeState, line: ClaudeSystemLine, context: LineContext): DisplayEvent[] {
  const subtype = line.subtype;
  if (subtype === 'init') return initEvents(state, line, context);
  if (subtype === 'compact_boundary') state.summaryDue = true;
  const event = subtype === undefined ? undefined : SUBTYPES.get(subtype)?.(line, context);
  if (event !== undefined) return [event];
  if (subtype !== undefined && (SUBTYPES.has(subtype) || QUIET_SUBTYPES.has(subtype))) context.ignore(`system/${subtype}: nothing to show`);
  else context.ignore(`system subtype "${subtype ?? '(none)'}" is not known; ignored, as the SDK tells consumers to`);
  return [];
}
