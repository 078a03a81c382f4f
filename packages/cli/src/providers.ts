import type { DisplayEventSource, SourceRegistry } from '@x/core';
import { createSourceRegistry } from '@x/core';
import { acpSource } from '@x/provider-acp';
import { claudeLogSource, claudeSource } from '@x/provider-claude';
import { codexLogSource, codexSource } from '@x/provider-codex';
import { copilotLogSource, copilotSource } from '@x/provider-copilot';
import { geminiLogSource, geminiSource } from '@x/provider-gemini';
import { openAICompatibleSource } from '@x/provider-openai-compatible';
import { openCodeLogSource, openCodeSource } from '@x/provider-opencode';

/** Every provider `xview` ships with, in the order `--help` lists them. */
export const BUILT_IN_SOURCES: readonly DisplayEventSource[] = [
  claudeSource,
  codexSource,
  geminiSource,
  openCodeSource,
  copilotSource,
  openAICompatibleSource,
  acpSource,
  claudeLogSource,
  codexLogSource,
  geminiLogSource,
  openCodeLogSource,
  copilotLogSource,
];

/** A registry of the built-in providers. */
export function builtInRegistry(): SourceRegistry {
  return createSourceRegistry(BUILT_IN_SOURCES);
}
