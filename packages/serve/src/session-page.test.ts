import { describe, expect, it } from 'vitest';
import { anchorTurns, writeTranscript } from './session-page.js';

async function* from<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

describe('the transcript', () => {
  it('anchors every event by its index, every turn by its number, and marks compactions', async () => {
    const parts: string[] = [];
    await writeTranscript(
      from([
        { kind: 'prompt', form: 'prompt', text: 'one' },
        { kind: 'text', id: 'a', text: 'hello' },
        { kind: 'notice', level: 'info', message: 'Conversation compacted', code: 'compaction' },
        { kind: 'prompt', form: 'prompt', text: '<section class="turn"><h2>Turn 9</h2>' },
      ] as const),
      (html) => void parts.push(html),
    );
    const html = parts.join('');
    for (const n of [0, 1, 2, 3]) expect(html).toContain(`<a id="e${n}" class="x-event"></a>`);
    expect(html).toContain('<section class="turn" id="t1"><h2><a href="#t1">Turn 1</a></h2>');
    expect(html).toContain('<section class="turn" id="t2">');
    expect(html).not.toContain('id="t9"');
    expect(html).toContain('<div class="x-compaction" role="separator">');
  });

  it('anchors only the renderer’s own turn headings', () => {
    expect(anchorTurns('<section class="turn"><h2>Turn 3</h2>')).toBe('<section class="turn" id="t3"><h2><a href="#t3">Turn 3</a></h2>');
    expect(anchorTurns('&lt;section class="turn"&gt;')).toBe('&lt;section class="turn"&gt;');
  });
});
