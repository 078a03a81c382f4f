import type { DisplayEvent, DisplayEventSource, Renderer } from '@x/core';
import { defineRenderer } from '@x/core';
import type { HtmlTarget } from './html-file.js';
import type { CliStream } from './output.js';
import { jsonForTerminal, write } from './output.js';
import { createPluginRenderer } from './plugins.js';
import type { Session } from './session.js';
import { loadedParts } from './loaded-parts.js';

/** Makes the one renderer all inputs share, when the first input's source is known. */
export type EnsureRenderer = (source: DisplayEventSource) => Promise<Renderer | undefined>;

/** How much `--events` output is gathered before it is written. */
const EVENTS_BATCH_CHARS = 64 * 1024;

/**
 * `--events`: one JSON line per event. Lines are gathered and written
 * together, up to 64 Ki characters or until the event loop next turns
 * (`setImmediate`: after the events of the chunk being read, so output stays
 * live): one write per event cost a quarter of the time `--events` spends
 * beyond parsing (bench/FINDINGS.md). A write the stream asks to wait for is
 * awaited by the next event.
 */
function eventsRenderer(out: CliStream): Renderer {
  let pending = '';
  let scheduled = false;
  let drained: void | Promise<void>;
  const flush = (): void | Promise<void> => {
    scheduled = false;
    if (pending === '') return undefined;
    const text = pending;
    pending = '';
    drained = write(out, text);
    return drained;
  };
  return defineRenderer({
    specificationVersion: 'v1',
    write(event: DisplayEvent) {
      const waiting = drained;
      drained = undefined;
      pending += `${jsonForTerminal(event)}\n`;
      if (pending.length >= EVENTS_BATCH_CHARS) return waiting === undefined ? flush() : waiting.then(flush);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return waiting;
    },
    end: () => flush(),
  });
}

async function terminalRenderer({ options, io, out }: Session): Promise<Renderer> {
  const columns = io.stdout.columns;
  loadedParts.add('renderer:terminal');
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
    loadedParts.add('renderer:html');
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
