import type { Renderer, SpecificationVersion } from '@x/core';
import { createMarkdownRenderer } from './markdown-renderer.js';

/** What `xview` hands a renderer plugin's `create`: where to write, and what the terminal is like. */
export interface RendererPluginOptions {
  /** Writes to standard output; returns a promise while the pipe is full. */
  write(text: string): void | Promise<void>;
  isTTY: boolean;
  columns: number | undefined;
  env: Record<string, string | undefined>;
}

/** A renderer as `xview --plugin` finds it among a module's exports: an id for `--renderer`, and a factory of one renderer per run. */
export interface RendererPlugin {
  readonly specificationVersion: SpecificationVersion;
  readonly id: string;
  readonly displayName?: string;
  create(options: RendererPluginOptions): Renderer;
}

/** `xview --plugin x-renderer-markdown --renderer markdown run.jsonl` prints the run as Markdown. */
export const markdownRenderer: RendererPlugin = {
  specificationVersion: 'v1',
  id: 'markdown',
  displayName: 'Markdown',
  create: ({ write }) => createMarkdownRenderer({ sink: write }),
};
