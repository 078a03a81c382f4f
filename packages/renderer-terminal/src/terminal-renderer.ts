import {
  createDisplayOutputBuilder,
  createRunAggregator,
  defineRenderer,
  fileEditsOf,
  summarizeToolResult,
  toWriteText,
  type DisplayEvent,
  type ErrorDisplayEvent,
  type NoticeDisplayEvent,
  type ReasoningDisplayEvent,
  type Renderer,
  type SessionDisplayEvent,
  type TextDisplayEvent,
  type TextSink,
  type ToolResultDetails,
  type ToolResultDisplayEvent,
  type ToolUseDisplayEvent,
} from '@x/core';
import { createPalette, shouldUseColor, type ColorEnv } from './color-support.js';
import { createLiveStatus, type StatusCall } from './live-status.js';
import { diffStatSegments, editPreviewLines } from './edit-lines.js';
import { createMarkdownWriter, type MarkdownWriter } from './markdown-stream.js';
import { promptLines } from './prompt-line.js';
import { runFooter } from './run-footer.js';
import { sanitizeLine, sanitizeText } from './sanitize.js';
import { renderStyledLine, type Segment } from './styled-line.js';
import { toolGlyph } from './tool-marker.js';

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
const INDENT = '  ';
const REASONING_BAR = '¦ ';
const EMPTY_DETAILS: ToolResultDetails = {};

interface OpenCall extends StatusCall {
  depth: number;
  /**
   * An editing call's `(+n -m)` and the lines `showContent` prints under its
   * result, worked out when the call starts: what is kept of an open call is
   * bounded, never its input (a call may write megabytes and never finish).
   */
  stat: Segment[];
  preview: Segment[][];
}


/** How many calls without a result a renderer keeps (see `calls`). */
const MAX_OPEN_CALLS = 1_000;

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A field shown inline: any newline or control character in it becomes visible. */
function field(value: unknown): string {
  return sanitizeLine(str(value));
}

const WHITESPACE_RUN = /\s+/g;

/** A message that may span lines, such as an error, folded onto one line. */
function message(value: unknown): string {
  return sanitizeLine(str(value).replace(WHITESPACE_RUN, ' ').trim());
}

/** How many lines `text` holds from `start` on, not counting a final newline. */
function linesFrom(text: string, start: number): number {
  let count = 1;
  for (let at = text.indexOf('\n', start); at !== -1 && at < text.length - 1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

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

/**
 * Creates a renderer that writes events to a terminal (or any text sink).
 *
 * Default mode writes the run's `DisplayOutput` and nothing else: to a sink
 * that is not a terminal, byte for byte. Verbose mode adds a marker line per
 * tool call and its result summary, dimmed reasoning, errors, notices and a
 * footer. On a terminal a status line shows the running tool and is redrawn
 * in place; elsewhere nothing is ever rewritten. Control characters from
 * event content are shown as visible escapes, never interpreted.
 */
export function createTerminalRenderer(options: TerminalRendererOptions): Renderer {
  checkOptions(options);
  const writeText = toWriteText(options.sink);
  const sinkInfo = options.sink as { isTTY?: unknown; columns?: unknown };
  const isTTY = options.isTTY ?? sinkInfo.isTTY === true;
  const env = options.env ?? (globalThis as { process?: { env?: ColorEnv } }).process?.env ?? {};
  const colorOn = shouldUseColor({ color: options.color, isTTY, env });
  const colors = createPalette(colorOn);
  const now = options.now ?? Date.now;
  const verbose = options.mode === 'verbose';
  // Markdown is laid out for a person: in verbose mode, and in default mode on a colour terminal.
  // Default mode without colour stays the run's DisplayOutput byte for byte, for pipes and files.
  const markdown = verbose || colorOn;
  const showContent = options.showContent === true;
  const contentLines = options.contentLines ?? DEFAULT_CONTENT_LINES;

  const width = (): number | undefined => {
    if (options.columns !== undefined) return options.columns;
    const columns = sinkInfo.columns;
    return typeof columns === 'number' && columns > 0 ? columns : undefined;
  };

  const builder = createDisplayOutputBuilder();
  // The footer's figures, added up by core's one run aggregator; no list of calls is kept.
  const aggregator = createRunAggregator({ listCalls: false });
  // Open calls only: a finished call is forgotten, so memory stays flat over a long run.
  const calls = new Map<string, OpenCall>();
  // And at most a thousand at once, the oldest forgotten first: calls that
  // never get a result (a post-response provider's, which the client runs)
  // otherwise piled up for the whole run (x-bench).
  const remember = (id: string, call: OpenCall) => {
    calls.set(id, call);
    if (calls.size > MAX_OPEN_CALLS) calls.delete(calls.keys().next().value as string);
  };
  const indents: string[] = [''];
  const indentOf = (depth: number): string => (indents[depth] ??= INDENT.repeat(depth));

  const status = isTTY
    ? createLiveStatus({
        write: writeText,
        now,
        colors,
        columns: () => width() ?? FALLBACK_STATUS_COLUMNS,
        current: () => {
          let newest: OpenCall | undefined;
          for (const call of calls.values()) newest = call;
          return newest === undefined ? undefined : { call: newest, running: calls.size };
        },
      })
    : undefined;

  let out = '';
  let atLineStart = true;
  let callsChanged = false;
  let ended = false;
  let blockKind: string | undefined;
  let blockId: string | undefined;
  let blockDepth = 0;
  let lastMarkerId: string | undefined;
  // The text block being laid out as Markdown, if any.
  let md: MarkdownWriter | undefined;

  const writeLaidOut = (lines: string): void => {
    if (lines === '') return;
    if (!atLineStart) out += '\n';
    out += lines;
    atLineStart = true;
  };

  // Writes what a Markdown block still holds; called before anything else is written.
  const flushMarkdown = (): void => {
    if (md === undefined) return;
    writeLaidOut(md.flush());
    md = undefined;
  };

  const depthOf = (parent: unknown): number => {
    if (typeof parent !== 'string') return 0;
    const call = calls.get(parent);
    // A parent already finished or never announced still nests its events one level.
    return call === undefined ? 1 : call.depth + 1;
  };

  const line = (depth: number, segments: readonly Segment[]): void => {
    flushMarkdown();
    if (!atLineStart) out += '\n';
    const columns = width();
    const body = renderStyledLine(segments, columns === undefined ? undefined : Math.max(1, columns - depth * INDENT.length));
    out += body === '' ? '\n' : `${indentOf(depth)}${body}\n`;
    atLineStart = true;
    blockKind = undefined;
    lastMarkerId = undefined;
  };

  const markerSegments = (call: Pick<OpenCall, 'glyph' | 'name' | 'arg'> & { stat?: Segment[] }): Segment[] => [
    [call.glyph, colors.cyan],
    [' '],
    [call.name, colors.bold],
    ...(call.stat ?? []),
    [call.arg === '' ? '' : ` ${call.arg}`],
  ];

  const streamed = (event: TextDisplayEvent | ReasoningDisplayEvent): void => {
    const text = str(event.text);
    if (text === '') return;
    const id = str(event.id);
    const depth = depthOf(event.parentToolUseId);
    if (event.kind !== blockKind || id !== blockId || depth !== blockDepth) {
      flushMarkdown();
      if (!atLineStart) out += '\n';
      atLineStart = true;
      blockKind = event.kind;
      blockId = id;
      blockDepth = depth;
    }
    lastMarkerId = undefined;
    if (event.kind === 'text' && markdown) {
      md ??= createMarkdownWriter(colors, indentOf(depth));
      writeLaidOut(md.push(text));
      return;
    }
    const clean = sanitizeText(text);
    if (depth === 0 && event.kind === 'text') {
      out += clean;
      atLineStart = clean.endsWith('\n');
      return;
    }
    const reasoning = event.kind === 'reasoning';
    const prefix = indentOf(depth) + (reasoning ? colors.dim(REASONING_BAR) : '');
    // Every line of a nested or reasoning block carries its prefix, however the text was split into events.
    for (let start = 0; start < clean.length; ) {
      const newline = clean.indexOf('\n', start);
      const end = newline === -1 ? clean.length : newline;
      if (end > start) {
        if (atLineStart) out += prefix;
        const part = clean.slice(start, end);
        out += reasoning ? colors.dim(part) : part;
        atLineStart = false;
      }
      if (newline === -1) break;
      out += '\n';
      atLineStart = true;
      start = newline + 1;
    }
  };

  const toolUse = (event: ToolUseDisplayEvent): void => {
    const id = str(event.id);
    const depth = depthOf(event.parentToolUseId);
    const edits = verbose && event.toolKind === 'edit' ? fileEditsOf(event.input) : [];
    const call: OpenCall = {
      glyph: toolGlyph(str(event.name), event.toolKind),
      name: field(event.name),
      arg: field(event.arg),
      indent: indentOf(depth),
      startedAt: now(),
      depth,
      stat: diffStatSegments(edits, colors),
      preview: showContent && edits.length > 0 ? editPreviewLines(edits, colors, contentLines) : [],
    };
    remember(id, call);
    callsChanged = true;
    if (!verbose) return;
    line(depth, markerSegments(call));
    lastMarkerId = id;
  };

  const contentPreview = (depth: number, event: ToolResultDisplayEvent): void => {
    if (event.outputState === 'empty') return line(depth, [['(empty file)', colors.dim]]);
    if (event.outputState === 'unavailable') return line(depth, [['(could not read the file content)', colors.yellow]]);
    const output = str(event.output);
    let start = 0;
    for (let shown = 0; shown < contentLines && start < output.length; shown += 1) {
      const newline = output.indexOf('\n', start);
      const end = newline === -1 ? output.length : newline;
      const text = output.slice(start, output[end - 1] === '\r' ? end - 1 : end);
      line(depth, [[sanitizeLine(text.replaceAll('\t', '    ')), colors.dim]]);
      start = newline === -1 ? output.length : newline + 1;
    }
    if (start < output.length) {
      const more = linesFrom(output, start);
      line(depth, [[`⋮ ${more} more ${more === 1 ? 'line' : 'lines'}`, colors.dim]]);
    }
  };

  // Parallel calls finish out of order: a result that does not follow its own
  // marker names its call, once: by its glyph alone when the summary already
  // names what it worked on (`✓ » Read a.ts (12 chars)`), else by its argument.
  const resultLabel = (id: string, call: OpenCall | undefined, name: string, event: ToolResultDisplayEvent, summary: string): Segment[] => {
    if (lastMarkerId === id) return [];
    const glyph: Segment = [call?.glyph ?? toolGlyph(name, event.toolKind), colors.cyan];
    const arg = call?.arg ?? '';
    if (arg === '' || summary.includes(arg)) return [glyph, [' ']];
    return [glyph, [' '], [arg, colors.bold], [': ']];
  };

  const toolResult = (event: ToolResultDisplayEvent): void => {
    const id = str(event.id);
    const call = calls.get(id);
    if (call !== undefined) {
      calls.delete(id);
      callsChanged = true;
    }
    if (!verbose) return;
    const ok = event.status === 'success';
    const name = str(event.name);
    const summary = sanitizeLine(
      summarizeToolResult({
        name,
        toolKind: event.toolKind,
        status: ok ? 'success' : 'error',
        details: event.details !== null && typeof event.details === 'object' ? event.details : EMPTY_DETAILS,
        output: typeof event.output === 'string' ? event.output : undefined,
      }),
    );
    const depth = call?.depth ?? depthOf(event.parentToolUseId);
    line(depth + 1, [[ok ? '✓' : '✗', ok ? colors.green : colors.red], [' '], ...resultLabel(id, call, name, event, summary), [summary, ok ? undefined : colors.red]]);
    if (showContent && ok && event.toolKind === 'read') contentPreview(depth + 2, event);
    if (showContent && call !== undefined) {
      for (const preview of call.preview) line(depth + 2, preview);
    }
  };

  const session = (event: SessionDisplayEvent): void => {
    if (event.phase !== 'start') return;
    const parts = [`session ${field(event.sessionId) || 'started'}`];
    const model = field(event.model);
    if (model !== '') parts.push(`model ${model}`);
    const cwd = field(event.cwd);
    if (cwd !== '') parts.push(`in ${cwd}`);
    line(depthOf(event.parentToolUseId), [['⌂', colors.cyan], [` ${parts.join(', ')}`, colors.dim]]);
  };

  const problem = (event: ErrorDisplayEvent): void => {
    const code = field(event.code);
    const label = `${event.fatal === true ? 'fatal error' : 'error'}${code === '' ? '' : ` [${code}]`}: `;
    line(depthOf(event.parentToolUseId), [['✗ ', colors.red], [label, colors.red], [message(event.message)]]);
  };

  const notice = (event: NoticeDisplayEvent): void => {
    const warning = event.level === 'warning';
    const code = field(event.code);
    const label = `${warning ? 'warning' : 'notice'}${code === '' ? '' : ` [${code}]`}: `;
    const style = warning ? colors.yellow : colors.blue;
    line(depthOf(event.parentToolUseId), [[warning ? '! ' : '› ', style], [label, style], [message(event.message)]]);
  };

  const render = (event: DisplayEvent): void => {
    aggregator.push(event);
    switch (event.kind) {
      case 'text':
      case 'reasoning':
        streamed(event);
        return;
      case 'tool-use':
        toolUse(event);
        return;
      case 'tool-result':
        toolResult(event);
        return;
      case 'usage':
        // Usage only feeds the footer.
        return;
      case 'session':
        session(event);
        return;
      case 'error':
        problem(event);
        return;
      case 'notice':
        notice(event);
        return;
      case 'prompt':
        for (const segments of promptLines(event, colors)) line(depthOf(event.parentToolUseId), segments);
        return;
    }
  };

  const renderDefault = (event: DisplayEvent): void => {
    if (event.kind === 'text') {
      if (typeof event.text !== 'string') return;
      const text = builder.push(event);
      if (text === '') return;
      if (markdown) {
        md ??= createMarkdownWriter(colors, '');
        writeLaidOut(md.push(text));
        return;
      }
      out += sanitizeText(text);
      atLineStart = text.endsWith('\n');
      return;
    }
    // Calls are tracked only for the status line; without one, default mode never looks at them.
    if (status === undefined) return;
    if (event.kind === 'tool-use') toolUse(event);
    else if (event.kind === 'tool-result') toolResult(event);
  };

  const flush = (): void | Promise<void> => {
    let chunk = out;
    out = '';
    if (status !== undefined && (chunk !== '' || callsChanged)) chunk = status.erase() + chunk + status.draw(atLineStart);
    callsChanged = false;
    return chunk === '' ? undefined : writeText(chunk);
  };

  const finish = (): void => {
    if (verbose) {
      const outcome = aggregator.outcome();
      const incomplete = outcome.statusReported && outcome.status === 'incomplete';
      // A run that ended properly can still leave calls without results: a
      // post-response provider reports calls the client has yet to run.
      const cutOff = !outcome.statusReported || incomplete;
      for (const call of calls.values()) {
        line(call.depth, [['⋯ ', colors.yellow], ...markerSegments(call), [cutOff ? ' (unfinished)' : ' (no result in this run)', colors.yellow]]);
      }
      if (cutOff && (calls.size > 0 || incomplete)) line(0, [['! the run ended without its final line', colors.yellow]]);
      const columns = width();
      const footer = runFooter(outcome, columns === undefined ? undefined : columns - 2);
      if (footer !== undefined) line(0, [[`∎ ${footer}`, colors.dim]]);
      flushMarkdown();
      if (!atLineStart) out += '\n';
    } else if (md !== undefined) {
      writeLaidOut(md.push(builder.end()));
      flushMarkdown();
    } else {
      out += builder.end();
    }
    calls.clear();
  };

  return defineRenderer({
    specificationVersion: 'v1',
    write(event: DisplayEvent) {
      if (ended || event === null || typeof event !== 'object') return undefined;
      if (verbose) render(event);
      else renderDefault(event);
      return flush();
    },
    end() {
      if (ended) return undefined;
      ended = true;
      const erase = status?.stop() ?? '';
      finish();
      const chunk = erase + out;
      out = '';
      return chunk === '' ? undefined : writeText(chunk);
    },
  });
}
