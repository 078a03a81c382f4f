import type { DisplayEvent, DisplayEventSource, Renderer } from '@x/core';
import { defineRenderer } from '@x/core';
import type { HtmlTarget } from './html-file.js';
import type { CliStream } from './output.js';
import { jsonForTerminal, write } from './output.js';
import { createPluginRenderer } from './plugins.js';
import type { Session } from './session.js';

/** Makes the one renderer all inputs share, when the first input's source is known. */
export type EnsureRenderer = (source: DisplayEventSource) => Promise<Renderer | undefined>;

function eventsRenderer(out: CliStream): Renderer {
  return defineRenderer({
    specificationVersion: 'v1',
    write: (event: DisplayEvent) => write(out, `${jsonForTerminal(event)}\n`),
    end() {},
  });
}

async function terminalRenderer({ options, io, out }: Session): Promise<Renderer> {
  const columns = io.stdout.columns;
  const { createTerminalRenderer } = await import('@x/renderer-terminal');
  return createTerminalRenderer({
    sink: out,
    mode: options.verbose ? 'verbose' : 'default',
    showContent: options.showContent,
    ...(options.color === undefined ? {} : { color: options.color }),
    isTTY: io.stdout.isTTY === true,
    // A terminal that reports no width (0 columns) gets the renderer's default.
    ...(typeof columns === 'number' && Number.isInteger(columns) && columns > 0 ? { columns } : {}),
    env: io.env,
  });
}

/** The one renderer all inputs share, made when the first input's source is known (a page names its provider). */
export interface SharedRenderer {
  ensure: EnsureRenderer;
  current: Renderer | undefined;
}

/** The renderer the options choose; each is loaded only when chosen. */
async function makeRenderer(session: Session, html: HtmlTarget | undefined, source: DisplayEventSource): Promise<Renderer> {
  const { options, io, out } = session;
  if (options.renderer !== undefined) {
    const { columns, isTTY } = io.stdout;
    return createPluginRenderer(session.plugins, options.renderer, { write: (text) => write(out, text), isTTY: isTTY === true, columns, env: io.env });
  }
  if (html) {
    const { createHtmlRenderer } = await import('@x/renderer-html');
    return createHtmlRenderer({ sink: html.sink, provider: source.displayName, renderedAt: new Date() });
  }
  return options.output === 'events' ? eventsRenderer(out) : terminalRenderer(session);
}

/** A renderer made on first need and shared by every input; none for `--summary` and `--raw`. */
export function sharedRenderer(session: Session, html: HtmlTarget | undefined): SharedRenderer {
  const { output } = session.options;
  const shared: SharedRenderer = {
    current: undefined,
    async ensure(source) {
      if (shared.current === undefined && output !== 'summary' && output !== 'raw') shared.current = await makeRenderer(session, html, source);
      return shared.current;
    },
  };
  return shared;
}
