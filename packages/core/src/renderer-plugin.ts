import type { Renderer } from './renderer.js';
import type { RunOutcome } from './run-outcome.js';
import type { SpecificationVersion } from './source.js';
import { checkSpecificationVersion } from './specification-version.js';

/** What an application (`xview`) hands a renderer plugin's `create`: where to write, and what the output is like. */
export interface RendererPluginOptions {
  /**
   * Writes text (or UTF-8 bytes) to the output; a returned promise means the
   * output is full: return it from the renderer's `write` or `end`.
   */
  write(chunk: string | Uint8Array): void | Promise<void>;
  /** Whether the output is a terminal. */
  isTTY: boolean;
  /** The terminal's width, when the output is one that reports it. */
  columns: number | undefined;
  /** The environment (`NO_COLOR`, `TERM` and the like); read it, never change it. */
  env: Record<string, string | undefined>;
  /**
   * The source of the first input, when the application knows it before the
   * first event (a page may name its provider). Added in contract v1 as
   * optional: an application may leave it out.
   */
  source?: { id: string; displayName: string } | undefined;
}

/** What an application hands a renderer after each input's events: that input's outcome, aggregated once by the pipeline. */
export interface InputReport {
  /** The input as the application names it (a file name, `-` for standard input). */
  input: string;
  /** The source the input was read with. */
  source: { id: string; displayName: string };
  /** The outcome of the input's run; its calls and files are listed only for a plugin that set `listsCalls`. */
  outcome: RunOutcome;
}

/**
 * A renderer as a plugin's module exports it: an id for `--renderer <id>`,
 * the contract version, and a factory of one renderer per run. The renderer
 * `create` returns may also take {@link InputReport}s through `report`.
 */
export interface RendererPlugin {
  readonly specificationVersion: SpecificationVersion;
  /** Short, stable identifier, what `--renderer` names: `"markdown"`. */
  readonly id: string;
  /** Human name: `"Markdown"`. */
  readonly displayName?: string;
  /**
   * Whether the outcome handed to `report` lists every call and touched file
   * (bounded: `RUN_OUTCOME_MAX_CALLS`); without it only their counts are
   * kept, so memory stays flat however long the run. Default `false`.
   */
  readonly listsCalls?: boolean;
  /**
   * Loads what `create` needs (a module imported on first use, a chunk of a
   * bundled application); awaited once before the first `create`. A plugin
   * that imports nothing late leaves it out.
   */
  load?(): Promise<void>;
  /**
   * One renderer for one run, over every input of the run. It may throw when
   * it cannot start (the application reports that, naming the plugin); it
   * never throws on events. What it writes goes through `options.write`.
   */
  create(options: RendererPluginOptions): Renderer & RendererReportReader;
}

/** The optional part of a plugin's renderer: the outcome of each input, after its events. */
export interface RendererReportReader {
  /** Called once per input, after that input's events and before the run's `end`; may return the sink's promise. */
  report?(report: InputReport): void | Promise<void>;
}

const RENDERER_ID = /^[a-z0-9][a-z0-9._-]*$/;

/**
 * Checks a renderer plugin and returns it (the same object: a plugin's
 * methods may rely on `this`). Throws a `TypeError` that says what to fix when
 * it is wrong, and refuses a plugin built against another contract version,
 * naming both versions. An application checks every plugin it loads through
 * this, whoever defined it.
 *
 * @example
 * ```ts
 * export const shout = defineRendererPlugin({
 *   specificationVersion: 'v1',
 *   id: 'shout',
 *   displayName: 'Shouting',
 *   create: ({ write }) => ({
 *     specificationVersion: 'v1',
 *     write: (event) => (event.kind === 'text' ? write(event.text.toUpperCase()) : undefined),
 *     end: () => write('\n'),
 *   }),
 * });
 * ```
 */
export function defineRendererPlugin<P extends RendererPlugin>(plugin: P): P {
  if (plugin === null || typeof plugin !== 'object') {
    throw new TypeError('defineRendererPlugin expects an object with specificationVersion, id and create.');
  }
  const label = typeof plugin.id === 'string' ? `renderer "${plugin.id}"` : 'renderer';
  checkSpecificationVersion(
    typeof plugin.displayName === 'string' && plugin.displayName !== '' ? `${label} (${plugin.displayName})` : label,
    plugin.specificationVersion,
  );
  if (typeof plugin.id !== 'string' || !RENDERER_ID.test(plugin.id)) {
    throw new TypeError(`${label}: id must be a lowercase identifier such as "markdown" or "my-renderer", got ${JSON.stringify(plugin.id)}.`);
  }
  if (plugin.displayName !== undefined && (typeof plugin.displayName !== 'string' || plugin.displayName.trim() === '')) {
    throw new TypeError(`${label}: displayName must be a non-empty string when given, such as "Markdown".`);
  }
  if (plugin.listsCalls !== undefined && typeof plugin.listsCalls !== 'boolean') {
    throw new TypeError(`${label}: listsCalls must be true or false when given.`);
  }
  if (plugin.load !== undefined && typeof plugin.load !== 'function') {
    throw new TypeError(`${label}: load must be a function () => Promise<void> when given.`);
  }
  if (typeof plugin.create !== 'function') {
    throw new TypeError(`${label}: create must be a function (options) => renderer.`);
  }
  return plugin;
}
