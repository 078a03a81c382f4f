import type { Diagnostic, DisplayEvent, DisplayEventSource, Renderer, TextSink } from '@x/core';
import { defineRenderer, streamEvents } from '@x/core';
import { createHtmlRenderer } from '@x/renderer-html';
import { openSession } from './open-session.js';
import { redactValue } from './redact.js';
import { createRedactingStream } from './redact-stream.js';
import type { AgentId, SessionInfo, SessionLookup } from './types.js';

/**
 * The source that reads each agent's session logs, by agent: for example
 * `{ claude: claudeLogSource, codex: codexLogSource }`. This package imports
 * no provider; the caller hands the sources in.
 */
export type SessionSources = Partial<Record<AgentId, DisplayEventSource>>;

/** Options of {@link sessionEvents}: where the stores read (home, env), the stores, and the sources. */
export interface SessionEventsOptions extends SessionLookup {
  sources: SessionSources;
  /** Replace secrets in every string of every event (see `redactSecrets`). */
  redact?: boolean;
  onDiagnostic?: (diagnostic: Diagnostic) => void;
}

/** The source for a session's agent; a `RangeError` names the agent when none was given. */
export function sessionSource(session: Pick<SessionInfo, 'agent'>, sources: SessionSources): DisplayEventSource {
  const source = sources[session.agent];
  if (source === undefined) throw new RangeError(`no source reads ${session.agent} session logs; pass one in sources.${session.agent}.`);
  return source;
}

/** A session's display events, read with its agent's source and redacted when asked. */
export async function* sessionEvents(session: SessionInfo, options: SessionEventsOptions): AsyncGenerator<DisplayEvent> {
  const source = sessionSource(session, options.sources);
  const events = streamEvents(await openSession(session, options), { source, onDiagnostic: options.onDiagnostic });
  if (!options.redact) {
    yield* events;
    return;
  }
  const redacting = createRedactingStream();
  for await (const event of events) yield* redacting.write(event);
  yield* redacting.end();
}

/**
 * A renderer that hands the wrapped one every event with its secrets replaced,
 * whatever it renders to; a secret cut across text increments is caught too
 * (see `createRedactingStream`). It hands on no `RunView`: it holds text
 * back and releases it later, so a view folded before it would run ahead of
 * the events the wrapped renderer is written, which then folds its own.
 */
export function redactingRenderer(renderer: Renderer): Renderer {
  const redacting = createRedactingStream();
  // Synchronous while the wrapped renderer is: a promise only where it returns one.
  const pass = (events: readonly DisplayEvent[], from = 0): void | Promise<void> => {
    for (let i = from; i < events.length; i++) {
      const written = renderer.write(events[i] as DisplayEvent);
      if (written) return written.then(() => pass(events, i + 1));
    }
  };
  return defineRenderer({
    specificationVersion: 'v1',
    write: (event: DisplayEvent) => pass(redacting.write(event)),
    end: () => {
      const written = pass(redacting.end());
      return written ? written.then(() => renderer.end()) : renderer.end();
    },
  });
}

/** A title for a session's page and index entry. */
export function sessionTitle(session: SessionInfo): string {
  return session.title ?? `${session.agent} session ${session.id}`;
}

/**
 * Streams one session as a self-contained HTML document to `sink`, by
 * `@x/renderer-html`'s streaming renderer (inline style, a CSP that allows no
 * script and no remote load): events are read, rendered and written one at a
 * time, with the sink's backpressure, so a log of any size renders in flat
 * memory.
 */
export async function writeSessionHtml(session: SessionInfo, sink: TextSink, options: SessionEventsOptions): Promise<void> {
  const title = options.redact ? redactValue(sessionTitle(session)) : sessionTitle(session);
  const renderer = createHtmlRenderer({ sink, title, provider: session.agent, ...(session.startedAt ? { startedAt: session.startedAt } : {}) });
  for await (const event of sessionEvents(session, options)) await renderer.write(event);
  await renderer.end();
}

/** One session as a self-contained HTML document in a string, as {@link writeSessionHtml} streams it; for short sessions. */
export async function renderSessionHtml(session: SessionInfo, options: SessionEventsOptions): Promise<string> {
  const chunks: string[] = [];
  await writeSessionHtml(session, (chunk: string) => void chunks.push(chunk), options);
  return chunks.join('');
}
