import type { DisplayEventSource } from '@x/core';
import { claudeSource } from '@x/provider-claude';
import { codexSource } from '@x/provider-codex';
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
};
