export { createMarkdownRenderer } from './markdown-renderer.js';
export type { MarkdownRendererOptions } from './markdown-renderer.js';
export { markdownRenderer } from './plugin.js';
