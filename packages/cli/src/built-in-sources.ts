import type { Detection, DisplayEventSource, SourceCadence } from '@x/core';
import { defineSource } from '@x/core';
import { detectAcp } from '@x/provider-acp/detect';
import { detectClaude } from '@x/provider-claude/detect';
import { detectClaudeLog } from '@x/provider-claude/log-detect';
import { detectCodex } from '@x/provider-codex/detect';
import { detectCodexLog } from '@x/provider-codex/log-detect';
import { detectCopilot } from '@x/provider-copilot/detect';
import { detectCopilotLog } from '@x/provider-copilot/log-detect';
import { detectGemini } from '@x/provider-gemini/detect';
import { detectGeminiLog } from '@x/provider-gemini/log-detect';
import { detectOpenAICompatible } from '@x/provider-openai-compatible/detect';
import { detectOpenCode } from '@x/provider-opencode/detect';
import { detectOpenCodeLog } from '@x/provider-opencode/log-detect';
import { loadedParts } from './loaded-parts.js';

/**
 * A built-in provider as `xview` starts with it: what `--help`,
 * `--list-providers` and detection need, and how to load the rest. Only the
 * detectors are imported here, each from its own entry (`@x/provider-<p>/detect`,
 * `/log-detect`), which imports neither the parser nor the wire schemas (zod);
 * the rest of a provider loads when it is chosen, so a run pays for one
 * provider, not six. (A bundler splitting code puts all of a package that is
 * imported both statically and with `import()` in one chunk, however well it
 * tree-shakes otherwise: the detectors must come from files that do not
 * import the rest.) built-in-sources.test.ts holds each entry to its
 * provider's source.
 */
export interface BuiltInSource {
  readonly id: string;
  readonly displayName: string;
  readonly cadence: SourceCadence;
  detect(lines: readonly string[]): Detection;
  /** Imports the provider's package and returns the source itself. */
  load(): Promise<DisplayEventSource>;
}

/** Every provider `xview` ships with, in the order `--help` lists them (that of `BUILT_IN_SOURCES`). */
export const BUILT_IN: readonly BuiltInSource[] = [
  { id: 'claude', displayName: 'Claude Code', cadence: 'streaming', detect: detectClaude, load: async () => (await import('@x/provider-claude')).claudeSource },
  {
    id: 'codex',
    displayName: 'OpenAI Codex CLI',
    cadence: 'streaming',
    detect: detectCodex,
    load: async () => (await import('@x/provider-codex')).codexSource,
  },
  { id: 'gemini', displayName: 'Gemini CLI', cadence: 'streaming', detect: detectGemini, load: async () => (await import('@x/provider-gemini')).geminiSource },
  {
    id: 'opencode',
    displayName: 'OpenCode',
    cadence: 'streaming',
    detect: detectOpenCode,
    load: async () => (await import('@x/provider-opencode')).openCodeSource,
  },
  {
    id: 'copilot',
    displayName: 'GitHub Copilot CLI',
    cadence: 'streaming',
    detect: detectCopilot,
    load: async () => (await import('@x/provider-copilot')).copilotSource,
  },
  {
    id: 'openai-compatible',
    displayName: 'OpenAI-compatible (Chat Completions and Responses)',
    cadence: 'post-response',
    detect: detectOpenAICompatible,
    load: async () => (await import('@x/provider-openai-compatible')).openAICompatibleSource,
  },
  {
    id: 'acp',
    displayName: 'Agent Client Protocol (ACP)',
    cadence: 'streaming',
    detect: detectAcp,
    load: async () => (await import('@x/provider-acp')).acpSource,
  },
  {
    id: 'claude-log',
    displayName: 'Claude Code session log',
    cadence: 'streaming',
    detect: detectClaudeLog,
    load: async () => (await import('@x/provider-claude')).claudeLogSource,
  },
  {
    id: 'codex-log',
    displayName: 'Codex session log',
    cadence: 'streaming',
    detect: detectCodexLog,
    load: async () => (await import('@x/provider-codex')).codexLogSource,
  },
  {
    id: 'gemini-log',
    displayName: 'Gemini CLI session log',
    cadence: 'streaming',
    detect: detectGeminiLog,
    load: async () => (await import('@x/provider-gemini')).geminiLogSource,
  },
  {
    id: 'opencode-log',
    displayName: 'OpenCode session log',
    cadence: 'streaming',
    detect: detectOpenCodeLog,
    load: async () => (await import('@x/provider-opencode')).openCodeLogSource,
  },
  {
    id: 'copilot-log',
    displayName: 'GitHub Copilot CLI session log',
    cadence: 'streaming',
    detect: detectCopilotLog,
    load: async () => (await import('@x/provider-copilot')).copilotLogSource,
  },
];

/**
 * The entry of each stand-in, by the stand-in's own `createParser`: a
 * registry keeps a frozen copy of each source (`defineSource`), not the
 * object made here, and the copy keeps the function.
 */
const entries = new WeakMap<DisplayEventSource['createParser'], BuiltInSource>();

/**
 * Sources that stand in for the built-ins in a registry: their metadata and
 * detector are the provider's own, and {@link loadSource} swaps one for the
 * real source before any parser is made.
 */
/**
 * The agent ids of the built-in session stores (session-stores.ts), which a
 * plugin's store may not take. Repeated here so that rendering a file, which
 * loads plugins but not the stores (they import every provider), refuses the
 * same plugins the session commands refuse; built-in-sources.test.ts holds
 * the two lists equal.
 */
export const BUILT_IN_STORE_IDS: readonly string[] = ['claude', 'codex', 'gemini', 'opencode', 'copilot'];

export function builtInStandIns(): DisplayEventSource[] {
  return BUILT_IN.map((entry) => {
    const standIn = defineSource({
      specificationVersion: 'v1',
      id: entry.id,
      displayName: entry.displayName,
      cadence: entry.cadence,
      detect: entry.detect,
      createParser() {
        throw new Error(`the built-in source "${entry.id}" was used before it was loaded`);
      },
    });
    entries.set(standIn.createParser, entry);
    return standIn;
  });
}

/** The source to parse with: a built-in's stand-in loaded, any other source as it is. */
export async function loadSource(source: DisplayEventSource): Promise<DisplayEventSource> {
  const entry = entries.get(source.createParser);
  if (entry === undefined) return source;
  loadedParts.add(`source:${entry.id}`);
  return entry.load();
}
