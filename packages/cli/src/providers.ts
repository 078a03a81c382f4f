import type { DisplayEventSource, SourceRegistry } from '@x/core';
import { createSourceRegistry } from '@x/core';
import { claudeLogSource, claudeSource } from '@x/provider-claude';
import { codexLogSource, codexSource } from '@x/provider-codex';
import { copilotSource } from '@x/provider-copilot';
import { geminiSource } from '@x/provider-gemini';
import { openaiCompatibleSource } from '@x/provider-openai-compatible';
import { openCodeSource } from '@x/provider-opencode';

/** Every provider `xview` ships with, in the order `--help` lists them. */
export const BUILT_IN_SOURCES: readonly DisplayEventSource[] = [
  claudeSource,
  codexSource,
  geminiSource,
  openCodeSource,
  copilotSource,
  openaiCompatibleSource,
  claudeLogSource,
  codexLogSource,
];

/** A registry of the built-in providers. */
export function builtInRegistry(): SourceRegistry {
  return createSourceRegistry(BUILT_IN_SOURCES);
}
