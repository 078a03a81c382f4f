// A log whose first prompt is longer than the 1 MiB a listing reads of a
// log's head: a Claude Code prompt holding a pasted screenshot (an image
// block of base64 before the text). The line the head cut is read to its end,
// so the session keeps its project (it would be left out of its project's
// listing) and its title.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { tempHome } from '../test/fake-home.js';
import { STORES } from '../test/stores.js';
import { listSessions } from './list-sessions.js';

/** Claude Code 2.1.332's recorded plain answer, its prompt given an image of `imageBytes` base64 characters first. */
function homeWithImagePrompt(imageBytes: number): string {
  const home = tempHome();
  cpSync(join(FIXTURES_DIR, 'claude-log', 'recorded', '2.1.332', 'plain-answer'), home, { recursive: true });
  const projects = join(home, '.claude', 'projects');
  const folder = join(projects, readdirSync(projects)[0] as string);
  const log = join(folder, readdirSync(folder).find((name) => name.endsWith('.jsonl')) as string);
  const lines = readFileSync(log, 'utf8').split('\n');
  const at = lines.findIndex((line) => line.includes('"type":"user"'));
  const prompt = JSON.parse(lines[at] as string) as { message: { content: unknown } };
  prompt.message.content = [
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(imageBytes) } },
    { type: 'text', text: 'What is 6 times 7?' },
  ];
  lines[at] = JSON.stringify(prompt);
  writeFileSync(log, lines.join('\n'));
  return home;
}

describe('a first prompt longer than the head a listing reads', () => {
  it('still gives the session its project and title', async () => {
    const rows = await listSessions({ stores: STORES, home: homeWithImagePrompt(3 * 1024 * 1024), env: {}, project: '/home/lab/project' });
    expect(rows.map((row) => [row.project, row.title])).toEqual([['/home/lab/project', '[image] What is 6 times 7?']]);
  });
});

describe('a Gemini CLI ≤0.38 recording too large to parse whole for its row (over 4 MiB)', () => {
  it('is listed by its id, start and first prompt, read from its first lines', async () => {
    const home = tempHome();
    cpSync(join(FIXTURES_DIR, 'gemini-log', 'recorded', '0.31.0', 'read-edit-run'), home, { recursive: true });
    const chats = join(home, '.gemini', 'tmp', 'project', 'chats');
    const log = join(chats, readdirSync(chats)[0] as string);
    const document = JSON.parse(readFileSync(log, 'utf8')) as { messages: { content: unknown }[] };
    // Its last message made 5 MiB long, as a long tool output makes one; written as Gemini CLI writes it.
    (document.messages.at(-1) as { content: unknown }).content = 'y'.repeat(5 * 1024 * 1024);
    writeFileSync(log, JSON.stringify(document, null, 2));
    const rows = await listSessions({ stores: STORES, home, env: {}, agent: 'gemini' });
    expect(rows.map((row) => [row.id, row.startedAt, row.title, row.turns])).toEqual([
      ['da4992ab-d993-4354-9f68-45669fc098ef', '2026-11-29T18:43:59.962Z', 'Fix the typo in src/greet.ts and show me the file.', undefined],
    ]);
  });
});
