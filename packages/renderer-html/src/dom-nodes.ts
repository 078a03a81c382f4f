import { markInvisible } from './escape-html.js';
import { TRANSCRIPT_CSS } from './transcript-style.js';

/** Adds the transcript stylesheet to the document, once. */
export function ensureStylesheet(document: Document): void {
  if (document.querySelector('style[data-x-transcript]') !== null) return;
  const style = document.createElement('style');
  style.setAttribute('data-x-transcript', '');
  style.textContent = TRANSCRIPT_CSS;
  (document.head ?? document.documentElement).append(style);
}

/**
 * The attributes of a subagent's block while it streams, as `subagentAttributes`
 * writes them once it is rendered: `setAttribute` needs no escaping, but the
 * id comes from the stream, and a bidi override or zero-width character in it
 * would act in the tooltip instead of showing.
 */
function markSubagent(element: Element, parentToolUseId: string | undefined): void {
  if (parentToolUseId === undefined) return;
  const id = markInvisible(parentToolUseId);
  element.setAttribute('data-parent-tool-use-id', id);
  element.setAttribute('title', `Subagent of call ${id}`);
}

function isOpenDetails(element: Element): boolean {
  return element.tagName === 'DETAILS' && (element as HTMLDetailsElement).open;
}

/** Puts escaped HTML in place of `element`, keeping a `<details>` open if the reader opened it. */
export function replaceWith(element: Element, html: string): Element | undefined {
  const open = isOpenDetails(element);
  if (html !== '') element.insertAdjacentHTML('afterend', html);
  const next = html === '' ? null : element.nextElementSibling;
  element.remove();
  if (open && next !== null && next.tagName === 'DETAILS') (next as HTMLDetailsElement).open = true;
  return next ?? undefined;
}

/** A turn's `<section>` with its heading. */
export function turnSection(document: Document, turn: number): Element {
  const section = document.createElement('section');
  section.className = 'turn';
  const heading = document.createElement('h2');
  heading.textContent = `Turn ${turn}`;
  section.append(heading);
  return section;
}

/** A block while it streams: plain text in a `div` (inside a `<details>` for reasoning), and its text node. */
export function streamingBlock(
  document: Document,
  kind: 'text' | 'reasoning',
  text: string,
  parentToolUseId: string | undefined,
): { outer: Element; text: Text } {
  const body = document.createElement('div');
  body.className = 'text streaming';
  const node = document.createTextNode(text);
  body.append(node);
  let outer: Element = body;
  if (kind === 'reasoning') {
    outer = document.createElement('details');
    outer.className = 'reasoning';
    const summary = document.createElement('summary');
    summary.textContent = 'Reasoning';
    outer.append(summary, body);
  }
  markSubagent(outer, parentToolUseId);
  return { outer, text: node };
}
