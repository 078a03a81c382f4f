import { cpSync, mkdirSync, mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';

/** examples/provider-qwen (x-provider-qwen): a plugin that brings a session store; its dist/ must be built. */
export const QWEN_PLUGIN = join(FIXTURES_DIR, '..', 'examples', 'provider-qwen');

const RECORDED = join(FIXTURES_DIR, 'qwen-log', 'recorded', '0.24.4');

/** Every copied log's mtime, which is its row's `updatedAt`: a copy's own would differ from run to run. */
export const QWEN_CHANGED = new Date('2026-11-29T03:00:00.000Z');

/** The two recorded sessions the tests read: the session id of each scenario (fixtures/qwen-log). */
export const QWEN_SESSIONS = { plain: 'cebb297e-6b40-49d1-a36e-cb272a08a43b', edit: '3050525d-3f7e-4eea-b42b-e484a561a223' } as const;

/**
 * A new home holding the `.qwen` folder Qwen Code wrote in each recorded
 * scenario named (fixtures/qwen-log/recorded/0.24.4), where Qwen Code keeps
 * it: `~/.qwen/projects/-home-lab-project/chats/<session>.jsonl`.
 */
export function qwenHome(...scenarios: string[]): string {
  const home = mkdtempSync(join(tmpdir(), 'xview-qwen-home-'));
  mkdirSync(join(home, '.qwen'), { recursive: true });
  for (const scenario of scenarios) cpSync(join(RECORDED, scenario, '.qwen'), join(home, '.qwen'), { recursive: true });
  for (const file of readdirSync(join(home, '.qwen'), { recursive: true, encoding: 'utf8' })) utimesSync(join(home, '.qwen', file), QWEN_CHANGED, QWEN_CHANGED);
  return home;
}

/** The JSON row `xview sessions --json` gives for a recorded session, under `home`. */
export function qwenRow(home: string, which: keyof typeof QWEN_SESSIONS): Record<string, unknown> {
  const id = QWEN_SESSIONS[which];
  const known =
    which === 'plain'
      ? { size: 2971, startedAt: '2026-11-29T02:42:38.467Z', title: 'What is 6 times 7?', tokens: 1832 }
      : { size: 12497, startedAt: '2026-11-29T02:42:58.316Z', title: 'Fix the typo in src/greet.ts and show me the file.', tokens: 7340 };
  const path = join(home, '.qwen', 'projects', '-home-lab-project', 'chats', `${id}.jsonl`);
  return { agent: 'qwen', id, storage: 'file', path, updatedAt: QWEN_CHANGED.toISOString(), size: known.size, startedAt: known.startedAt, project: '/home/lab/project', title: known.title, turns: 1, tokens: known.tokens, key: id };
}

/** What `xview show --verbose` prints of the recorded session that edits a file. */
export const QWEN_EDIT_VERBOSE = [
  `⌂ session ${QWEN_SESSIONS.edit}, in /home/lab/project`,
  '❯ Fix the typo in src/greet.ts and show me the file.',
  'I will read the file first.',
  '» Read /home/lab/project/src/greet.ts',
  '  ✓ Read /home/lab/project/src/greet.ts',
  '✎ Edit (+1 -1) /home/lab/project/src/greet.ts',
  '  ✓ Updated /home/lab/project/src/greet.ts',
  '$ Bash cat src/greet.ts',
  '  ✓ Completed Bash (exit 0): export function greet(name: string): string {',
  'Fixed: `Helo` is now `Hello`.',
  '∎ completed | 7.7 s | 1 turn | 7,210 in / 130 out tokens (40 reasoning, 4,800 cache read)',
  '',
].join('\n');
