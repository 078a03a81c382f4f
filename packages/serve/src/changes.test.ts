import { describe, expect, it } from 'vitest';
import { changesBodyHtml, changesByFile } from './changes.js';
import { summarizeEvents } from './session-summary.js';

async function* from<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

const EVENTS = [
  { kind: 'prompt', form: 'prompt', text: 'make it' },
  { kind: 'tool-use', id: 'w', name: 'Write', toolName: 'Write', toolKind: 'edit', arg: 'a.md', input: { file_path: '/p/a.md', content: 'one\ntwo' } },
  { kind: 'prompt', form: 'prompt', text: 'change it' },
  {
    kind: 'tool-use',
    id: 'e',
    name: 'Edit',
    toolName: 'Edit',
    toolKind: 'edit',
    arg: 'a.md',
    input: { file_path: '/p/a.md', old_string: 'two', new_string: '<b>three</b>' },
  },
  { kind: 'tool-use', id: 'r', name: 'Read', toolName: 'Read', toolKind: 'read', arg: 'b.md', input: { file_path: '/p/b.md' } },
] as const;

describe('a session’s changes', () => {
  it('collects each file’s edits first to last, with their turns and events', async () => {
    const summary = await summarizeEvents(from(EVENTS));
    expect(summary.turns.map((t) => [t.turn, t.firstEvent, t.prompt])).toEqual([
      [1, 0, 'make it'],
      [2, 2, 'change it'],
    ]);
    const files = changesByFile(summary.edits);
    expect(files.map((f) => [f.path, f.change, f.steps.map((s) => [s.turn, s.eventIndex])])).toEqual([
      [
        '/p/a.md',
        'written',
        [
          [1, 1],
          [2, 3],
        ],
      ],
    ]);
  });

  it('shows the diffs escaped, per file and per turn, linking to the events', async () => {
    const html = changesBodyHtml(await summarizeEvents(from(EVENTS)), false, '/s/k');
    expect(html).toContain('<span class="add">+&lt;b&gt;three&lt;/b&gt;</span>');
    expect(html).toContain('<span class="remove">-two</span>');
    expect(html).toContain('href="/s/k#e3"');
    expect(html).toContain('<h3><a href="/s/k#t2">Turn 2</a></h3>');
  });

  it('says how many lines of a long edit are not shown: core made only its first', async () => {
    const old = Array.from({ length: 3000 }, (_, i) => `line ${i}`).join('\n');
    const edit = {
      kind: 'tool-use',
      id: 'b',
      name: 'Edit',
      toolName: 'Edit',
      toolKind: 'edit',
      arg: 'big.txt',
      input: { file_path: '/p/big.txt', old_string: old, new_string: old.toUpperCase() },
    } as const;
    const html = changesBodyHtml(await summarizeEvents(from([{ kind: 'prompt', form: 'prompt', text: 'shout' }, edit])), false, '/s/k');
    // The diff is shown twice, under its file and under its turn: each time its 2,000 lines made, and the rest said.
    expect(html.match(/<span class="hunk">… 4,000 more lines<\/span>/g)).toHaveLength(2);
    expect(html.match(/<span class="(?:add|remove)">/g)).toHaveLength(2 * 2000);
  });
});
