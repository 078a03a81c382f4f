import {
  createDisplayOutputBuilder,
  defineRenderer,
  toWriteText,
  type DisplayEvent,
  type Renderer,
  type RunView,
  type TextSink,
  type WriteText,
} from '@x/core';
import { createPalette, shouldUseColor, type ColorEnv } from './color-support.js';
import { errorLine, noticeLine, sessionLine } from './event-lines.js';
import { createLiveStatus, type LiveStatus } from './live-status.js';
import { promptLines } from './prompt-line.js';
import { createRenderState, depthOf, line, type RenderConfig, type RenderState } from './render-state.js';
import { runEnd } from './run-end.js';
import { defaultText, streamedLines } from './text-lines.js';
import { toolResultLines, toolUseLines } from './tool-lines.js';

/** `default` shows the run's text only; `verbose` adds prompts, tool calls, reasoning, errors, notices and a footer. */
export type TerminalRenderMode = 'default' | 'verbose';

/** Options of {@link createTerminalRenderer}. */
export interface TerminalRendererOptions {
  /** Where output goes: `process.stdout`, a Node writable, a Web stream or a callback. */
  sink: TextSink;
  /** `default` (text only, the default) or `verbose`. */
  mode?: TerminalRenderMode;
  /** Verbose mode: show the first lines of each Read result, and the diff of each edit. */
  showContent?: boolean;
  /** How many lines of a Read result `showContent` shows; 5 by default. */
  contentLines?: number;
  /** Force colour on or off; by default it follows `NO_COLOR`, `FORCE_COLOR` and the sink. */
  color?: boolean;
  /** Whether the sink is a terminal; by default the sink's own `isTTY`. Turns on the live status line. */
  isTTY?: boolean;
  /** Width to cut marker, status and summary lines to; by default the sink's `columns`. */
  columns?: number;
  /** Environment read for colour decisions; `process.env` by default. */
  env?: ColorEnv;
  /** Clock for elapsed seconds, in milliseconds; `Date.now` by default. */
  now?: () => number;
}

const DEFAULT_CONTENT_LINES = 5;
// Only the status line needs a width on a terminal that does not say its own.
const FALLBACK_STATUS_COLUMNS = 80;

function checkOptions(options: TerminalRendererOptions): void {
  if (options === null || typeof options !== 'object') {
    throw new TypeError('createTerminalRenderer expects an options object with a sink, e.g. { sink: process.stdout }.');
  }
  const { mode, contentLines, columns } = options;
  if (mode !== undefined && mode !== 'default' && mode !== 'verbose') {
    throw new TypeError(`createTerminalRenderer: mode must be 'default' or 'verbose', not ${JSON.stringify(mode)}.`);
  }
  if (contentLines !== undefined && !(Number.isInteger(contentLines) && contentLines >= 0)) {
    throw new TypeError('createTerminalRenderer: contentLines must be a whole number of lines, 0 or more.');
  }
  if (columns !== undefined && !(Number.isInteger(columns) && columns > 0)) {
    throw new TypeError('createTerminalRenderer: columns must be a whole number greater than 0.');
  }
}

/** What the options ask for, with the sink's own answers filled in. */
function renderConfig(options: TerminalRendererOptions): RenderConfig & { isTTY: boolean } {
  const sinkInfo = options.sink as { isTTY?: unknown; columns?: unknown };
  const isTTY = options.isTTY ?? sinkInfo.isTTY === true;
  const env = options.env ?? (globalThis as { process?: { env?: ColorEnv } }).process?.env ?? {};
  const colorOn = shouldUseColor({ color: options.color, isTTY, env });
  const verbose = options.mode === 'verbose';
  return {
    isTTY,
    colors: createPalette(colorOn),
    verbose,
    // Markdown is laid out for a person: in verbose mode, and in default mode on a colour terminal.
    // Default mode without colour stays the run's DisplayOutput byte for byte, for pipes and files.
    markdown: verbose || colorOn,
    showContent: options.showContent === true,
    contentLines: options.contentLines ?? DEFAULT_CONTENT_LINES,
    now: options.now ?? Date.now,
    width: () => {
      if (options.columns !== undefined) return options.columns;
      const columns = sinkInfo.columns;
      return typeof columns === 'number' && columns > 0 ? columns : undefined;
    },
  };
}

/** The status line of a terminal: the newest open call, and how many run. */
function statusLine(state: RenderState, write: WriteText): LiveStatus {
  return createLiveStatus({
    write,
    now: state.now,
    colors: state.colors,
    columns: () => state.width() ?? FALLBACK_STATUS_COLUMNS,
    current: () => {
      const newest = state.calls.newest();
      return newest === undefined ? undefined : { call: newest.view, running: state.calls.size };
    },
  });
}

/** Verbose mode: lays out one event; `run` is the run's aggregate when the caller hands it. */
function renderVerbose(state: RenderState, event: DisplayEvent, run: RunView | undefined): void {
  state.run.see(event, run);
  switch (event.kind) {
    case 'text':
    case 'reasoning':
      return streamedLines(state, event);
    case 'tool-use':
      return toolUseLines(state, event);
    case 'tool-result':
      return toolResultLines(state, event);
    case 'usage':
      // Usage only feeds the footer.
      return;
    case 'session':
      return sessionLine(state, event);
    case 'error':
      return errorLine(state, event);
    case 'notice':
      return noticeLine(state, event);
    case 'prompt':
      for (const segments of promptLines(event, state.colors)) line(state, depthOf(state, event.parentToolUseId), segments);
      return;
  }
}

/**
 * Creates a renderer that writes events to a terminal (or any text sink).
 *
 * Default mode writes the run's `DisplayOutput` and nothing else: to a sink
 * that is not a terminal, byte for byte. Verbose mode adds a marker line per
 * tool call and its result summary, dimmed reasoning, errors, notices and a
 * footer. On a terminal a status line shows the running tool and is redrawn
 * in place; elsewhere nothing is ever rewritten. Control characters from
 * event content are shown as visible escapes, never interpreted.
 *
 * The footer's figures come from the run's one aggregate: the `RunView` the
 * pipeline hands with each event and at `end`. Written to without one (by
 * hand), the renderer has core fold the events it is written instead.
 */
export function createTerminalRenderer(options: TerminalRendererOptions): Renderer {
  checkOptions(options);
  const writeText = toWriteText(options.sink);
  const { isTTY, ...config } = renderConfig(options);
  // The footer's figures are read from the run's one aggregate (RunView), which the pipeline hands with each event.
  const state = createRenderState(config);
  const builder = createDisplayOutputBuilder();
  const status = isTTY ? statusLine(state, writeText) : undefined;
  let ended = false;

  const renderDefault = (event: DisplayEvent): void => {
    if (event.kind === 'text') return defaultText(state, builder, event);
    // Calls are tracked only for the status line; without one, default mode never looks at them.
    if (status === undefined) return;
    if (event.kind === 'tool-use') toolUseLines(state, event);
    else if (event.kind === 'tool-result') toolResultLines(state, event);
  };

  const flush = (): void | Promise<void> => {
    let chunk = state.out;
    state.out = '';
    if (status !== undefined && (chunk !== '' || state.callsChanged)) chunk = status.erase() + chunk + status.draw(state.atLineStart);
    state.callsChanged = false;
    return chunk === '' ? undefined : writeText(chunk);
  };

  return defineRenderer({
    specificationVersion: 'v1',
    write(event: DisplayEvent, run?: RunView) {
      if (ended || event === null || typeof event !== 'object') return undefined;
      if (state.verbose) renderVerbose(state, event, run);
      else renderDefault(event);
      return flush();
    },
    end(run?: RunView) {
      if (ended) return undefined;
      ended = true;
      const erase = status?.stop() ?? '';
      runEnd(state, builder, run);
      const chunk = erase + state.out;
      state.out = '';
      return chunk === '' ? undefined : writeText(chunk);
    },
  });
}
