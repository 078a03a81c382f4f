import type { DisplayEventSource } from '@x/core';
import { acpSource } from '@x/provider-acp';
import { claudeLogSource, claudeSource } from '@x/provider-claude';
import { codexLogSource, codexSource } from '@x/provider-codex';
import { copilotLogSource, copilotSource } from '@x/provider-copilot';
import { geminiLogSource, geminiSource } from '@x/provider-gemini';
import { openAICompatibleSource } from '@x/provider-openai-compatible';
import { openCodeLogSource, openCodeSource } from '@x/provider-opencode';

/** Every first-party source, keyed by its fixtures folder. */
export const SOURCES: Readonly<Record<string, DisplayEventSource>> = {
  claude: claudeSource,
  codex: codexSource,
  gemini: geminiSource,
  opencode: openCodeSource,
  copilot: copilotSource,
  'openai-compatible': openAICompatibleSource,
  acp: acpSource,
  'claude-log': claudeLogSource,
  'codex-log': codexLogSource,
  'gemini-log': geminiLogSource,
  'opencode-log': openCodeLogSource,
  'copilot-log': copilotLogSource,
};
