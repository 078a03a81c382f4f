import type { PromptDisplayEvent } from '@x/core';
import { escapeHtml } from './escape-html.js';
import { subagentAttributes } from './event-html.js';

const LABEL: Readonly<Record<PromptDisplayEvent['form'], string>> = { prompt: 'Prompt', command: 'Command', interrupt: 'Interrupted' };

/**
 * The person's side of a turn, at the top of the turn it opens: a labelled
 * block (`Prompt`, `Command`, `Interrupted`) in the accent colour, the text
 * as typed (escaped, line breaks kept; never read as Markdown, which would
 * change what the person wrote).
 */
export function promptHtml(event: PromptDisplayEvent): string {
  const form = event.form === 'command' || event.form === 'interrupt' ? event.form : 'prompt';
  const text = typeof event.text === 'string' ? event.text.replace(/^\n+|\s+$/g, '') : '';
  const body = text === '' ? '' : `<div class="prompt-text">${escapeHtml(text)}</div>`;
  const modifier = form === 'prompt' ? '' : ` ${form}`;
  return `<div class="prompt${modifier}"${subagentAttributes(event.parentToolUseId)}><p class="prompt-label">${LABEL[form]}</p>${body}</div>`;
}
