import type { SessionStore } from '@x/core';
import { claudeSessionStore } from '@x/provider-claude';
import { codexSessionStore } from '@x/provider-codex';
import { copilotSessionStore } from '@x/provider-copilot';
import { geminiSessionStore } from '@x/provider-gemini';
import { openCodeSessionStore } from '@x/provider-opencode';

/** The five providers' stores, in the order `xview` registers them, for the tests of this package (which imports no provider). */
export const STORES: readonly SessionStore[] = [claudeSessionStore, codexSessionStore, geminiSessionStore, openCodeSessionStore, copilotSessionStore];
