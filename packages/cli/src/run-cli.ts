import { createWriteStream } from 'node:fs';
import type { Diagnostic, DisplayEvent, DisplayEventSource, Renderer, RunOutcome } from '@x/core';
import { defineRenderer, passthroughSource, runPipeline } from '@x/core';
import { createHtmlRenderer } from '@x/renderer-html';
import { createTerminalRenderer } from '@x/renderer-terminal';
import type { CliOptions } from './args.js';
import { parseCliArgs } from './args.js';
import { detectStream } from './detect-stream.js';
import type { ExitCodeValue } from './exit-codes.js';
import { CliError, ExitCode } from './exit-codes.js';
import { helpText } from './help.js';
import type { CliInput } from './input.js';
import { looksBinary, resolveInputs } from './input.js';
import { BUILT_IN_SOURCES, builtInRegistry } from './providers.js';
import { formatSummary } from './summary-table.js';
import { VERSION } from './version.js';

/** A writable the CLI prints to: `process.stdout` or a test double. */
export interface CliStream {
  write(chunk: string | Uint8Array): boolean;
  once(event: 'drain', listener: () => void): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Everything the CLI touches of its process, so tests can run it in-process. */
export interface CliIo {
  stdin: AsyncIterable<Uint8Array>;
  stdout: CliStream;
  stderr: CliStream;
  env: Record<string, string | undefined>;
}

/** How many diagnostics `--strict` prints before it only counts. */
const MAX_PRINTED_DIAGNOSTICS = 50;
const PROGRESS_MIN_BYTES = 1024 * 1024;
const PROGRESS_INTERVAL_MS = 200;

function write(stream: CliStream, chunk: string | Uint8Array): void | Promise<void> {
  if (stream.write(chunk)) return undefined;
  return new Promise<void>((resolve) => {
    stream.once('drain', resolve);
  });
}

function chooseSource(options: CliOptions, detected: Awaited<ReturnType<typeof detectStream>>, input: CliInput, io: CliIo): DisplayEventSource {
  const registry = builtInRegistry();
  if (options.provider !== undefined) {
    if (options.provider === 'text') return passthroughSource;
    // run() has checked the id already.
    return registry.get(options.provider) as DisplayEventSource;
  }
  const { detection } = detected;
  const where = input.name === '-' ? 'standard input' : input.name;
  if (detection.status === 'unknown') {
    if (detection.sample.length > 0) {
      const first = detection.sample[0]?.slice(0, 100) ?? '';
      io.stderr.write(
        `xview: could not tell the format of ${where} (${detection.reason}); showing it as text.\n` +
          `  first line: ${JSON.stringify(first)}\n  choose one with --provider (xview --list-providers)\n`,
      );
    }
    return passthroughSource;
  }
  if (detection.confidence < 0.9) {
    io.stderr.write(`xview: reading ${where} as ${detection.source.displayName} (likely, not certain: ${detection.evidence}); use --provider to choose.\n`);
  }
  return detection.source;
}

function eventsRenderer(io: CliIo): Renderer {
  return defineRenderer({
    specificationVersion: 'v1',
    write: (event: DisplayEvent) => write(io.stdout, `${JSON.stringify(event)}\n`),
    end() {},
  });
}

/** Shows bytes read against the total on a terminal's standard error, for large files. */
function createProgress(io: CliIo, inputs: readonly CliInput[]) {
  const total = inputs.reduce((sum, input) => sum + (input.size ?? 0), 0);
  const enabled = io.stderr.isTTY === true && inputs.every((input) => input.size !== undefined) && total >= PROGRESS_MIN_BYTES;
  let read = 0;
  let last = 0;
  const draw = () => {
    const ratio = Math.min(1, read / total);
    const filled = Math.round(ratio * 30);
    io.stderr.write(`\rxview: writing HTML [${'#'.repeat(filled)}${'-'.repeat(30 - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${(read / 1048576).toFixed(1)}/${(total / 1048576).toFixed(1)} MiB`);
  };
  return {
    count(stream: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
      if (!enabled) return stream;
      return (async function* counted() {
        for await (const chunk of stream) {
          read += chunk.length;
          const now = Date.now();
          if (now - last >= PROGRESS_INTERVAL_MS) {
            last = now;
            draw();
          }
          yield chunk;
        }
      })();
    },
    done() {
      if (enabled) io.stderr.write('\r\u001b[2K');
    },
  };
}

function exitCodeOf(outcome: RunOutcome | undefined, source: DisplayEventSource): ExitCodeValue {
  if (outcome === undefined || source === passthroughSource) return ExitCode.ok;
  if (outcome.status === 'error') return ExitCode.runFailed;
  if (outcome.status === 'incomplete') return ExitCode.incomplete;
  return ExitCode.ok;
}

function describeDiagnostic(d: Diagnostic, input: string): string {
  return `  ${input}:${d.line}: ${d.outcome === 'unknown' ? 'unknown type' : 'malformed'}: ${d.reason}${d.excerpt ? `  ${JSON.stringify(d.excerpt.slice(0, 60))}` : ''}\n`;
}

async function run(options: CliOptions, io: CliIo): Promise<ExitCodeValue> {
  if (options.provider !== undefined && options.provider !== 'text' && builtInRegistry().get(options.provider) === undefined) {
    const ids = [...BUILT_IN_SOURCES.map((s) => s.id), 'text'].join(', ');
    throw new CliError(`unknown provider "${options.provider}". Choose one of: ${ids}.`, ExitCode.usage);
  }
  const inputs = await resolveInputs(options.files, io.stdin);
  const progress = options.output === 'html' ? createProgress(io, inputs) : undefined;

  let htmlFile: ReturnType<typeof createWriteStream> | undefined;
  let renderer: Renderer | undefined;
  const makeRenderer = (source: DisplayEventSource): Renderer | undefined => {
    switch (options.output) {
      case 'terminal':
        return createTerminalRenderer({
          sink: io.stdout,
          mode: options.verbose ? 'verbose' : 'default',
          showContent: options.showContent,
          ...(options.color === undefined ? {} : { color: options.color }),
          isTTY: io.stdout.isTTY === true,
          ...(io.stdout.columns === undefined ? {} : { columns: io.stdout.columns }),
          env: io.env,
        });
      case 'html':
        htmlFile = createWriteStream(options.htmlFile as string);
        return createHtmlRenderer({ sink: htmlFile, provider: source.displayName, startedAt: new Date().toISOString() });
      case 'events':
        return eventsRenderer(io);
      default:
        return undefined;
    }
  };

  let exit: ExitCodeValue = ExitCode.ok;
  let problems = 0;
  const printed: string[] = [];
  for (const input of inputs) {
    const counted = progress ? progress.count(input.open()) : input.open();
    if (options.output === 'raw') {
      await runPipeline(counted, { outputFormat: 'json', onRaw: (chunk) => write(io.stdout, chunk) });
      continue;
    }
    const detected = await detectStream(counted, builtInRegistry());
    if (looksBinary(detected.head)) {
      throw new CliError(`${input.name === '-' ? 'standard input' : input.name} looks like binary data (it holds NUL bytes), not an agent's output. Use --raw to pass it through anyway.`, ExitCode.input);
    }
    const source = chooseSource(options, detected, input, io);
    renderer ??= makeRenderer(source);
    // One renderer spans all inputs: only the last input's end ends it.
    const spanning = renderer && defineRenderer({ specificationVersion: 'v1', write: (e: DisplayEvent) => renderer?.write(e), end() {} });
    const report = await runPipeline(detected.stream, {
      source,
      renderer: spanning,
      // The per-call list grows with the run; only --summary shows it.
      listCalls: options.output === 'summary',
      maxLineBytes: options.maxLineBytes,
      onDiagnostic: (d) => {
        if (d.outcome === 'ignored') return;
        problems += 1;
        if (printed.length < MAX_PRINTED_DIAGNOSTICS) printed.push(describeDiagnostic(d, input.name === '-' ? 'stdin' : input.name));
      },
    });
    if (options.output === 'summary' && report.outcome) {
      const outcome = report.outcome;
      await write(io.stdout, options.json ? `${JSON.stringify({ input: input.name, provider: source.id, ...outcome }, null, 2)}\n` : formatSummary(outcome, source.displayName));
    }
    const code = exitCodeOf(report.outcome, source);
    if (code !== ExitCode.ok && (exit === ExitCode.ok || code === ExitCode.runFailed)) exit = code;
  }
  if (renderer) await renderer.end();
  progress?.done();
  if (htmlFile) {
    const file = htmlFile;
    await new Promise<void>((resolve, reject) => {
      file.on('error', reject);
      file.end(resolve);
    });
  }
  if (problems > 0) {
    if (options.strict) {
      io.stderr.write(`xview: ${problems} line${problems === 1 ? ' was' : 's were'} malformed or of an unknown type:\n${printed.join('')}`);
      if (problems > printed.length) io.stderr.write(`  ... and ${problems - printed.length} more\n`);
      return ExitCode.strict;
    }
    io.stderr.write(`xview: ${problems} line${problems === 1 ? '' : 's'} could not be shown (malformed or unknown type); --strict lists them.\n`);
  }
  return exit;
}

/**
 * Runs `xview` with the given arguments and process streams, and resolves
 * with the exit code. Errors a person can fix are printed as one line to
 * standard error; anything else is a bug and is rethrown.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCodeValue> {
  try {
    const options = parseCliArgs(argv);
    if (options.help) {
      io.stdout.write(helpText(BUILT_IN_SOURCES));
      return ExitCode.ok;
    }
    if (options.version) {
      io.stdout.write(`${VERSION}\n`);
      return ExitCode.ok;
    }
    if (options.listProviders) {
      io.stdout.write(`${BUILT_IN_SOURCES.map((s) => `${s.id.padEnd(19)} ${s.displayName} (${s.cadence})`).join('\n')}\ntext                ${'Plain text'} (streaming)\n`);
      return ExitCode.ok;
    }
    return await run(options, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`xview: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}
