import type { SessionStore } from '@x/core';
import { claudeSessionStore } from '@x/provider-claude';
import { codexSessionStore } from '@x/provider-codex';
import { copilotSessionStore } from '@x/provider-copilot';
import { geminiSessionStore } from '@x/provider-gemini';
import { openCodeSessionStore } from '@x/provider-opencode';

/** The session stores `xview` ships with, in the order listings, `--agent` and help text name agents. */
export const BUILT_IN_STORES: readonly SessionStore[] = [claudeSessionStore, codexSessionStore, geminiSessionStore, openCodeSessionStore, copilotSessionStore];
