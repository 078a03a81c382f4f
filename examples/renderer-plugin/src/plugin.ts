import { defineRendererPlugin } from '@x/core';
import { createMarkdownRenderer } from './markdown-renderer.js';

/** `xview --plugin x-renderer-markdown --renderer markdown run.jsonl` prints the run as Markdown. */
export const markdownRenderer = defineRendererPlugin({
  specificationVersion: 'v1',
  id: 'markdown',
  displayName: 'Markdown',
  create: ({ write }) => createMarkdownRenderer({ sink: write }),
});
