import { claudeGenerator, claudePartialGenerator } from './claude.js';
import { codexGenerator } from './codex.js';
import { copilotGenerator } from './copilot.js';
import { geminiGenerator } from './gemini.js';
import { openaiCompatibleGenerator } from './openai-compatible.js';
import { opencodeGenerator } from './opencode.js';
import { RECORDED_GENERATORS } from './recorded.js';
import type { StreamGenerator } from './types.js';

export type { StreamGenerator } from './types.js';

/** Every stream the bench generates, in the order tables list them: the synthetic ones, then the real shapes (recorded.ts). */
export const GENERATORS: readonly StreamGenerator[] = [
  claudeGenerator,
  claudePartialGenerator,
  codexGenerator,
  geminiGenerator,
  opencodeGenerator,
  copilotGenerator,
  openaiCompatibleGenerator,
  ...RECORDED_GENERATORS,
];
