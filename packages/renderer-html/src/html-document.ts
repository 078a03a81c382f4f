import type { DisplayEvent } from '@x/core';
import { createHtmlRenderer } from './html-renderer.js';
import type { TranscriptOptions } from './transcript-options.js';

/**
 * Renders a whole run as one self-contained HTML document: inline CSS, a
 * Content-Security-Policy that allows no script and no remote load, light and
 * dark schemes, a print layout. It is exactly what {@link createHtmlRenderer}
 * streams for the same events; prefer that for long runs.
 */
export function renderHtmlDocument(events: Iterable<DisplayEvent>, options: TranscriptOptions = {}): string {
  const chunks: string[] = [];
  const renderer = createHtmlRenderer({ ...options, sink: (chunk: string) => void chunks.push(chunk) });
  for (const event of events) void renderer.write(event);
  void renderer.end();
  return chunks.join('');
}
