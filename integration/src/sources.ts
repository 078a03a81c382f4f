import type { DisplayEventSource } from '@x/core';
import { claudeSource } from '@x/provider-claude';
import { codexSource } from '@x/provider-codex';
import { copilotLogSource, copilotSource } from '@x/provider-copilot';
import { geminiLogSource, geminiSource } from '@x/provider-gemini';
import { openaiCompatibleSource } from '@x/provider-openai-compatible';
import { openCodeLogSource, openCodeSource } from '@x/provider-opencode';

/** Every first-party source, keyed by its fixtures folder. */
export const SOURCES: Readonly<Record<string, DisplayEventSource>> = {
  claude: claudeSource,
  codex: codexSource,
  gemini: geminiSource,
  opencode: openCodeSource,
  copilot: copilotSource,
  'openai-compatible': openaiCompatibleSource,
  'gemini-log': geminiLogSource,
  'opencode-log': openCodeLogSource,
  'copilot-log': copilotLogSource,
};
