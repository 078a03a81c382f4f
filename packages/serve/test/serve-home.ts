// A home directory with a session of each of the five agents, for the server's
// tests. The logs are written by @x/sessions' test writers, which follow each
// agent's documented on-disk shape (see that package's README), and one
// recorded Claude log (fixtures/claude-log/crud.jsonl, a real Claude Code 2.0.14
// session that writes, edits and deletes JOKE.md) is copied beside them.
import { copyFileSync, mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionStore } from '@x/core';
import { claudeLogSource, claudeSessionStore } from '@x/provider-claude';
import { codexLogSource, codexSessionStore } from '@x/provider-codex';
import { copilotLogSource, copilotSessionStore } from '@x/provider-copilot';
import { geminiLogSource, geminiSessionStore } from '@x/provider-gemini';
import { openCodeLogSource, openCodeSessionStore } from '@x/provider-opencode';
import type { SessionSources } from '@x/sessions';
import { tempHome, writeClaude, writeCodex, writeCopilot, writeGemini, writeOpenCodeStorage } from '../../sessions/test/fake-home.js';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';

/** Each agent's log source, as `xview serve` hands them in. */
export const SOURCES: SessionSources = {
  claude: claudeLogSource,
  codex: codexLogSource,
  gemini: geminiLogSource,
  opencode: openCodeLogSource,
  copilot: copilotLogSource,
};

/** Each agent's session store, as `xview serve` registers them. */
export const STORES: readonly SessionStore[] = [claudeSessionStore, codexSessionStore, geminiSessionStore, openCodeSessionStore, copilotSessionStore];

/** A phrase planted in each agent's prompt, for search. */
export const PLANTED = {
  claude: 'zebrafish claude harbour',
  codex: 'zebrafish codex lantern',
  gemini: 'zebrafish gemini meadow',
  opencode: 'zebrafish opencode pebble',
  copilot: 'zebrafish copilot thistle',
} as const;

export const IDS = {
  claude: '7c0a1f4e-1d52-4a8e-9a43-0f6d2b7e9c11',
  codex: '11111111-2222-3333-4444-555555555555',
  gemini: '3f2b9e1c-aaaa-4bbb-8ccc-dddddddddddd',
  opencode: 'ses_6a1b2c3d4e5f',
  copilot: '0d3f6a52-7b1e-4c1a-9a0e-5f2b8c9d1e20',
  recorded: '8122657c-fe54-4dc9-89a3-20049e8a84f7',
} as const;

/** Writes the home; returns it and the Claude log's path (tests append to it). */
export function fiveAgentHome(): { home: string; claudeLog: string } {
  const home = tempHome();
  const at = (minute: number) => `2026-03-02T10:0${minute}:00.000Z`;
  const claudeLog = writeClaude(join(home, '.claude'), { id: IDS.claude, cwd: '/work/app', prompt: `Please ${PLANTED.claude} now`, at: at(1) });
  writeCodex(join(home, '.codex'), { id: IDS.codex, cwd: '/work/app', prompt: `Please ${PLANTED.codex} now`, at: at(2) });
  writeGemini(home, 'a1b2c3', { id: IDS.gemini, cwd: '/work/app', prompt: `Please ${PLANTED.gemini} now`, at: at(3) });
  writeOpenCodeStorage(join(home, '.local', 'share', 'opencode'), { id: IDS.opencode, cwd: '/work/app', prompt: `Please ${PLANTED.opencode} now`, at: at(4) });
  writeCopilot(join(home, '.copilot'), { id: IDS.copilot, cwd: '/work/app', prompt: `Please ${PLANTED.copilot} now`, at: at(5) });
  const recorded = join(home, '.claude', 'projects', '-work-demo');
  mkdirSync(recorded, { recursive: true });
  const recordedLog = join(recorded, `${IDS.recorded}.jsonl`);
  copyFileSync(join(FIXTURES_DIR, 'claude-log', 'crud.jsonl'), recordedLog);
  // As Claude Code left it: last written at its last line's time, so it is not listed as running now.
  const lastLine = new Date('2025-10-12T21:36:39.886Z');
  utimesSync(recordedLog, lastLine, lastLine);
  return { home, claudeLog };
}
