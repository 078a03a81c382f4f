import { escapeHtml } from './escape-html.js';
import { LINK_REL, isSafeHref } from './safe-url.js';

/*
 * A small, safe subset of Markdown: paragraphs, headings, emphasis, inline
 * code, fenced code with a language class, lists and http(s) links. The whole
 * source is escaped before any rule runs, so a rule can only wrap text that is
 * already inert in fixed tags; nothing from the source ever becomes markup.
 */

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const BLANK = /^[ \t]*$/;
const LANGUAGE = /^[\w+#.-]{1,32}$/;

const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
const LINK = /\[([^[\]]*)\]\(([^()\s]*)\)/g;
const STRONG_STAR = /\*\*(?=[^\s*<])([^<]*?[^\s<])\*\*(?!\*)/g;
const STRONG_UNDERSCORE = /(^|[^\w])__(?=[^\s_<])([^<]*?[^\s_<])__(?!\w)/g;
const EM_STAR = /\*(?=[^\s*<])([^*<]*?[^\s*<])\*/g;
const EM_UNDERSCORE = /(^|[^\w])_(?=[^\s_<])([^_<]*?[^\s_<])_(?!\w)/g;
const MARKUP_CHARS = /[*_]/;

function emphasis(escaped: string): string {
  if (!MARKUP_CHARS.test(escaped)) return escaped;
  return escaped
    .replace(STRONG_STAR, '<strong>$1</strong>')
    .replace(STRONG_UNDERSCORE, '$1<strong>$2</strong>')
    .replace(EM_STAR, '<em>$1</em>')
    .replace(EM_UNDERSCORE, '$1<em>$2</em>');
}

function linksAndEmphasis(escaped: string): string {
  if (!escaped.includes('](')) return emphasis(escaped);
  let out = '';
  let last = 0;
  LINK.lastIndex = 0;
  for (let match = LINK.exec(escaped); match !== null; match = LINK.exec(escaped)) {
    const [whole, label = '', url = ''] = match;
    if (!isSafeHref(url)) continue;
    out += emphasis(escaped.slice(last, match.index));
    out += `<a href="${url}" rel="${LINK_REL}">${emphasis(label === '' ? url : label)}</a>`;
    last = match.index + whole.length;
  }
  return out + emphasis(escaped.slice(last));
}

function inline(escaped: string): string {
  if (!escaped.includes('`')) return linksAndEmphasis(escaped);
  let out = '';
  let last = 0;
  CODE_SPAN.lastIndex = 0;
  for (let match = CODE_SPAN.exec(escaped); match !== null; match = CODE_SPAN.exec(escaped)) {
    let code = match[2] ?? '';
    if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ')) code = code.slice(1, -1);
    out += linksAndEmphasis(escaped.slice(last, match.index)) + `<code>${code}</code>`;
    last = match.index + match[0].length;
  }
  return out + linksAndEmphasis(escaped.slice(last));
}

interface ListLevel {
  tag: 'ul' | 'ol';
  indent: number;
}

/** Renders escaped Markdown lines to HTML, block by block. */
class BlockWriter {
  private out: string[] = [];
  private paragraph: string[] = [];
  private lists: ListLevel[] = [];

  html(): string {
    this.closeParagraph();
    this.closeLists(0);
    return this.out.join('');
  }

  code(language: string, lines: string[]): void {
    this.closeParagraph();
    this.closeLists(0);
    const cls = LANGUAGE.test(language) ? ` class="language-${language}"` : '';
    this.out.push(`<pre><code${cls}>${lines.join('\n')}</code></pre>`);
  }

  blank(): void {
    this.closeParagraph();
    this.closeLists(0);
  }

  heading(level: number, text: string): void {
    this.closeParagraph();
    this.closeLists(0);
    // Turn headings are h2, so Markdown's levels start below them.
    const tag = `h${Math.min(level + 2, 6)}`;
    this.out.push(`<${tag}>${inline(text)}</${tag}>`);
  }

  rule(): void {
    this.closeParagraph();
    this.closeLists(0);
    this.out.push('<hr>');
  }

  listItem(indent: number, marker: string, text: string): void {
    this.closeParagraph();
    const tag = marker.length === 1 && '-*+'.includes(marker) ? 'ul' : 'ol';
    while (this.lists.length > 1 && (this.lists[this.lists.length - 1]?.indent ?? 0) > indent) this.closeLevel();
    const top = this.lists[this.lists.length - 1];
    if (top !== undefined && indent <= top.indent && top.tag === tag) {
      this.out.push('</li><li>');
    } else {
      if (top !== undefined && indent <= top.indent) this.closeLevel();
      const start = tag === 'ol' ? Number.parseInt(marker, 10) : 1;
      this.out.push(tag === 'ol' && start !== 1 ? `<ol start="${start}"><li>` : `<${tag}><li>`);
      this.lists.push({ tag, indent });
    }
    this.out.push(inline(text));
  }

  line(text: string): void {
    if (this.lists.length > 0) {
      this.out.push(`<br>${inline(text.trim())}`);
      return;
    }
    this.paragraph.push(inline(text.trim()));
  }

  private closeParagraph(): void {
    if (this.paragraph.length === 0) return;
    this.out.push(`<p>${this.paragraph.join('<br>\n')}</p>`);
    this.paragraph = [];
  }

  private closeLevel(): void {
    const level = this.lists.pop();
    if (level !== undefined) this.out.push(`</li></${level.tag}>`);
  }

  private closeLists(keep: number): void {
    while (this.lists.length > keep) this.closeLevel();
  }
}

/**
 * Renders untrusted Markdown to safe HTML: paragraphs (a single newline is a
 * line break), headings (as `h3` to `h6`), `*emphasis*`, `**strong**`,
 * `` `inline code` ``, fenced code blocks (`<pre><code class="language-x">`),
 * bulleted and numbered lists, horizontal rules, and `[links](https://...)`
 * for `http:` and `https:` targets only, with `rel="noopener noreferrer
 * nofollow"`. Anything else, including links to other schemes and raw HTML,
 * shows as the text it is.
 */
export function renderMarkdown(source: string): string {
  const lines = escapeHtml(source).split(/\r?\n|\r/);
  const writer = new BlockWriter();
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const fence = FENCE_OPEN.exec(line);
    if (fence !== null) {
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      let j = i + 1;
      for (; j < lines.length; j += 1) {
        const close = FENCE_CLOSE.exec(lines[j] ?? '');
        if (close !== null && close[1]?.[0] === marker[0] && (close[1]?.length ?? 0) >= marker.length) break;
        body.push(lines[j] ?? '');
      }
      writer.code(fence[2] ?? '', body);
      i = j;
      continue;
    }
    if (BLANK.test(line)) {
      writer.blank();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading !== null) {
      writer.heading(heading[1]?.length ?? 1, heading[2] ?? '');
      continue;
    }
    if (RULE.test(line)) {
      writer.rule();
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item !== null) {
      writer.listItem(item[1]?.length ?? 0, item[2] ?? '-', item[3] ?? '');
      continue;
    }
    writer.line(line);
  }
  return writer.html();
}
