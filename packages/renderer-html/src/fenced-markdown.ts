import type { Highlighter } from './highlight.js';
import { simpleProseHtml } from './simple-markdown.js';

/*
 * Most texts that the simple path (simple-markdown.ts) leaves to markdown-it
 * are such prose with fenced code blocks in it. A fence ends a paragraph or
 * a list and is no container, so the prose between fences is written by the
 * simple path piece by piece, and each fence as markdown.ts's fence rule
 * writes it: markdown-it's parse is skipped for them (x-bench). Only fences
 * nothing else could read otherwise take this path; the property tests in
 * fenced-markdown.test.ts hold it to markdown-it's output and calls.
 */

/** The info words a fence's class is written for, as markdown.ts's fence rule has them. */
export const FENCE_LANGUAGE = /^[\w+#.-]{1,32}$/;

/** An opening line this path takes: three backticks at column 0 and an optional info word, nothing else. */
const OPENER = /^```([\w+#.-]*)$/;
/** A line CommonMark closes a backtick fence of three at: only the exact `` ``` `` is taken, any other is refused. */
const CLOSER_LIKE = /^ {0,3}`{3,}[ \t]*$/;
const CLOSER = '```';

/** One fenced block, found and not yet highlighted. */
interface Fence {
  /** The lines between the opening and the closing line, without the last `\n`: what markdown-it's fence rule highlights. */
  code: string;
  /** The info word when it names a class, else `''`. */
  language: string;
}

/** A fence and where the text after its closing line starts. */
interface FoundFence {
  fence: Fence;
  next: number;
}

/**
 * The HTML of `source` when it is prose that {@link simpleProseHtml}
 * writes and fenced code blocks, as markdown-it writes it with markdown.ts's
 * rules; `undefined` when markdown-it must parse it. The highlighter is
 * called only once the whole source is known to take this path, for each
 * fence in order, as markdown-it's renderer calls it: a caller that falls
 * back to markdown-it has spent nothing of its highlighting budget. The
 * source has been through `markInvisible`.
 */
export function fencedProseHtml(source: string, highlight: Highlighter): string | undefined {
  // markdown-it turns `\r` into `\n` and `\0` into U+FFFD before parsing.
  if (source.includes('\r') || source.includes('\0')) return undefined;
  const parts = fencedParts(source);
  if (parts === undefined) return undefined;
  let html = '';
  for (const part of parts) {
    const piece = typeof part === 'string' ? part : fenceHtml(part, highlight);
    if (piece !== '') html += html === '' ? piece : `\n${piece}`;
  }
  return html;
}

/** The prose pieces' HTML and the fences between them, in order; `undefined` at the first thing this path does not write. */
function fencedParts(source: string): Array<string | Fence> | undefined {
  const parts: Array<string | Fence> = [];
  let at = 0;
  for (;;) {
    // Every doubled backtick outside a fence must start an opening line: the simple path refuses any other.
    const tick = source.indexOf('``', at);
    // The fence is looked at before the prose: a text with a doubled code span is refused before any prose is written.
    const found = tick === -1 ? undefined : fenceAt(source, tick);
    if (tick !== -1 && found === undefined) return undefined;
    const prose = simpleProseHtml(source.slice(at, tick === -1 ? source.length : tick));
    if (prose === undefined) return undefined;
    parts.push(prose);
    if (found === undefined) return parts;
    parts.push(found.fence);
    at = found.next;
  }
}

/** The end of the line holding `at`: the next `\n` or the end of the source. */
function lineEnd(source: string, at: number): number {
  const end = source.indexOf('\n', at);
  return end === -1 ? source.length : end;
}

/**
 * The fence whose opening line starts at `start`, up to the first line
 * CommonMark would close it at; `undefined` when the opening line is not one
 * this path takes, that first closing line is not exactly `` ``` ``, or no
 * line closes it.
 */
function fenceAt(source: string, start: number): FoundFence | undefined {
  if (start > 0 && source.charCodeAt(start - 1) !== 10) return undefined;
  const openEnd = lineEnd(source, start);
  const info = OPENER.exec(source.slice(start, openEnd))?.[1];
  if (info === undefined || openEnd === source.length) return undefined;
  const body = openEnd + 1;
  // Every line that could close the fence holds three backticks: only those lines are looked at.
  for (let tick = source.indexOf(CLOSER, body); tick !== -1; ) {
    const lineStart = source.lastIndexOf('\n', tick) + 1;
    const end = lineEnd(source, tick);
    const line = source.slice(lineStart, end);
    if (CLOSER_LIKE.test(line)) {
      if (line !== CLOSER) return undefined;
      // markdown-it's fence rule drops the `\n` that ends the last line of code.
      const code = lineStart === body ? '' : source.slice(body, lineStart - 1);
      return { fence: { code, language: FENCE_LANGUAGE.test(info) ? info : '' }, next: Math.min(end + 1, source.length) };
    }
    tick = source.indexOf(CLOSER, end);
  }
  return undefined;
}

/** A fence as markdown.ts's fence rule writes it. */
function fenceHtml(fence: Fence, highlight: Highlighter): string {
  const cls = fence.language === '' ? '' : ` class="language-${fence.language}"`;
  return `<pre><code${cls}>${highlight(fence.code, fence.language)}</code></pre>`;
}
