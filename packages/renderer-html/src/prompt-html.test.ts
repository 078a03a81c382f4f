import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { createHtmlFragmentRenderer } from './html-fragment-renderer.js';
import { promptHtml } from './prompt-html.js';

function render(events: DisplayEvent[]): string {
  const renderer = createHtmlFragmentRenderer();
  return events.map((event) => renderer.push(event)).join('') + renderer.end();
}

describe('prompt events in HTML', () => {
  it('shows each form as a labelled block, escaped, never as Markdown', () => {
    expect(promptHtml({ kind: 'prompt', form: 'prompt', text: 'Fix <b>this</b>\n**now**\n' })).toBe(
      '<div class="prompt"><p class="prompt-label">Prompt</p><div class="prompt-text">Fix &lt;b&gt;this&lt;/b&gt;\n**now**</div></div>',
    );
    expect(promptHtml({ kind: 'prompt', form: 'command', text: '/model opus' })).toBe('<div class="prompt command"><p class="prompt-label">Command</p><div class="prompt-text">/model opus</div></div>');
    expect(promptHtml({ kind: 'prompt', form: 'interrupt', text: 'Request interrupted by user', parentToolUseId: 't1' })).toBe(
      '<div class="prompt interrupt" data-parent-tool-use-id="t1" title="Subagent of call t1"><p class="prompt-label">Interrupted</p><div class="prompt-text">Request interrupted by user</div></div>',
    );
  });

  it('opens a new turn with the prompt at its head', () => {
    const html = render([
      { kind: 'prompt', form: 'prompt', text: 'one' },
      { kind: 'text', id: 'a', text: 'First.' },
      { kind: 'prompt', form: 'prompt', text: 'two' },
      { kind: 'text', id: 'b', text: 'Second.' },
    ]);
    expect(html).toBe(
      [
        '<section class="turn"><h2>Turn 1</h2>',
        '<div class="prompt"><p class="prompt-label">Prompt</p><div class="prompt-text">one</div></div>',
        '<div class="text"><p>First.</p></div>',
        '</section>',
        '<section class="turn"><h2>Turn 2</h2>',
        '<div class="prompt"><p class="prompt-label">Prompt</p><div class="prompt-text">two</div></div>',
        '<div class="text"><p>Second.</p></div>',
        '</section>',
        '',
      ].join('\n'),
    );
  });

  it('keeps a subagent prompt inside the turn of its call', () => {
    const html = render([
      { kind: 'text', id: 'a', text: 'Delegating.' },
      { kind: 'prompt', form: 'prompt', text: 'Warmup', parentToolUseId: 'sidechain:w1' },
    ]);
    expect(html.match(/<section/g)).toHaveLength(1);
  });
});
