import type { DisplayEvent, LineContext, NoticeDisplayEvent } from '@x/core';
import { objectField, ownField, previewToolInput, stringField } from '@x/core/provider-utils';
import type { ClaudeControlRequest, ClaudeRateLimitEvent } from './wire-schema.js';

/*
 * Lines about the service rather than the conversation: rate limits,
 * authentication, and the control protocol between the CLI and its host.
 */

const notice = (level: NoticeDisplayEvent['level'], message: string, code: string): NoticeDisplayEvent => ({ kind: 'notice', level, message, code });

/** A Unix time in seconds as an ISO instant, or `undefined` when it is out of range. */
function isoTime(unixSeconds: number | undefined): string | undefined {
  if (unixSeconds === undefined) return undefined;
  const date = new Date(unixSeconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
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
export function controlRequestEvents(line: ClaudeControlRequest, context: LineContext): DisplayEvent[] {
  const request = objectField(line, 'request');
  if (stringField(request, 'subtype') !== 'can_use_tool') {
    context.ignore('control_request: control protocol');
    return [];
  }
  const tool = stringField(request, 'tool_name') ?? 'a tool';
  const arg = previewToolInput(ownField(request, 'input'));
  return [notice('info', `Permission requested for ${tool}${arg ? `: ${arg}` : ''}`, 'permission_request')];
}

/** `auth_status`: an error when authentication failed, else progress shown as nothing. */
export function authStatusEvents(error: string | undefined, context: LineContext): DisplayEvent[] {
  if (error) return [{ kind: 'error', message: error, fatal: false, code: 'auth_status' }];
  context.ignore('auth_status: authentication progress');
  return [];
}
