import type { AgentProfile } from './agent.js';
import { claude } from './claude.js';
import { codex } from './codex.js';
import { copilot } from './copilot.js';
import { gemini } from './gemini.js';
import { opencode } from './opencode.js';
import { qwen } from './qwen.js';

/** Every agent the lab can record, by the id `pnpm capture <agent>` takes. */
export const AGENTS: Readonly<Record<string, AgentProfile>> = { claude, codex, copilot, gemini, opencode, qwen };
