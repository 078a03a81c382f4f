import { defineSource, type DisplayEventSource } from '@x/core';
import { detectCodex } from './detect.js';
import { createCodexParser } from './parser.js';

/**
 * Options of {@link createCodexSource}. The source has none yet; the type
 * keeps every provider's factory the same shape.
 */
export type CodexSourceOptions = Record<string, never>;

/**
 * Creates the source for OpenAI Codex CLI `codex exec --json`: the current
 * format (0.44+, `thread.*`/`turn.*`/`item.*`), the 0.42
 * `--experimental-json` variant and the legacy `{"id","msg"}` format of
 * versions up to 0.43 (and `codex proto`), told apart line by line. No
 * `testedUpTo`: no line of `exec --json` names the CLI's version (the
 * fixtures follow `@openai/codex-sdk@0.163.0`); the session log does.
 *
 * @example
 * ```ts
 * import { replayLines } from '@x/core';
 * import { createCodexSource } from '@x/provider-codex';
 *
 * const { events } = replayLines(createCodexSource(), output.split('\n'));
 * ```
 */
export function createCodexSource(_options: CodexSourceOptions = {}): DisplayEventSource {
  return defineSource({
    specificationVersion: 'v1',
    id: 'codex',
    displayName: 'OpenAI Codex CLI',
    cadence: 'streaming',
    detect: detectCodex,
    createParser: createCodexParser,
  });
}

/** The default Codex source. */
export const codexSource: DisplayEventSource = createCodexSource();
