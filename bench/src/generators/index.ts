import { claudeGenerator, claudePartialGenerator } from './claude.js';
import { codexGenerator } from './codex.js';
import { copilotGenerator } from './copilot.js';
import { geminiGenerator } from './gemini.js';
import { openaiCompatibleGenerator } from './openai-compatible.js';
import { opencodeGenerator } from './opencode.js';
import type { StreamGenerator } from './types.js';

export type { StreamGenerator } from './types.js';

/** Every stream the bench generates, in the order tables list them. */
export const GENERATORS: readonly StreamGenerator[] = [
  claudeGenerator,
  claudePartialGenerator,
  codexGenerator,
  geminiGenerator,
  opencodeGenerator,
  copilotGenerator,
  openaiCompatibleGenerator,
];
