import { createRequire } from 'node:module';

/*
 * markdown-it as the bundled renderers import it (tsup.config.ts aliases
 * `markdown-it` to this module): a constructor that loads the real one, a
 * CommonJS bundle of its own (dist/markdown-it.cjs), the first time a parser
 * is made. Its 240 KB would otherwise be compiled on every start of xview
 * that loads the terminal renderer, most of which lay out no Markdown (not
 * verbose, no colour, or only plain prose, which takes the renderers' fast
 * paths). `require` keeps the renderers' synchronous API: an `import()` could
 * not.
 */

type MarkdownItConstructor = new (...args: unknown[]) => object;

const require = createRequire(import.meta.url);
let loaded: MarkdownItConstructor | undefined;

/** Makes a markdown-it parser (`new MarkdownIt(...)`), loading markdown-it on first use. */
export default function MarkdownIt(...args: unknown[]): object {
  loaded ??= (require('./markdown-it.cjs') as { default: MarkdownItConstructor }).default;
  return new loaded(...args);
}
