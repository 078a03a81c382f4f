import type { DisplayEventSource, Renderer } from '@x/core';
import type { CliOptions } from './args.js';
import type { HtmlTarget } from './html-file.js';
import { write } from './output.js';
import { createPluginRenderer, type PluginRenderer } from './plugins.js';
import type { Session } from './session.js';

/** Makes the one renderer all inputs share, when the first input's source is known. */
export type EnsureRenderer = (source: DisplayEventSource) => Promise<Renderer | undefined>;

/**
 * The id of the renderer the options choose: `--renderer <id>`, else the one
 * each output option names (built-in-renderers.ts); none for `--raw`, which
 * passes the bytes through unread.
 */
export function chosenRenderer(options: Pick<CliOptions, 'renderer' | 'output'>): string | undefined {
  if (options.renderer !== undefined) return options.renderer;
  return options.output === 'raw' ? undefined : options.output;
}

/** The one renderer all inputs share, made when the first input's source is known (a page names its provider). */
export interface SharedRenderer {
  ensure: EnsureRenderer;
  /** What the inputs are written to, redaction included. */
  current: Renderer | undefined;
  /** The renderer as its plugin made it, for the report of each input. */
  made: PluginRenderer | undefined;
}

/**
 * A renderer made on first need and shared by every input, built in or a
 * plugin's alike: created through its plugin with the output it writes to
 * (the page's file for `--html`, else standard output).
 */
export function sharedRenderer(session: Session, html: HtmlTarget | undefined): SharedRenderer {
  const id = chosenRenderer(session.options);
  const shared: SharedRenderer = {
    current: undefined,
    made: undefined,
    async ensure(source) {
      if (shared.current === undefined && id !== undefined) {
        const { io } = session;
        const stream = html?.sink ?? session.out;
        const made = await createPluginRenderer(session.plugins, id, {
          write: (chunk) => write(stream, chunk),
          isTTY: io.stdout.isTTY === true,
          columns: io.stdout.columns,
          env: io.env,
          source: { id: source.id, displayName: source.displayName },
        });
        shared.made = made;
        // Redacted before any renderer sees an event, so no output mode can show a secret.
        shared.current = session.extras.redact ? session.extras.redact.renderer(made) : made;
      }
      return shared.current;
    },
  };
  return shared;
}
