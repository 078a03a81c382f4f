import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type DisplayEvent, replayLines } from '@x/core';
import { toOneLine } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { memoryFs } from '../test/memory-fs.js';
import { FIXTURES, versions } from '../test/recordings.js';
import { qwenLogSource, qwenSessionStore } from './index.js';
import { TITLE_MAX_CHARS } from './session-row.js';

/** The recordings' home: the lab ran Qwen Code with HOME=/home/lab (normalised). */
const HOME = '/home/lab';

/** Every file the lab recorded under one scenario's home, as a memory file system rooted at /home/lab. */
function scenarioFs(version: string, scenario: string) {
  const dir = join(FIXTURES, 'qwen-log', version, scenario);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.jsonl') || file.endsWith('.json') || file.endsWith('.md'),
  );
  return memoryFs(Object.fromEntries(files.map((file) => [`${HOME}/${file}`, readFileSync(join(dir, file), 'utf8')])), Date.UTC(2026, 10, 29));
}

const scenarios = versions().flatMap((version) => readdirSync(join(FIXTURES, 'qwen-log', version)).map((scenario) => ({ version, scenario })));

async function textOf(bytes: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of bytes) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** What the full parse of a log says of the fields a row carries. */
function parsed(events: readonly DisplayEvent[]) {
  const start = events.find((event) => event.kind === 'session' && event.phase === 'start');
  const prompts = events.filter((event) => event.kind === 'prompt' && event.parentToolUseId === undefined);
  const tokens = events.reduce((sum, event) => sum + (event.kind === 'usage' ? (event.inputTokens ?? 0) + (event.outputTokens ?? 0) : 0), 0);
  return {
    id: start?.kind === 'session' ? start.sessionId : undefined,
    project: start?.kind === 'session' ? start.cwd : undefined,
    startedAt: start?.timestamp,
    title: prompts[0]?.kind === 'prompt' ? toOneLine(prompts[0].text, TITLE_MAX_CHARS) : undefined,
    turns: prompts.length,
    tokens: tokens === 0 ? undefined : tokens,
  };
}

describe('qwenSessionStore', () => {
  it('finds the logs under $QWEN_RUNTIME_DIR, else $QWEN_HOME, else ~/.qwen', () => {
    const fs = memoryFs({});
    expect(qwenSessionStore.roots({ home: '/h', env: {}, fs })).toEqual(['/h/.qwen/projects']);
    expect(qwenSessionStore.roots({ home: '/h', env: { QWEN_HOME: '/q' }, fs })).toEqual(['/q/projects']);
    expect(qwenSessionStore.roots({ home: '/h', env: { QWEN_HOME: '/q', QWEN_RUNTIME_DIR: '/r' }, fs })).toEqual(['/r/projects']);
    expect(qwenSessionStore).toMatchObject({ id: 'qwen', logSource: qwenLogSource.id, envVariables: ['QWEN_RUNTIME_DIR', 'QWEN_HOME'] });
  });

  it('has every recorded scenario to list', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(20);
  });

  describe.each(scenarios)('$version $scenario', ({ version, scenario }) => {
    it('lists each session log with the fields its full parse reports', async () => {
      const fs = scenarioFs(version, scenario);
      const rows = await qwenSessionStore.list({ home: HOME, env: {}, fs, subagents: false });
      expect(rows.length).toBeGreaterThanOrEqual(1);
      for (const row of rows) {
        const content = await qwenSessionStore.open(row, { home: HOME, env: {}, fs });
        if (content.kind !== 'bytes') throw new Error('a Qwen Code log is read as bytes');
        const { events } = replayLines(qwenLogSource, (await textOf(content.bytes)).split('\n'));
        const whole = parsed(events);
        expect({ id: row.id, project: row.project, startedAt: row.startedAt, title: row.title, turns: row.turns, tokens: row.tokens }).toEqual(whole);
        expect(row).toMatchObject({ agent: 'qwen', storage: 'file', updatedAt: '2026-11-29T00:00:00.000Z' });
      }
    });
  });

  it("lists a subagent's own log only when asked, under its parent session", async () => {
    const fs = scenarioFs('0.24.4', 'subagent');
    const main = await qwenSessionStore.list({ home: HOME, env: {}, fs, subagents: false });
    const all = await qwenSessionStore.list({ home: HOME, env: {}, fs, subagents: true });
    expect(main).toHaveLength(1);
    expect(all.map((row) => [row.id, row.parentId, row.title])).toEqual([
      [main[0]?.id, undefined, 'Ask a helper to count the files.'],
      ['agent-general-purpose-call_lab_1_0', main[0]?.id, 'Count the files in the working folder.'],
    ]);
  });

  it('lists nothing where there are no logs, and leaves out a log that is gone', async () => {
    expect(await qwenSessionStore.list({ home: '/nobody', env: {}, fs: memoryFs({}), subagents: true })).toEqual([]);
    const fs = memoryFs({ '/h/.qwen/projects/-w/chats/s1.jsonl': '' });
    const gone = { ...fs, stat: async () => undefined };
    expect(await qwenSessionStore.list({ home: '/h', env: {}, fs: gone, subagents: false })).toEqual([]);
  });
});
