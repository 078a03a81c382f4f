import { escapeHtml } from './escape-html.js';

/**
 * The most characters of one block a page shows: a tool's input, a written
 * file, a diff, an output. A run may carry blocks of many megabytes (a
 * generated file, a dump); shown whole, each would be copied several times
 * on its way to the page (escaped, highlighted, joined) and make the page
 * unreadable. The rest is not dropped silently: a line says how much of it
 * there was.
 */
export const MAX_SHOWN_CHARS = 512 * 1024;

/** `text` cut to `max` characters, and how many were left out. */
export function clipText(text: string, max: number = MAX_SHOWN_CHARS): { shown: string; omitted: number } {
  if (text.length <= max) return { shown: text, omitted: 0 };
  // Never cut a surrogate pair in half.
  const end = text.charCodeAt(max - 1) >= 0xd800 && text.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return { shown: text.slice(0, end), omitted: text.length - end };
}

/** The line that says what a clipped block left out (muted like an empty output); `''` when nothing was. */
export function omittedHtml(omitted: number): string {
  if (omitted === 0) return '';
  return `<p class="tool-empty clipped">${escapeHtml(`… ${omitted.toLocaleString('en-US')} more characters not shown`)}</p>`;
}
