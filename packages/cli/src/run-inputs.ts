import { driftLine } from './drift-line.js';
import type { Diagnostic, DisplayEvent, DisplayEventSource, Renderer } from '@x/core';
import { defineRenderer, passthroughSource, runPipeline } from '@x/core';
import type { CliOptions } from './args.js';
import { loadSource } from './built-in-sources.js';
import { detectStream } from './detect-stream.js';
import type { ExitCodeValue } from './exit-codes.js';
import { CliError, ExitCode } from './exit-codes.js';
import { USAGE_HINT } from './help.js';
import type { HtmlTarget } from './html-file.js';
import type { CliInput } from './input.js';
import { decompressCommand, inputLabel, looksBinary, resolveInputs, untilAborted } from './input.js';
import { exitCodeOf, outcomeLine, watchFatal, worse } from './outcome.js';
import type { GuardedStream } from './output.js';
import { write } from './output.js';
import { shownExcerpt } from './excerpt.js';
import { createProgress } from './progress.js';
import { builtInRenderers } from './built-in-renderers.js';
import { checkChoices, listsCalls, loadPlugins, pluginListing, pluginTimeout } from './plugins.js';
import type { RunAggregate } from './run-aggregate.js';
import { createRunAggregate, endView, inputAggregator, viewOf, viewOfOwnEvent } from './run-aggregate.js';
import type { CliIo } from './run-cli.js';
import type { SharedRenderer } from './run-renderers.js';
import { chosenRenderer, sharedRenderer } from './run-renderers.js';
import type { Redaction, RunExtras, Session } from './session.js';
import { createSession } from './session.js';

/*
 * Everything a run of xview over its inputs needs, loaded by run-cli.ts only
 * when there is such a run (not for --help or --version). The chosen
 * provider and renderer are loaded here in turn when chosen: the terminal
 * renderer, the HTML renderer (markdown-it, highlight.js) and each provider's
 * parser are chunks of their own in the bundled CLI.
 */

/** How many diagnostics `--strict` prints before it only counts. */
const MAX_PRINTED_DIAGNOSTICS = 50;
const CONFIDENT = 0.9;

/** The source to read an input with; a built-in one is a stand-in until {@link loadSource} loads it. */
function chooseSource(session: Session, detected: Awaited<ReturnType<typeof detectStream>>, input: CliInput): DisplayEventSource {
  const { options } = session;
  if (options.provider !== undefined) {
    // run() has checked the id already.
    return options.provider === 'text' ? passthroughSource : (session.plugins.registry.get(options.provider) as DisplayEventSource);
  }
  const known = input.sourceId === undefined ? undefined : session.plugins.registry.get(input.sourceId);
  if (known !== undefined) return known;
  const { detection } = detected;
  if (detection.status === 'unknown') {
    if (detection.sample.length > 0) {
      session.say(
        `xview: could not tell the format of ${inputLabel(input)} (${detection.reason}); showing it as text.`,
        `  first line: "${shownExcerpt(detection.sample[0] ?? '', 100, session.extras.redact)}"`,
        '  choose one with --provider (xview --list-providers)',
      );
    }
    return passthroughSource;
  }
  if (detection.confidence < CONFIDENT) {
    session.say(
      `xview: reading ${inputLabel(input)} as ${detection.source.displayName} (likely, not certain: ${detection.evidence}); use --provider to choose.`,
    );
  }
  return detection.source;
}

/** How much of a rejected line's excerpt a diagnostic line shows. */
const EXCERPT_CHARS = 60;

function describeDiagnostic(d: Diagnostic, input: string, redact: Redaction | undefined): string {
  return `  ${input}:${d.line}: ${d.outcome === 'unknown' ? 'unknown type' : 'malformed'}: ${d.reason}${d.excerpt ? `  ${shownExcerpt(d.excerpt, EXCERPT_CHARS, redact)}` : ''}`;
}

/** What the inputs of one run added up to. */
interface Tally {
  /** The run's aggregate, what its renderer reads. */
  run: RunAggregate;
  exit: ExitCodeValue;
  problems: number;
  printed: string[];
  /** Outcome lines, said once the renderer has ended so they never cut into its text. */
  outcomes: string[];
}

/** Reads, detects and renders one input; `shared` makes the one renderer all inputs share. */
async function renderInput(
  session: Session,
  input: CliInput,
  stream: AsyncIterable<Uint8Array>,
  shared: SharedRenderer,
  checkOutputs: () => void,
  tally: Tally,
): Promise<void> {
  const { options } = session;
  const detected = await detectStream(stream, session.plugins.registry, options.maxLineBytes);
  // A compressed log (Codex's rollout-*.jsonl.zst) is an agent's output once read back: say how, NUL bytes or not.
  const compressed = decompressCommand(detected.head);
  if (compressed !== undefined) {
    throw new CliError(`${inputLabel(input)} is ${compressed.name}-compressed; read it back first: ${compressed.command} <file> | xview.`, ExitCode.input);
  }
  if (looksBinary(detected.head)) {
    throw new CliError(
      `${inputLabel(input)} looks like binary data (it holds NUL bytes), not an agent's output. Use --raw to pass it through anyway.`,
      ExitCode.input,
    );
  }
  const chosen = chooseSource(session, detected, input);
  // The provider and the renderer load side by side (the renderer needs only the source's name).
  const [source, renderer] = await Promise.all([loadSource(chosen), shared.ensure(chosen)]);
  // One renderer spans all inputs: only the last input's end ends it.
  // A failed write (a full disk) stops the run at the next event.
  // It reads the run's one aggregate (run-aggregate.ts), folding nothing itself.
  const spanning =
    renderer &&
    defineRenderer({
      specificationVersion: 'v1',
      write: (e: DisplayEvent) => {
        checkOutputs();
        return renderer.write(e, viewOf(tally.run, e));
      },
      end() {},
    });
  const fatal = watchFatal();
  const name = input.name === '-' ? 'stdin' : input.name;
  // Behind --redact the outcome is folded from the events redacted, as the renderer sees them.
  const folded = inputAggregator(tally.run, source, listsCalls(session.plugins, chosenRenderer(options) ?? ''));
  const report = await runPipeline(detected.stream, {
    source,
    renderer: spanning,
    // The per-call list grows with the run; only a renderer that asks for it (--summary) gets it.
    aggregator: session.extras.redact ? session.extras.redact.aggregator(folded) : folded,
    maxLineBytes: options.maxLineBytes,
    onEvent: fatal.onEvent,
    onDiagnostic: (d) => {
      if (d.outcome === 'ignored') return;
      tally.problems += 1;
      if (tally.printed.length < MAX_PRINTED_DIAGNOSTICS) tally.printed.push(describeDiagnostic(d, name, session.extras.redact));
    },
  });
  const redact = session.extras.redact;
  const outcome = report.outcome && redact ? redact.value(report.outcome) : report.outcome;
  if (outcome === undefined) return;
  // The outcome aggregated once by the pipeline, for a renderer that reports each input (--summary).
  await shared.made?.report?.({ input: redact ? redact.text(input.name) : input.name, source: { id: source.id, displayName: source.displayName }, outcome });
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
  const line = options.output === 'terminal' && !options.verbose ? outcomeLine(outcome, fatal.message, inputLabel(input), session.extras.redact) : undefined;
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

/** Reads every input in turn until the last or an interruption. */
async function readInputs(
  session: Session,
  inputs: readonly CliInput[],
  html: HtmlTarget | undefined,
  progress: ReturnType<typeof createProgress> | undefined,
  tally: Tally,
): Promise<Renderer | undefined> {
  const { options, io, out } = session;
  const shared = sharedRenderer(session, html);
  const checkOutputs = () => {
    out.check();
    html?.sink.check();
  };
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
      await renderInput(session, input, stream, shared, checkOutputs, tally);
    }
  }
  return shared.current;
}

/** The exit code of a run that SIGINT or SIGTERM cut short, said on standard error. */
function interrupted(session: Session, signal: AbortSignal, html: HtmlTarget | undefined): ExitCodeValue {
  const name = signal.reason === 'SIGTERM' ? 'SIGTERM' : 'SIGINT';
  session.say(`xview: interrupted (${name}): ${html ? 'the page shows' : 'this is'} what was read until then.`);
  return name === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted;
}

async function run(session: Session): Promise<ExitCodeValue> {
  const { options, io, out } = session;
  checkChoices(session.plugins, options.provider, options.renderer);
  if (session.extras.inputs === undefined && options.files.length === 0 && io.stdin.isTTY === true) {
    io.stderr.write(USAGE_HINT);
    return ExitCode.usage;
  }
  const inputs = session.extras.inputs ?? (await resolveInputs(options.files, io.stdin));
  // Loaded only for a page: with it come node:fs/promises and the modules behind it, 0.7 ms of a start.
  const html: HtmlTarget | undefined =
    options.output === 'html' ? await (await import('./html-file.js')).openHtmlTarget(options.htmlFile as string, inputs, out) : undefined;
  const progress = html && options.htmlFile !== '-' ? createProgress(io.stderr, inputs) : undefined;
  const run = createRunAggregate(inputs.length, session.extras.redact !== undefined);
  const tally: Tally = { run, exit: ExitCode.ok, problems: 0, printed: [], outcomes: [] };
  try {
    const renderer = await readInputs(session, inputs, html, progress, tally);
    if (io.signal?.aborted && !session.extras.follow && renderer) await renderer.write(INTERRUPTED, viewOfOwnEvent(run, INTERRUPTED));
    if (renderer) await renderer.end(endView(run));
    progress?.done();
    await html?.finish();
    await out.settle();
  } catch (error) {
    progress?.done();
    await html?.abandon();
    throw error;
  }
  // Following a log, Ctrl-C is how reading ends: the run goes on, so it has no outcome to say. The lines it
  // could not show are said all the same (and fail --strict), as for a log read whole: Ctrl-C is the only way a
  // follow ends, and a hostile line (cut for its length, not JSON) would otherwise vanish unsaid.
  if (session.extras.follow && io.signal?.aborted) return reportProblems(session, tally) ?? ExitCode.ok;
  for (const line of tally.outcomes) session.say(line);
  const strict = reportProblems(session, tally);
  return io.signal?.aborted ? interrupted(session, io.signal, html) : (strict ?? tally.exit);
}

/**
 * Loads the plugins and runs `xview` over its inputs, or lists the providers
 * (`--list-providers`); run-cli.ts has answered `--help` and `--version`.
 */
export async function runInputs(options: CliOptions, io: CliIo, out: GuardedStream, given: RunExtras = {}): Promise<ExitCodeValue> {
  const plugins =
    given.plugins ??
    (await loadPlugins(options.plugins, {
      cwd: io.cwd ?? process.cwd(),
      env: io.env,
      timeoutMs: pluginTimeout(io.env),
      renderers: builtInRenderers({ options, title: given.title }),
    }));
  // Loaded only with --redact: its rules live in @x/sessions.
  const extras = options.redact && given.redact === undefined ? { ...given, redact: (await import('./redaction.js')).REDACTION } : given;
  const session = createSession(options, io, out, plugins, extras);
  // A command that loaded the plugins itself (xview show) has told their problems already.
  if (given.plugins === undefined && session.plugins.problems.length > 0) session.say(...session.plugins.problems);
  if (!options.listProviders) return run(session);
  await write(out, pluginListing(session.plugins));
  await out.settle();
  return ExitCode.ok;
}
