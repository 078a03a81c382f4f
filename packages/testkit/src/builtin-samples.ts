import { readFileSync, readdirSync } from 'node:fs';

/** A recorded stream of one of the providers @x ships, and the id of the source that reads it. */
export interface BuiltinSample {
  /** `<source id>/<file>`, for test titles. */
  name: string;
  /** The id of the built-in source whose format this is (`claude`, `codex-log`, ...). */
  sourceId: string;
  text: string;
}

// The samples ship in the package's `samples/` folder, beside `src/` and
// `dist/`: the same relative URL works from the source and from the bundle.
const SAMPLES = new URL('../samples/', import.meta.url);

/**
 * Short streams of every built-in provider (Claude Code, Codex, Gemini CLI,
 * OpenCode, Copilot CLI, OpenAI-compatible chat and responses, and the
 * session logs), copied byte for byte from the @x repository's fixtures
 * (`samples/README.md` names each origin). `describeSourceConformance` checks
 * that a source claims none of them; use them in your own detection tests.
 */
export function builtinSamples(): BuiltinSample[] {
  const folders = readdirSync(SAMPLES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return folders.flatMap((sourceId) =>
    readdirSync(new URL(`${sourceId}/`, SAMPLES))
      .sort()
      .map((file) => ({ name: `${sourceId}/${file}`, sourceId, text: readFileSync(new URL(`${sourceId}/${file}`, SAMPLES), 'utf8') })),
  );
}
