import {
  type DisplayEvent,
  type ErrorDisplayEvent,
  type LineContext,
  type NoticeDisplayEvent,
} from '@x/core';
import {
  arrayField,
  numberField,
  objectField,
  ownField,
  previewToolInput,
  stringField,
  type JsonObject,
} from '@x/core/provider-utils';
import type { ClaudeRateLimitEvent } from './wire-schema.js';

const notice = (level: NoticeDisplayEvent['level'], message: string, code: string): NoticeDisplayEvent => ({ kind: 'notice', level, message, code });

/** `system` subtypes that say nothing a person needs to see: progress, bookkeeping, hook lifecycle. */
const QUIET_SYSTEM_SUBTYPES = new Set([
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

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10}s`;
}

/** A Unix time in seconds as an ISO instant, or `undefined` when it is out of range. */
function isoTime(unixSeconds: number | undefined): string | undefined {
  if (unixSeconds === undefined) return undefined;
  const date = new Date(unixSeconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** "Conversation compacted (auto, 1200 tokens before, 300 after)", with the details the line gives. */
export function compactionMessage(trigger: string | undefined, before: number | undefined, after: number | undefined): string {
  const details = [trigger, before === undefined ? undefined : `${before} tokens before`, after === undefined ? undefined : `${after} after`].filter(
    (part): part is string => part !== undefined,
  );
  return `Conversation compacted${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
}

/**
 * The events of a `system` line other than `init`: notices for retries,
 * compaction, hook failures, refusals and informational banners, an error for
 * a refusal without fallback, text for a local command's output. Subtypes it
 * does not know are ignored with a reason, as the SDK says consumers should.
 */
export function systemEvents(line: JsonObject, subtype: string | undefined, context: LineContext): DisplayEvent[] {
  switch (subtype) {
    case 'api_retry': {
      const error = stringField(line, 'error') ?? 'unknown';
      const status = numberField(line, 'error_status');
      const attempt = numberField(line, 'attempt');
      const max = numberField(line, 'max_retries');
      const delay = numberField(line, 'retry_delay_ms');
      let message = `API request failed (${error}${status === undefined ? '' : `, HTTP ${status}`})`;
      if (delay !== undefined) message += `; retrying in ${seconds(delay)}`;
      if (attempt !== undefined) message += max === undefined ? ` (attempt ${attempt})` : ` (attempt ${attempt} of ${max})`;
      return [notice('warning', message, 'api_retry')];
    }
    case 'compact_boundary': {
      const meta = objectField(line, 'compact_metadata');
      const message = compactionMessage(stringField(meta, 'trigger'), numberField(meta, 'pre_tokens'), numberField(meta, 'post_tokens'));
      return [notice('info', message, 'compact_boundary')];
    }
    case 'status': {
      if (stringField(line, 'compact_result') === 'failed') {
        const error = stringField(line, 'compact_error');
        return [notice('warning', `Compaction failed${error ? `: ${error}` : ''}`, 'compact_failed')];
      }
      context.ignore('system/status: a progress state');
      return [];
    }
    case 'informational': {
      const content = stringField(line, 'content');
      if (!content) break;
      return [notice(stringField(line, 'level') === 'warning' ? 'warning' : 'info', content, 'informational')];
    }
    case 'notification': {
      const text = stringField(line, 'text');
      if (!text) break;
      return [notice('info', text, 'notification')];
    }
    case 'local_command_output': {
      const content = stringField(line, 'content');
      if (!content) break;
      return [{ kind: 'text', id: `local-command:${stringField(line, 'uuid') ?? context.lineNumber}`, text: content }];
    }
    case 'permission_denied': {
      const tool = stringField(line, 'tool_name') ?? 'a tool';
      return [notice('warning', stringField(line, 'message') ?? `Permission denied for ${tool}`, 'permission_denied')];
    }
    case 'model_refusal_fallback': {
      const fallback = stringField(line, 'fallback_model');
      const message = stringField(line, 'content') ?? `The model refused; falling back${fallback ? ` to ${fallback}` : ''}`;
      return [notice('warning', message, 'model_refusal_fallback')];
    }
    case 'model_refusal_no_fallback': {
      const error: ErrorDisplayEvent = { kind: 'error', message: stringField(line, 'content') ?? 'The model refused to answer', fatal: false, code: 'model_refusal' };
      return [error];
    }
    case 'mirror_error':
      return [notice('warning', `Session mirror error: ${stringField(line, 'error') ?? 'unknown'}`, 'mirror_error')];
    case 'session_writes_lost': {
      const code = stringField(line, 'error_code');
      const lost = (arrayField(line, 'lost') ?? []).filter((item): item is string => typeof item === 'string');
      return [notice('warning', `Session writes lost${code ? ` (${code})` : ''}${lost.length > 0 ? `: ${lost.join(', ')}` : ''}`, 'session_writes_lost')];
    }
    case 'hook_response': {
      if (stringField(line, 'outcome') !== 'error') break;
      const name = stringField(line, 'hook_name') ?? 'a hook';
      const exit = numberField(line, 'exit_code');
      const stderr = stringField(line, 'stderr')?.trim();
      return [notice('warning', `Hook ${name} failed${exit === undefined ? '' : ` (exit code ${exit})`}${stderr ? `: ${stderr}` : ''}`, 'hook_failed')];
    }
    default:
      if (subtype === undefined || !QUIET_SYSTEM_SUBTYPES.has(subtype)) {
        context.ignore(`system subtype "${subtype ?? '(none)'}" is not known; ignored, as the SDK tells consumers to`);
        return [];
      }
  }
  context.ignore(`system/${subtype}: nothing to show`);
  return [];
}

/** A rate-limit change: nothing while requests are allowed, a warning when near or at the limit. */
export function rateLimitEvents(line: ClaudeRateLimitEvent, context: LineContext): DisplayEvent[] {
  const info = line.rate_limit_info;
  const status = info?.status;
  if (info === undefined || (status !== 'allowed_warning' && status !== 'rejected')) {
    context.ignore(`rate_limit_event with status ${status ?? '(none)'}: nothing to show`);
    return [];
  }
  const limit = info.rateLimitType ? ` ${info.rateLimitType}` : '';
  const resets = isoTime(info.resetsAt);
  const until = resets === undefined ? '' : `; resets at ${resets}`;
  if (status === 'rejected') return [notice('warning', `Rate limit reached${limit ? ` (${limit.trim()})` : ''}${until}`, 'rate_limit')];
  const used = info.utilization === undefined ? '' : ` ${Math.round(info.utilization * 100)}% of the`;
  return [notice('warning', `Rate limit warning:${used}${limit} limit${used ? ' used' : ''}${until}`, 'rate_limit')];
}

/** A control request from the CLI: a permission prompt is worth a notice, the rest is protocol. */
export function controlRequestEvents(line: JsonObject, context: LineContext): DisplayEvent[] {
  const request = objectField(line, 'request');
  if (stringField(request, 'subtype') !== 'can_use_tool') {
    context.ignore('control_request: control protocol');
    return [];
  }
  const tool = stringField(request, 'tool_name') ?? 'a tool';
  const arg = previewToolInput(ownField(request, 'input'));
  return [notice('info', `Permission requested for ${tool}${arg ? `: ${arg}` : ''}`, 'permission_request')];
}
