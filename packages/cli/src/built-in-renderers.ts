import type { DisplayEvent, InputReport, Renderer, RendererPlugin, RendererPluginOptions, RunView } from '@x/core';
import { defineRenderer, defineRendererPlugin } from '@x/core';
import type { CliOptions } from './args.js';
import { eventsRenderer } from './events-renderer.js';
import { loadedParts } from './loaded-parts.js';
import { batchText, jsonForTerminal } from './output.js';
import { formatSummary } from './summary-table.js';

/** What the built-in renderers read of the command line: the flags no plugin is handed. */
export interface BuiltInRendererSettings {
  options: Pick<CliOptions, 'verbose' | 'showContent' | 'color' | 'json'>;
  /** The HTML page's title, when a command chose one. */
  title?: string | undefined;
}

/**
 * A renderer whose text is gathered and written once per turn of the loop
 * (or per 64 KiB), not once per event: one write per event cost a system
 * call and a buffer each, 361,000 for 100 MB of Gemini (x-bench).
 */
function batchedRenderer(options: RendererPluginOptions, create: (sink: (chunk: string) => void | Promise<void>) => Renderer): Renderer {
  const text = batchText(options.write);
  const renderer = create((chunk) => text.write(chunk));
  return defineRenderer({
    specificationVersion: 'v1',
    // The run's aggregate is handed on: the events pass in the order they came.
    write: (event: DisplayEvent, run?: RunView) => renderer.write(event, run),
    end(run?: RunView) {
      const ended = renderer.end(run);
      return ended === undefined ? text.flush() : ended.then(text.flush);
    },
  });
}

/** The renderer packages, each imported when its renderer is first chosen: they are chunks of their own in the bundled CLI. */
interface LoadedModules {
  terminal?: typeof import('@x/renderer-terminal');
  html?: typeof import('@x/renderer-html');
}

function terminalPlugin(settings: BuiltInRendererSettings, modules: LoadedModules): RendererPlugin {
  const { verbose, showContent, color } = settings.options;
  return defineRendererPlugin({
    specificationVersion: 'v1',
    id: 'terminal',
    displayName: 'Terminal (the default)',
    async load() {
      loadedParts.add('renderer:terminal');
      modules.terminal ??= await import('@x/renderer-terminal');
    },
    create: (options) =>
      batchedRenderer(options, (sink) =>
        (modules.terminal as NonNullable<LoadedModules['terminal']>).createTerminalRenderer({
          sink,
          mode: verbose ? 'verbose' : 'default',
          showContent,
          ...(color === undefined ? {} : { color }),
          isTTY: options.isTTY,
          // A terminal that reports no width (0 columns) gets the renderer's default.
          ...(typeof options.columns === 'number' && Number.isInteger(options.columns) && options.columns > 0 ? { columns: options.columns } : {}),
          env: options.env,
        }),
      ),
  });
}

function htmlPlugin(settings: BuiltInRendererSettings, modules: LoadedModules): RendererPlugin {
  return defineRendererPlugin({
    specificationVersion: 'v1',
    id: 'html',
    displayName: 'HTML page (--html)',
    async load() {
      loadedParts.add('renderer:html');
      modules.html ??= await import('@x/renderer-html');
    },
    create: (options) =>
      batchedRenderer(options, (sink) =>
        (modules.html as NonNullable<LoadedModules['html']>).createHtmlRenderer({
          sink,
          ...(options.source === undefined ? {} : { provider: options.source.displayName }),
          renderedAt: new Date(),
          ...(settings.title ? { title: settings.title } : {}),
        }),
      ),
  });
}

const eventsPlugin: RendererPlugin = defineRendererPlugin({
  specificationVersion: 'v1',
  id: 'events',
  displayName: 'Display events as NDJSON (--events)',
  create: (options) => eventsRenderer(options.write),
});

/** `--summary`: nothing per event; each input's outcome, as a table or (`--json`) as JSON, once its events are read. */
function summaryPlugin(settings: BuiltInRendererSettings): RendererPlugin {
  return defineRendererPlugin({
    specificationVersion: 'v1',
    id: 'summary',
    displayName: 'Summary of each input (--summary)',
    listsCalls: true,
    create: (options) => ({
      specificationVersion: 'v1',
      write() {},
      end() {},
      report({ input, source, outcome }: InputReport) {
        const text = settings.options.json ? `${jsonForTerminal({ input, provider: source.id, ...outcome }, 2)}\n` : formatSummary(outcome, source.displayName);
        return options.write(text);
      },
    }),
  });
}

/**
 * The renderers xview ships, as plugins of the same contract a third party's
 * renderer follows (`RendererPlugin` of @x/core): registered first, listed
 * with `--list-providers`, chosen by id and created the same way.
 */
export function builtInRenderers(settings: BuiltInRendererSettings): RendererPlugin[] {
  const modules: LoadedModules = {};
  return [terminalPlugin(settings, modules), htmlPlugin(settings, modules), eventsPlugin, summaryPlugin(settings)];
}
