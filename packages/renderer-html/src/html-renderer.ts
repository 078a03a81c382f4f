import { defineRenderer, toWriteText, type DisplayEvent, type Renderer, type RunView, type TextSink } from '@x/core';
import { isKnownEvent } from './known-kinds.js';
import { createHtmlFragmentRenderer } from './html-fragment-renderer.js';
import { documentHeadHtml, documentTailHtml } from './transcript-document.js';
import { resolveTranscriptOptions, type TranscriptOptions } from './transcript-options.js';

/** Options of {@link createHtmlRenderer}. */
export interface HtmlRendererOptions extends TranscriptOptions {
  /** Where the document goes: a callback, a Node writable, or a Web `WritableStream<string>`. */
  sink: TextSink;
}

/**
 * Creates a streaming renderer that writes one self-contained HTML document
 * to a sink: the head (CSP, inline stylesheet, header) when the first event
 * arrives, a fragment per event, and at `end()` the footer from the run's
 * one aggregate (the `RunView` the pipeline hands with each event; written
 * to without one, core folds the events for it) and the closing tags. Nothing of the run is kept but the current
 * text block and the tool calls in flight, so a transcript of any length
 * streams with flat memory. When the first event is a session start, its
 * model and session id go into the header; a later one becomes a fragment.
 *
 * `write` and `end` return the sink's promise when it applies backpressure.
 */
export function createHtmlRenderer(options: HtmlRendererOptions): Renderer {
  if (options === null || typeof options !== 'object' || options.sink === undefined) {
    throw new TypeError('createHtmlRenderer needs { sink }: a function, an object with write(chunk), or a WritableStream.');
  }
  const write = toWriteText(options.sink);
  const resolved = resolveTranscriptOptions(options);
  const fragments = createHtmlFragmentRenderer();
  let started = false;
  let ended = false;

  const head = (event: DisplayEvent | undefined): string => {
    started = true;
    return documentHeadHtml(resolved, event?.kind === 'session' && event.phase === 'start' ? event : undefined);
  };

  return defineRenderer({
    specificationVersion: 'v1',
    write(event: DisplayEvent, run?: RunView) {
      // Ignored as the terminal renderer ignores it: events from outside may not have been
      // validated, and a kind added after this renderer was built must not open the document.
      if (ended || !isKnownEvent(event)) return undefined;
      let out = '';
      if (!started) {
        out = head(event);
        if (event.kind === 'session' && event.phase === 'start') {
          // The head shows this start. The fragments hear it too, for the run
          // totals (it scopes cumulative usage); what they would show is dropped.
          fragments.push(event, run);
          return write(out);
        }
      }
      out += fragments.push(event, run);
      return out === '' ? undefined : write(out);
    },
    end(run?: RunView) {
      if (ended) return undefined;
      ended = true;
      const out = (started ? '' : head(undefined)) + fragments.end() + documentTailHtml(fragments.summaryHtml(run));
      return write(out);
    },
  });
}
