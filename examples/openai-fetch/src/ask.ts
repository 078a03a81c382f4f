import {
  defineRenderer,
  runPipeline,
  toWriteText,
  type Diagnostic,
  type DisplayEvent,
  type LineAccounting,
  type Renderer,
  type RunOutcome,
  type SessionStatus,
  type TextSink,
} from '@x/core';
import { toPlainText } from '@x/core/provider-utils';
import { openAICompatibleSource } from '@x/provider-openai-compatible';

/** What {@link ask} sends. */
export interface AskOptions {
  /** The API root that `/chat/completions` is appended to, such as `https://api.openai.com/v1`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  apiKey?: string | undefined;
  model: string;
  prompt: string;
  /** Ask for a streamed response (`stream: true`, SSE), translated as it arrives. */
  stream?: boolean;
  /** Where the plain-text lines go: a callback, `process.stdout`, or a Web stream. */
  sink: TextSink;
  /** The `fetch` to use; the global one by default. */
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** What {@link ask} saw. */
export interface AskResult {
  /** The HTTP status of the response. */
  httpStatus: number;
  /** How the run ended: `error` for any HTTP error, else the status of the run's last session end. */
  status: SessionStatus;
  /** The provider-neutral summary of the response. */
  outcome: RunOutcome;
  /** What became of each line of the body. */
  accounting: LineAccounting;
  /** Lines of the body that gave no events for a reason worth telling (malformed, unknown). */
  diagnostics: Diagnostic[];
}

const WHITESPACE = /\s+/g;

function oneLine(text: string): string {
  return toPlainText(text).replace(WHITESPACE, ' ').trim();
}

/**
 * A tiny renderer that writes plain text: the answer as it arrives, and one
 * line per tool call, notice, error, usage and session end. It stands in for
 * `@x/renderer-terminal` to keep this example small. Content is untrusted, so
 * it is made plain again here (`toPlainText`), whatever produced the events.
 */
export function createPlainTextRenderer(sink: TextSink): Renderer {
  const write = toWriteText(sink);
  let atLineStart = true;
  let block: string | undefined;

  const emit = (chunk: string) => {
    if (chunk === '') return undefined;
    atLineStart = chunk.endsWith('\n');
    return write(chunk);
  };
  const line = (text: string) => emit(`${atLineStart ? '' : '\n'}${text}\n`);

  return defineRenderer({
    specificationVersion: 'v1',
    write(event) {
      switch (event.kind) {
        case 'text': {
          const separator = block !== undefined && event.id !== block && !atLineStart ? '\n' : '';
          block = event.id;
          return emit(separator + toPlainText(event.text));
        }
        case 'tool-use':
          return line(`tool: ${event.name}${event.arg === '' ? '' : ` ${oneLine(event.arg)}`}`);
        case 'notice':
          return line(`notice: ${oneLine(event.message)}`);
        case 'error':
          return line(`error: ${oneLine(event.message)}`);
        case 'usage':
          return line(`usage: ${event.inputTokens ?? 0} tokens in, ${event.outputTokens ?? 0} out`);
        case 'session':
          return event.phase === 'end' ? line(`end: ${event.status ?? 'unknown'}`) : undefined;
        default:
          return undefined;
      }
    },
    end() {
      return atLineStart ? undefined : emit('\n');
    },
  });
}

/**
 * POSTs one user prompt to an OpenAI-compatible `/chat/completions` endpoint,
 * translates the response body (a plain body, an SSE stream or an error body)
 * with `@x/provider-openai-compatible`, and renders the events as plain text
 * lines to `options.sink`. A plain body is translated once it has arrived; a
 * stream as it arrives.
 *
 * @example
 * ```ts
 * await ask({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen3', prompt: 'Hello', sink: process.stdout });
 * ```
 */
export async function ask(options: AskOptions): Promise<AskResult> {
  const stream = options.stream ?? false;
  const url = new URL('chat/completions', options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: stream ? 'text/event-stream' : 'application/json',
  };
  if (options.apiKey !== undefined && options.apiKey !== '') headers.authorization = `Bearer ${options.apiKey}`;
  const request: Record<string, unknown> = { model: options.model, messages: [{ role: 'user', content: options.prompt }] };
  if (stream) Object.assign(request, { stream: true, stream_options: { include_usage: true } });

  const response = await (options.fetch ?? fetch)(url, { method: 'POST', headers, body: JSON.stringify(request), signal: options.signal });

  const plain = createPlainTextRenderer(options.sink);
  let sawError = false;
  // A proxy's HTML error page or an empty body gives no error event: then say what the HTTP status said.
  const renderer = defineRenderer({
    specificationVersion: 'v1',
    write(event: DisplayEvent) {
      if (event.kind === 'error') sawError = true;
      return plain.write(event);
    },
    async end() {
      if (!response.ok && !sawError) {
        const message = `HTTP ${response.status} ${response.statusText}`.trim();
        await plain.write({ kind: 'error', fatal: true, message, code: String(response.status) });
      }
      await plain.end();
    },
  });
  const diagnostics: Diagnostic[] = [];
  const report = await runPipeline(response.body ?? [], {
    source: openAICompatibleSource,
    renderer,
    onDiagnostic: (diagnostic) => diagnostics.push(diagnostic),
  });
  // runPipeline always returns an outcome outside raw mode.
  const outcome = report.outcome as RunOutcome;
  return { httpStatus: response.status, status: response.ok ? outcome.status : 'error', outcome, accounting: report.accounting, diagnostics };
}
