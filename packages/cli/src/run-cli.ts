import type { Diagnostic, DisplayEvent, DisplayEventSource, Renderer } from '@x/core';
import { defineRenderer, passthroughSource, runPipeline } from '@x/core';
import { createHtmlRenderer } from '@x/renderer-html';
import { createTerminalRenderer, neutralizeForTerminal } from '@x/renderer-terminal';
import type { CliOptions } from './args.js';
import { parseCliArgs } from './args.js';
import { detectStream } from './detect-stream.js';
import { driftLine } from './drift-line.js';
import type { ExitCodeValue } from './exit-codes.js';
import { CliError, ExitCode } from './exit-codes.js';
import { runSessionCommand } from './commands/dispatch.js';
import { USAGE_HINT, helpText, internalError } from './help.js';
import type { HtmlTarget } from './html-file.js';
import { openHtmlTarget } from './html-file.js';
import type { CliInput } from './input.js';
import { inputLabel, looksBinary, resolveInputs, untilAborted } from './input.js';
import { exitCodeOf, outcomeLine, worse } from './outcome.js';
import type { CliStream, GuardedStream } from './output.js';
import { guardStream, jsonForTerminal, write } from './output.js';
import { createProgress } from './progress.js';
import type { PluginSet } from './plugins.js';
import { checkChoices, createPluginRenderer, loadPlugins, pluginListing } from './plugins.js';
import { BUILT_IN_SOURCES } from './providers.js';
import { formatSummary } from './summary-table.js';
import { VERSION } from './version.js';

export type { CliStream } from './output.js';

/** Everything the CLI touches of its process, so tests can run it in-process. */
export interface CliIo {
  stdin: AsyncIterable<Uint8Array> & { isTTY?: boolean };
  stdout: CliStream;
  stderr: CliStream;
  env: Record<string, string | undefined>;
  /**
   * Aborted on SIGINT or SIGTERM (its reason the signal's name): reading
   * stops, what was read is rendered and closed properly, and `runCli`
   * resolves with 130 (143 for `'SIGTERM'`).
   */
  signal?: AbortSignal;
  /** Where plugins are looked for (`./node_modules`, `./xview.config.json`, the nearest `package.json`); default `process.cwd()`. */
  cwd?: string;
}

/** How many diagnostics `--strict` prints before it only counts. */
const MAX_PRINTED_DIAGNOSTICS = 50;
const CONFIDENT = 0.9;

/** The process as `run` sees it: standard output guarded, standard error behind the terminal gate. */
interface Session {
  options: CliOptions;
  io: CliIo;
  out: GuardedStream;
  /** The built-in sources and the plugins' sources and renderers. */
  plugins: PluginSet;
  /** Writes lines to standard error, each through the terminal gate, after ending an open line of text. */
  say(...lines: string[]): void;
}

function createSession(options: CliOptions, io: CliIo, plugins: PluginSet): Session {
  const out = guardStream(io.stdout, 'standard output');
  return {
    options,
    io,
    out,
    plugins,
    say(...lines) {
      // The last text always ends its line before anything else is written.
      if (out.openLine) out.write('\n');
      io.stderr.write(`${lines.map((line) => neutralizeForTerminal(line)).join('\n')}\n`);
    },
  };
}

function chooseSource(session: Session, detected: Awaited<ReturnType<typeof detectStream>>, input: CliInput): DisplayEventSource {
  const { options } = session;
  if (options.provider !== undefined) {
    // run() has checked the id already.
    return options.provider === 'text' ? passthroughSource : (session.plugins.registry.get(options.provider) as DisplayEventSource);
  }
  const { detection } = detected;
  if (detection.status === 'unknown') {
    if (detection.sample.length > 0) {
      session.say(
        `xview: could not tell the format of ${inputLabel(input)} (${detection.reason}); showing it as text.`,
        `  first line: "${detection.sample[0]?.slice(0, 100) ?? ''}"`,
        '  choose one with --provider (xview --list-providers)',
      );
    }
    return passthroughSource;
  }
  if (detection.confidence < CONFIDENT) {
    session.say(`xview: reading ${inputLabel(input)} as ${detection.source.displayName} (likely, not certain: ${detection.evidence}); use --provider to choose.`);
  }
  return detection.source;
}

function eventsRenderer(out: CliStream): Renderer {
  return defineRenderer({
    specificationVersion: 'v1',
    write: (event: DisplayEvent) => write(out, `${jsonForTerminal(event)}\n`),
    end() {},
  });
}

function terminalRenderer({ options, io, out }: Session): Renderer {
  const columns = io.stdout.columns;
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

function describeDiagnostic(d: Diagnostic, input: string): string {
  return `  ${input}:${d.line}: ${d.outcome === 'unknown' ? 'unknown type' : 'malformed'}: ${d.reason}${d.excerpt ? `  ${d.excerpt.slice(0, 60)}` : ''}`;
}

/** What the inputs of one run added up to. */
interface Tally {
  exit: ExitCodeValue;
  problems: number;
  printed: string[];
  /** Outcome lines, said once the renderer has ended so they never cut into its text. */
  outcomes: string[];
}

/** Reads, detects and renders one input; `ensureRenderer` makes the one renderer all inputs share. */
async function renderInput(
  session: Session,
  input: CliInput,
  stream: AsyncIterable<Uint8Array>,
  ensureRenderer: (source: DisplayEventSource) => Renderer | undefined,
  checkOutputs: () => void,
  tally: Tally,
): Promise<void> {
  const { options, out } = session;
  const detected = await detectStream(stream, session.plugins.registry);
  if (looksBinary(detected.head)) {
    throw new CliError(`${inputLabel(input)} looks like binary data (it holds NUL bytes), not an agent's output. Use --raw to pass it through anyway.`, ExitCode.input);
  }
  const source = chooseSource(session, detected, input);
  const renderer = ensureRenderer(source);
  // One renderer spans all inputs: only the last input's end ends it.
  // A failed write (a full disk) stops the run at the next event.
  const spanning =
    renderer &&
    defineRenderer({
      specificationVersion: 'v1',
      write: (e: DisplayEvent) => {
        checkOutputs();
        return renderer.write(e);
      },
      end() {},
    });
  let fatal: string | undefined;
  const name = input.name === '-' ? 'stdin' : input.name;
  const report = await runPipeline(detected.stream, {
    source,
    renderer: spanning,
    // The per-call list grows with the run; only --summary shows it.
    listCalls: options.output === 'summary',
    maxLineBytes: options.maxLineBytes,
    onEvent: (event) => {
      if (event.kind === 'error' && event.fatal) fatal ??= event.message.slice(0, 1000);
    },
    onDiagnostic: (d) => {
      if (d.outcome === 'ignored') return;
      tally.problems += 1;
      if (tally.printed.length < MAX_PRINTED_DIAGNOSTICS) tally.printed.push(describeDiagnostic(d, name));
    },
  });
  const outcome = report.outcome;
  if (outcome === undefined) return;
  if (options.output === 'summary') {
    await write(out, options.json ? `${jsonForTerminal({ input: input.name, provider: source.id, ...outcome }, 2)}\n` : formatSummary(outcome, source.displayName));
  }
  if (report.accounting.lines === 0) {
    tally.outcomes.push(`xview: ${inputLabel(input)} was empty: there is nothing to show.`);
    tally.exit = worse(tally.exit, ExitCode.empty);
    return;
  }
  if (source === passthroughSource) {
    // Shown as text because its format was not recognised; chosen with --provider text, it is a success.
    if (options.provider === undefined) tally.exit = worse(tally.exit, ExitCode.empty);
    return;
  }
  const line = options.output === 'terminal' && !options.verbose ? outcomeLine(outcome, fatal, inputLabel(input)) : undefined;
  if (line !== undefined) tally.outcomes.push(line.trimEnd());
  // In every mode: the drift line is about the reader, not the run, and no renderer shows it.
  const drift = driftLine(outcome, source.displayName, inputLabel(input));
  if (drift !== undefined) tally.outcomes.push(drift);
  tally.exit = worse(tally.exit, exitCodeOf(outcome));
}

function reportProblems(session: Session, tally: Tally): ExitCodeValue | undefined {
  const { problems, printed } = tally;
  if (problems === 0) return undefined;
  if (session.options.strict) {
    session.say(`xview: ${problems} line${problems === 1 ? ' was' : 's were'} malformed or of an unknown type:`, ...printed);
    if (problems > printed.length) session.say(`  ... and ${problems - printed.length} more`);
    return ExitCode.strict;
  }
  session.say(`xview: ${problems} line${problems === 1 ? '' : 's'} could not be shown (malformed or unknown type); --strict lists them.`);
  return undefined;
}

const INTERRUPTED: DisplayEvent = {
  kind: 'notice',
  level: 'warning',
  code: 'interrupted',
  message: 'xview was interrupted before its input ended: this shows what was read until then.',
};

async function run(session: Session): Promise<ExitCodeValue> {
  const { options, io, out } = session;
  checkChoices(session.plugins, options.provider, options.renderer);
  if (options.files.length === 0 && io.stdin.isTTY === true) {
    io.stderr.write(USAGE_HINT);
    return ExitCode.usage;
  }
  const inputs = await resolveInputs(options.files, io.stdin);
  const html: HtmlTarget | undefined = options.output === 'html' ? await openHtmlTarget(options.htmlFile as string, inputs, out) : undefined;
  const progress = html && options.htmlFile !== '-' ? createProgress(io.stderr, inputs) : undefined;
  let renderer: Renderer | undefined;
  const ensureRenderer = (source: DisplayEventSource): Renderer | undefined => {
    if (renderer !== undefined || options.output === 'summary' || options.output === 'raw') return renderer;
    if (options.renderer !== undefined) {
      const { columns, isTTY } = io.stdout;
      renderer = createPluginRenderer(session.plugins, options.renderer, { write: (text) => write(out, text), isTTY: isTTY === true, columns, env: io.env });
    }
    else if (html) renderer = createHtmlRenderer({ sink: html.sink, provider: source.displayName, renderedAt: new Date() });
    else renderer = options.output === 'events' ? eventsRenderer(out) : terminalRenderer(session);
    return renderer;
  };
  const checkOutputs = () => {
    out.check();
    html?.sink.check();
  };
  const tally: Tally = { exit: ExitCode.ok, problems: 0, printed: [], outcomes: [] };
  try {
    for (const input of inputs) {
      if (io.signal?.aborted) break;
      const opened = untilAborted(input.open(), io.signal);
      const stream = progress ? progress.count(opened) : opened;
      if (options.output === 'raw') {
        await runPipeline(stream, {
          outputFormat: 'json',
          onRaw: (chunk) => {
            out.check();
            return write(out, chunk);
          },
        });
      } else {
        await renderInput(session, input, stream, ensureRenderer, checkOutputs, tally);
      }
    }
    if (io.signal?.aborted && renderer) await renderer.write(INTERRUPTED);
    if (renderer) await renderer.end();
    progress?.done();
    await html?.finish();
    await out.settle();
  } catch (error) {
    progress?.done();
    await html?.abandon();
    throw error;
  }
  for (const line of tally.outcomes) session.say(line);
  const strict = reportProblems(session, tally);
  if (io.signal?.aborted) {
    const signal = io.signal.reason === 'SIGTERM' ? 'SIGTERM' : 'SIGINT';
    session.say(`xview: interrupted (${signal}): ${html ? 'the page shows' : 'this is'} what was read until then.`);
    return signal === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted;
  }
  return strict ?? tally.exit;
}

/**
 * Runs `xview` with the given arguments and process streams, and resolves
 * with the exit code. Every error ends in one line on standard error and a
 * documented exit code; only a bug in `xview` itself says "internal error"
 * (exit 70).
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCodeValue> {
  try {
    const sessionCommand = runSessionCommand(argv, io);
    if (sessionCommand !== undefined) return await sessionCommand;
    const options = parseCliArgs(argv);
    // Help and version run no plugin code.
    const loadsPlugins = !options.help && !options.version;
    const session = createSession(options, io, await loadPlugins(loadsPlugins ? options.plugins : [], io.cwd ?? process.cwd(), loadsPlugins));
    if (session.plugins.problems.length > 0) session.say(...session.plugins.problems);
    if (options.help) {
      await write(session.out, helpText(BUILT_IN_SOURCES));
    } else if (options.version) {
      await write(session.out, `${VERSION}\n`);
    } else if (options.listProviders) {
      await write(session.out, pluginListing(session.plugins));
    } else {
      return await run(session);
    }
    await session.out.settle();
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`xview: ${neutralizeForTerminal(error.message)}\n`);
      return error.exitCode;
    }
    io.stderr.write(internalError(error, io.env));
    return ExitCode.internal;
  }
}
