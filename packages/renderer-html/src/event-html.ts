import type { ErrorDisplayEvent, NoticeDisplayEvent, SessionDisplayEvent } from '@x/core';
import { escapeHtml } from './escape-html.js';
import type { Highlighter } from './highlight.js';
import { renderMarkdown } from './markdown.js';
import { streamTime, type ResolvedTranscriptOptions, type ShownTime } from './transcript-options.js';

/**
 * The attributes that mark an element as part of a subagent's work (an event
 * with `parentToolUseId`), indented under the call that started it.
 */
export function subagentAttributes(parentToolUseId: string | undefined): string {
  if (parentToolUseId === undefined) return '';
  const id = escapeHtml(parentToolUseId);
  return ` data-parent-tool-use-id="${id}" title="Subagent of call ${id}"`;
}

/** A complete block of assistant text as prose; empty when the block holds only whitespace. */
export function textBlockHtml(text: string, parentToolUseId: string | undefined, highlight?: Highlighter): string {
  const body = renderMarkdown(text, highlight);
  return body === '' ? '' : `<div class="text"${subagentAttributes(parentToolUseId)}>${body}</div>`;
}

/** A complete reasoning block, collapsed by default; empty when it holds only whitespace. */
export function reasoningBlockHtml(text: string, parentToolUseId: string | undefined, highlight?: Highlighter): string {
  const body = renderMarkdown(text, highlight);
  return body === '' ? '' : `<details class="reasoning"${subagentAttributes(parentToolUseId)}><summary>Reasoning</summary><div class="text">${body}</div></details>`;
}

/** A provider-reported error, announced to assistive technology (`role="alert"`). */
export function errorHtml(event: ErrorDisplayEvent): string {
  const label = event.fatal === true ? 'Fatal error' : 'Error';
  const code = event.code === undefined ? '' : ` <code>${escapeHtml(event.code)}</code>`;
  return `<div class="error-message" role="alert"${subagentAttributes(event.parentToolUseId)}><strong>${label}:</strong>${code} ${escapeHtml(event.message)}</div>`;
}

/** A notice: a retry, a permission request, a rate limit. */
export function noticeHtml(event: NoticeDisplayEvent): string {
  const warning = event.level === 'warning';
  const code = event.code === undefined ? '' : ` <code>${escapeHtml(event.code)}</code>`;
  return `<p class="notice ${warning ? 'warning' : 'info'}" role="status"${subagentAttributes(event.parentToolUseId)}><strong>${warning ? 'Warning' : 'Notice'}:</strong>${code} ${escapeHtml(event.message)}</p>`;
}

function row(term: string, value: string | undefined, wrap: (escaped: string) => string = (v) => v): string {
  return value === undefined || value === '' ? '' : `<div><dt>${term}</dt><dd>${wrap(escapeHtml(value))}</dd></div>`;
}

function timeRow(term: string, time: ShownTime | undefined): string {
  if (time === undefined) return '';
  return row(term, time.shown, (v) => (time.iso === undefined ? v : `<time datetime="${escapeHtml(time.iso)}">${v}</time>`));
}

/**
 * The session details as a definition list: provider from the options,
 * model, session id, working directory and agent version from the session
 * start event when there is one. The start time is the caller's, else the
 * stream's (the session start's `timestamp`); with neither, the render time
 * stands in, labelled `Rendered` so that no one takes it for the run's.
 */
export function sessionDetailsHtml(options: ResolvedTranscriptOptions, start: SessionDisplayEvent | undefined): string {
  const started = options.startedAt ?? streamTime(start?.timestamp);
  const rows =
    row('Provider', options.provider) +
    row('Model', start?.model) +
    row('Session', start?.sessionId, (v) => `<code>${v}</code>`) +
    (started === undefined ? timeRow('Rendered', options.renderedAt) : timeRow('Started', started)) +
    row('Directory', start?.cwd, (v) => `<code>${v}</code>`) +
    row('Agent version', start?.agentVersion);
  return rows === '' ? '' : `<dl class="run-details">${rows}</dl>`;
}

/** A session start that arrives after the header was written, as a fragment of its own. */
export function sessionFragmentHtml(start: SessionDisplayEvent): string {
  const rows =
    row('Model', start.model) +
    row('Session', start.sessionId, (v) => `<code>${v}</code>`) +
    timeRow('Started', streamTime(start.timestamp)) +
    row('Directory', start.cwd, (v) => `<code>${v}</code>`) +
    row('Agent version', start.agentVersion);
  return rows === '' ? '' : `<aside class="session-details" aria-label="Session details"><dl class="run-details">${rows}</dl></aside>`;
}

/** The opening of turn `n`: a section with its heading. */
export function turnOpenHtml(n: number): string {
  return `<section class="turn"><h2>Turn ${n}</h2>`;
}

/** Closes what {@link turnOpenHtml} opened. */
export const TURN_CLOSE = '</section>';
