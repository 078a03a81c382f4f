import hljsCore from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import makefile from 'highlight.js/lib/languages/makefile';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import scss from 'highlight.js/lib/languages/scss';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { escapeHtmlText, markInvisible } from './escape-html.js';
import { keepLayouts } from './kept-layouts.js';

/*
 * highlight.js's core with a chosen list of languages (what agents read and
 * write most), in an instance of its own so that a page's global hljs is left
 * alone. It escapes the code itself and writes only `<span class="hljs-...">`:
 * plain markup that the transcript's stylesheet colours, no script.
 */
const hljs = hljsCore.newInstance();
const LANGUAGES = { bash, c, cpp, csharp, css, diff, dockerfile, go, ini, java, javascript, json, kotlin, makefile, markdown, php, python, ruby, rust, scss, shell, sql, swift, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
hljs.registerAliases(['tsx', 'mts', 'cts'], { languageName: 'typescript' });
hljs.registerAliases(['jsx', 'mjs', 'cjs'], { languageName: 'javascript' });
hljs.registerAliases(['json5', 'jsonc', 'jsonl'], { languageName: 'json' });
hljs.registerAliases(['sh', 'zsh', 'console'], { languageName: 'bash' });
hljs.registerAliases(['vue', 'svelte'], { languageName: 'xml' });
hljs.registerAliases(['toml'], { languageName: 'ini' });

/**
 * Past this many characters code is shown escaped but not coloured: a long
 * file costs the highlighter far more than it adds, and streamed output stays
 * fast (x-bench).
 */
export const MAX_HIGHLIGHT_CHARS = 16 * 1024;

/**
 * How much code one document highlights in all. Highlighting costs far more
 * per character than everything else a renderer does: a transcript of usual
 * size is coloured throughout, and a very long run shows the rest of its code
 * escaped but plain, so it streams at the speed of the rest (x-bench).
 */
export const DOCUMENT_HIGHLIGHT_CHARS = 64 * 1024;

/** Turns code into HTML for a `<code>` element: highlighted or only escaped, never markup of its own. */
export type Highlighter = (code: string, language: string | undefined) => string;

/** A {@link Highlighter} that highlights until `budget` characters of code have been, then only escapes. */
export function createHighlighter(budget: number = DOCUMENT_HIGHLIGHT_CHARS): Highlighter {
  let left = budget;
  return (code, language) => {
    if (code.length > left || knownLanguage(language) === undefined) return escapeHtmlText(code);
    left -= code.length;
    return highlightCode(code, language);
  };
}

/** The registered language for a fence's info word or a path's language, if any. */
export function knownLanguage(language: string | undefined): string | undefined {
  if (language === undefined || language === '' || language === 'plaintext') return undefined;
  const found = hljs.getLanguage(language);
  return found === undefined ? undefined : language.toLowerCase();
}

/**
 * `code` as HTML for a `<code>` element: coloured by `language` when it is a
 * known one and the code is not too long, else only escaped. Either way
 * nothing of the code becomes markup of its own. A {@link Highlighter}
 * without a budget.
 */
export function highlightCode(code: string, language: string | undefined): string {
  const known = knownLanguage(language);
  if (known === undefined || code.length > MAX_HIGHLIGHT_CHARS) return escapeHtmlText(code);
  try {
    // highlight.js escapes only what matters to HTML: controls, bidi and zero-width characters are marked first.
    const result = hljs.highlight(markInvisible(code), { language: known, ignoreIllegals: true });
    // The last result holds the token tree highlight.js builds, and so its layouts (kept-layouts.ts).
    keepLayouts('highlight.js', result);
    return result.value;
  } catch {
    // A grammar that throws on odd input must not lose the code: show it plain.
    return escapeHtmlText(code);
  }
}
