// The listing reads each log with its provider's own rules (issue #31): for
// every session log in fixtures/*-log, the row a store lists equals what the
// full parse of the same log by the store's log source reports: the title
// (the log's own, else the first prompt, on one line), the turns, and the
// tokens, wherever the row gives them.
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { aggregateRun, type DisplayEvent, type DisplayEventSource, streamEvents } from '@x/core';
import { toOneLine } from '@x/core/provider-utils';
import { claudeLogSource } from '@x/provider-claude';
import { codexLogSource } from '@x/provider-codex';
import { copilotLogSource } from '@x/provider-copilot';
import { geminiLogSource } from '@x/provider-gemini';
import { openCodeLogSource } from '@x/provider-opencode';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { put, tempHome } from '../test/fake-home.js';
import { STORES } from '../test/stores.js';
import { listSessions } from './list-sessions.js';
import { openSession } from './open-session.js';
import type { SessionInfo } from './types.js';

const SOURCES = new Map<string, DisplayEventSource>([claudeLogSource, codexLogSource, geminiLogSource, openCodeLogSource, copilotLogSource].map((s) => [s.id, s]));

/** What a listing row and a full parse both report. */
interface Reported {
  title: string | undefined;
  turns: number | undefined;
  tokens: number | undefined;
}

/** The recorded homes (fixtures/<agent>-log/recorded/<version>/<scenario>/), each laid out as the agent keeps its logs. */
function recordedHomes(): string[] {
  const homes: string[] = [];
  // A plugin's agent (Qwen Code, fixtures/qwen-log/) has no built-in store: its plugin's own test holds its
  // rows to the full parse (examples/provider-qwen/src/session-store.test.ts).
  const builtIn = (dir: string) => STORES.some((store) => `${store.id}-log` === dir);
  for (const dir of readdirSync(FIXTURES_DIR).filter((name) => name.endsWith('-log') && builtIn(name))) {
    if (!readdirSync(join(FIXTURES_DIR, dir)).includes('recorded')) continue;
    const recorded = join(FIXTURES_DIR, dir, 'recorded');
    // A version that printed plain text keeps its stdout, stderr and provenance.json beside its scenarios' homes (lab/README.md): those are no homes.
    for (const version of readdirSync(recorded)) {
      for (const scenario of readdirSync(join(recorded, version), { withFileTypes: true }).filter((entry) => entry.isDirectory())) homes.push(join(recorded, version, scenario.name));
    }
  }
  return homes;
}

/** Where each agent keeps a log file like the loose fixture `name` (the fixture READMEs say what each one records). */
function placeOf(agent: string, name: string): string | undefined {
  const stem = name.replace(/\.jsonl?$/, '');
  if (agent === 'claude') return join('.claude', 'projects', '-work', name);
  if (agent === 'codex') return join('.codex', 'sessions', '2026', '01', '01', `rollout-2026-01-01T00-00-00-${stem}.jsonl`);
  if (agent === 'copilot') return join('.copilot', 'session-state', name);
  if (agent === 'gemini') return join('.gemini', 'tmp', 'project', 'chats', `session-${name}`);
  // OpenCode's loose fixtures are what `opencode export` prints, not logs a store lists; its storage tree is copied below.
  return undefined;
}

/** The loose fixture logs, copied into one home where the stores find them. */
function looseLogsHome(): string {
  const home = tempHome();
  for (const dir of readdirSync(FIXTURES_DIR).filter((name) => name.endsWith('-log'))) {
    for (const name of readdirSync(join(FIXTURES_DIR, dir))) {
      if (!/\.jsonl?$/.test(name) || name.endsWith('.events.json')) continue;
      const place = placeOf(dir.replace(/-log$/, ''), name);
      if (place !== undefined) put(join(home, place), readFileSync(join(FIXTURES_DIR, dir, name), 'utf8'));
    }
  }
  cpSync(join(FIXTURES_DIR, 'opencode-log', 'synthetic-storage', 'storage'), join(home, '.local', 'share', 'opencode', 'storage'), { recursive: true });
  return home;
}

/**
 * The log sources whose `outputTokens` leave reasoning out, reporting it
 * apart (provider-gemini log-messages.ts `usageOf`, provider-opencode
 * wire-values.ts): their total adds it. The others count it in the output.
 */
const REASONING_APART = new Set(['gemini-log', 'opencode-log']);

/** What the full parse reports: the session's own title else its first typed prompt, the run's turns, and its tokens. */
function parsed(events: readonly DisplayEvent[], source: string): Reported {
  const outcome = aggregateRun(events);
  const titled = events.filter((e) => e.kind === 'session' && e.title !== undefined).map((e) => (e.kind === 'session' ? e.title : undefined));
  // A subagent's own log has only its task's prompt, nested under the call: that prompt titles it.
  const prompts = events.filter((e) => e.kind === 'prompt' && e.form === 'prompt');
  const prompt = prompts.find((e) => e.parentToolUseId === undefined) ?? prompts[0];
  const text = titled.at(-1) ?? (prompt?.kind === 'prompt' ? prompt.text : undefined);
  // The contract's convention (display-event.ts, usage): input counts cached tokens too.
  const { inputTokens, outputTokens, reasoningTokens } = outcome.usage;
  const tokens = inputTokens + outputTokens + (REASONING_APART.has(source) ? reasoningTokens : 0);
  return { title: text === undefined ? undefined : toOneLine(text, 200) || undefined, turns: outcome.turns, tokens: tokens > 0 ? tokens : undefined };
}

/** The full parse of a listed session by its store's log source. */
async function parse(row: SessionInfo, home: string): Promise<Reported> {
  const store = STORES.find((s) => s.id === row.agent);
  const source = SOURCES.get(store?.logSource ?? '');
  if (source === undefined) throw new Error(`no log source for ${row.agent}`);
  const events: DisplayEvent[] = [];
  for await (const event of streamEvents(await openSession(row, { stores: STORES, home, env: {} }), { source })) events.push(event);
  return parsed(events, source.id);
}

/** Each row beside the full parse, keeping only what the row gives (a row leaves out what it cannot know exactly). */
async function compare(home: string): Promise<[string, Reported, Reported][]> {
  const rows = await listSessions({ stores: STORES, home, env: {}, subagents: true });
  const pairs: [string, Reported, Reported][] = [];
  for (const row of rows) {
    const full = await parse(row, home);
    const listed: Reported = { title: row.title, turns: row.turns, tokens: row.tokens };
    pairs.push([relative(home, row.path), listed, { title: full.title, turns: row.turns === undefined ? undefined : full.turns, tokens: row.tokens === undefined ? undefined : full.tokens }]);
  }
  return pairs;
}

/** Each row beside the full parse: title, turns and tokens equal for every log. */
function expectAgreement(pairs: [string, Reported, Reported][]): void {
  expect(pairs.map(([name, listed]) => [name, listed])).toEqual(pairs.map(([name, , full]) => [name, full]));
}

describe('a listing row equals the full parse of its log, for every session log in fixtures/*-log', () => {
  it.each(recordedHomes().map((home) => [relative(FIXTURES_DIR, home), home]))('%s', async (_name, home) => {
    const pairs = await compare(home);
    expect(pairs.length).toBeGreaterThan(0);
    expectAgreement(pairs);
  });

  it('the loose fixture logs', async () => {
    const pairs = await compare(looseLogsHome());
    // Fourteen loose logs (5 Claude, 4 Codex, 3 Copilot, 2 Gemini) and one OpenCode storage session.
    expect(pairs.length).toBe(15);
    expectAgreement(pairs);
  });
});
