import { defineSource, type DisplayEventSource } from '@x/core';
import { detectGemini } from './detect.js';
import { createGeminiParser } from './parser.js';
import { RECORDED_UP_TO } from './recorded-version.js';

/** Options of {@link createGeminiSource}. */
export interface GeminiSourceOptions {
  /**
   * The largest `--output-format json` document buffered, in characters,
   * before it is reported as malformed. Defaults to core's
   * `DEFAULT_MAX_DOCUMENT_CHARS`.
   */
  maxDocumentChars?: number;
}

/**
 * Creates the Gemini CLI source: `gemini -p ... --output-format stream-json`
 * (one event per line, streamed) and `--output-format json` (one document
 * pretty-printed over many lines, or the fatal error object). `testedUpTo`
 * is the newest version recorded from the real CLI (`fixtures/gemini/recorded/`);
 * neither format names the CLI's version, so it is told in `--summary` and
 * never sets off the drift alarm.
 */
export function createGeminiSource(options: GeminiSourceOptions = {}): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'gemini',
    displayName: 'Gemini CLI',
    cadence: 'streaming',
    detect: detectGemini,
    testedUpTo: RECORDED_UP_TO,
    createParser: () => createGeminiParser(options),
  });
}

/** The Gemini CLI source with default options. */
export const geminiSource: DisplayEventSource = createGeminiSource();
