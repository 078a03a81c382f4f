import type { DisplayEventSource } from '@x/core';
import { claudeLogSource, claudeSource } from '@x/provider-claude';
import { codexLogSource, codexSource } from '@x/provider-codex';
import { copilotSource } from '@x/provider-copilot';
import { geminiSource } from '@x/provider-gemini';
import { openaiCompatibleSource } from '@x/provider-openai-compatible';
import { openCodeSource } from '@x/provider-opencode';

/** Every first-party source, keyed by its fixtures folder. */
export const SOURCES: Readonly<Record<string, DisplayEventSource>> = {
  claude: claudeSource,
  codex: codexSource,
  gemini: geminiSource,
  opencode: openCodeSource,
  copilot: copilotSource,
  'openai-compatible': openaiCompatibleSource,
  'claude-log': claudeLogSource,
  'codex-log': codexLogSource,
};
