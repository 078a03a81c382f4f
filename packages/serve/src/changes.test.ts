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
});
