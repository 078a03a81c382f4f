import { formatDuration, summarizeToolResult, type FileEdit, type ToolResultDisplayEvent, type ToolUseDisplayEvent } from '@x/core';
import { clipText, omittedHtml } from './clip-text.js';
import { escapeHtml, escapeHtmlText } from './escape-html.js';
import { diffStatHtml, editsOfCall, fileEditsHtml } from './file-edit-html.js';
import { highlightCode, type Highlighter } from './highlight.js';
import { languageForPath } from './language-class.js';
import { subagentAttributes } from './event-html.js';

/**
 * Where a tool call stands when its element is written: `done` (result
 * known), `running` (a live view that will replace it), `waiting` (a stream
 * that must move on; the result follows as a separate element) or
 * `unfinished` (the run ended without a result).
 */
export type ToolCallState = 'done' | 'running' | 'waiting' | 'unfinished';

const STATUS_TEXT: Record<Exclude<ToolCallState, 'done'>, string> = {
  running: 'running',
  waiting: 'result below',
  unfinished: 'unfinished: no result arrived',
};

function marker(name: string, arg: string | undefined, edits: readonly FileEdit[] = []): string {
  const argHtml = arg === undefined || arg === '' ? '' : ` <code class="tool-arg">${escapeHtml(arg)}</code>`;
  return `<span class="tool-name">${escapeHtml(name)}</span>${diffStatHtml(edits)}${argHtml}`;
}

function prettyJson(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    // Events are JSON data, but a caller may hand over anything: show what it is.
    return String(value);
  }
}

function meta(rows: [string, string][]): string {
  if (rows.length === 0) return '';
  return `<dl class="tool-meta">${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

function useRows(use: ToolUseDisplayEvent): [string, string][] {
  const rows: [string, string][] = [];
  if (use.toolName !== use.name) rows.push(['Tool', `<code>${escapeHtml(use.toolName)}</code>`]);
  if (use.id !== '') rows.push(['Call', `<code>${escapeHtml(use.id)}</code>`]);
  return rows;
}

function jsonInputHtml(label: string, input: unknown): string {
  const json = prettyJson(input);
  if (json === undefined) return '';
  const language = typeof input === 'string' ? 'plaintext' : 'json';
  const { shown, omitted } = clipText(json);
  return `<p class="label">${label}</p><pre class="tool-input"><code class="language-${language}">${escapeHtmlText(shown)}</code></pre>${omittedHtml(omitted)}`;
}

/**
 * The call's input. Where its result says another input ran (`result.input`),
 * both are shown, the one that ran first: what ran is what is shown.
 */
function inputHtml(use: ToolUseDisplayEvent, result: ToolResultDisplayEvent | undefined, edits: readonly FileEdit[], highlight: Highlighter): string {
  if (result?.input !== undefined) return jsonInputHtml('Input it completed with', result.input) + jsonInputHtml('Input announced at its start', use.input);
  // An edit reads as its diff or the file it wrote; its input as JSON only says the same thing less clearly.
  if (edits.length > 0) return fileEditsHtml(edits, highlight);
  return jsonInputHtml('Input', use.input);
}

/** The preview of what ran: the result's, where it says another input ran than the call announced. */
function ranArg(use: ToolUseDisplayEvent | undefined, result: ToolResultDisplayEvent | undefined): string | undefined {
  return typeof result?.arg === 'string' ? result.arg : use?.arg;
}

function isObject<T>(value: T): value is T & object {
  return value !== null && typeof value === 'object';
}

// Events that crossed a boundary unvalidated may lack `details`; a summary needs the object.
function withDetails(result: ToolResultDisplayEvent): ToolResultDisplayEvent {
  return isObject(result.details) ? result : { ...result, details: {} };
}

// A class name is never taken from an event, even one typed as an enum: the event may not have been validated.
function statusClass(result: ToolResultDisplayEvent): string {
  return result.status === 'error' ? 'error' : 'success';
}

/** Standard error is shown as it is, never highlighted. */
const escapePlain: Highlighter = (code) => escapeHtmlText(code);

function codeHtml(cls: string, text: string, language: string, highlight: Highlighter): string {
  const { shown, omitted } = clipText(text);
  return `<pre class="${cls}"><code class="language-${language}">${highlight(shown, language)}</code></pre>${omittedHtml(omitted)}`;
}

function resultRows(result: ToolResultDisplayEvent): [string, string][] {
  const { details } = result;
  const rows: [string, string][] = [];
  if (details.exitCode !== undefined) rows.push(['Exit code', escapeHtml(String(details.exitCode))]);
  if (details.durationMs !== undefined) rows.push(['Duration', escapeHtml(formatDuration(details.durationMs))]);
  const changes = Array.isArray(details.changes) ? details.changes.filter(isObject) : [];
  if (changes.length > 0) rows.push(['Files', changes.map((c) => `${escapeHtml(c.change)} <code>${escapeHtml(c.path)}</code>`).join(', ')]);
  return rows;
}

function outputHtml(result: ToolResultDisplayEvent, summary: string, highlight: Highlighter): string {
  const { details } = result;
  let body = '';
  // The summary line already shows a short message; the body repeats it only when the line had to cut it.
  if (result.status === 'error' && details.errorMessage !== undefined && details.errorMessage !== result.output && summary !== `Error: ${details.errorMessage}`) {
    body += `<p class="error-message">${escapeHtml(details.errorMessage)}</p>`;
  }
  const file = result.toolKind === 'read';
  // An edit that reports no output has still done its work (Codex `file_change`): nothing to say, rather than "could not read".
  if (result.toolKind === 'edit' && result.outputState !== 'text' && result.status === 'success') return body;
  body += '<p class="label">Output</p>';
  switch (result.outputState) {
    case 'text': {
      // Only a read's output is the file; an edit's is the tool's message about it.
      const language = result.toolKind === 'read' ? languageForPath(details.path) : 'plaintext';
      body += codeHtml('tool-output', result.output ?? '', language, highlight);
      break;
    }
    case 'empty':
      body += `<p class="tool-empty">${file ? '(empty file)' : '(empty output)'}</p>`;
      break;
    default:
      body += `<p class="tool-unavailable">${file ? 'could not read the file content' : 'could not read the output'}</p>`;
  }
  if (details.stderr !== undefined && details.stderr !== '' && details.stderr !== result.output) {
    body += `<p class="label">Standard error</p>${codeHtml('tool-stderr', details.stderr, 'plaintext', escapePlain)}`;
  }
  return body;
}

/**
 * One tool call as a collapsible `<details>`: the summary line shows the
 * marker (canonical name and argument preview) and the one-line result from
 * `summarizeToolResult`; the body shows the input as pretty JSON and the full
 * output, and between them the HTML of the call's subagent, when it had one.
 * Either event may be missing: a call without a result is shown with
 * its `state`, a result whose call was never announced with its name only.
 */
export function toolCallHtml(
  use: ToolUseDisplayEvent | undefined,
  resultEvent: ToolResultDisplayEvent | undefined,
  state: ToolCallState,
  subagentHtml = '',
  highlight: Highlighter = highlightCode,
): string {
  const result = resultEvent === undefined ? undefined : withDetails(resultEvent);
  const source = use ?? result;
  if (source === undefined) return '';
  const classes = ['tool', result === undefined ? state : statusClass(result)];
  const status = result === undefined ? STATUS_TEXT[state === 'done' ? 'unfinished' : state] : summarizeToolResult(result);
  const edits = editsOfCall(use);
  const summary = `<summary>${marker(use?.name ?? source.name, ranArg(use, result), edits)} <span class="tool-status">— ${escapeHtml(status)}</span></summary>`;
  const rows = [...(use === undefined ? [] : useRows(use)), ...(result === undefined ? [] : resultRows(result))];
  const subagent = subagentHtml === '' ? '' : `<div class="subagent" role="group" aria-label="Subagent">\n${subagentHtml}</div>`;
  const body = meta(rows) + (use === undefined ? '' : inputHtml(use, result, edits, highlight)) + subagent + (result === undefined ? '' : outputHtml(result, status, highlight));
  return `<details class="${classes.join(' ')}"${subagentAttributes(source.parentToolUseId)}>${summary}${body}</details>`;
}

/**
 * The result of a call that was already written in the `waiting` state, as
 * its own `<details>` (class `tool-late`) naming the call again. `result`
 * missing means the run ended first: a line that marks the call unfinished.
 */
export function lateToolResultHtml(
  name: string,
  arg: string,
  resultEvent: ToolResultDisplayEvent | undefined,
  parentToolUseId: string | undefined,
  highlight: Highlighter = highlightCode,
): string {
  const result = resultEvent === undefined ? undefined : withDetails(resultEvent);
  const attributes = subagentAttributes(parentToolUseId);
  if (result === undefined) {
    return `<p class="tool-late unfinished"${attributes}>Result of ${marker(name, arg)} <span class="tool-status">— ${STATUS_TEXT.unfinished}</span></p>`;
  }
  const status = summarizeToolResult(result);
  const ran = typeof result.arg === 'string' ? result.arg : arg;
  const summary = `<summary>Result of ${marker(name, ran)} <span class="tool-status">— ${escapeHtml(status)}</span></summary>`;
  const input = result.input === undefined ? '' : jsonInputHtml('Input it completed with', result.input);
  return `<details class="tool-late ${statusClass(result)}"${attributes}>${summary}${meta(resultRows(result))}${input}${outputHtml(result, status, highlight)}</details>`;
}
