import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { render } from '../test/events.js';

const prompt = (text: string, form: 'prompt' | 'command' | 'interrupt' = 'prompt', extra: Partial<DisplayEvent> = {}): DisplayEvent => ({ kind: 'prompt', form, text, ...extra }) as DisplayEvent;
const answer: DisplayEvent = { kind: 'text', id: 'm1', text: 'Done.\n' };

describe('prompt events in the terminal', () => {
  it('verbose mode marks each form on its own line', async () => {
    const out = await render([prompt('/model opus', 'command'), prompt('Fix the test'), answer, prompt('Request interrupted by user', 'interrupt')], { mode: 'verbose' });
    expect(out).toBe('❯ /model opus\n❯ Fix the test\nDone.\n⊘ Request interrupted by user\n');
  });

  it('indents a multi-line prompt, cuts a long one, and shows control characters as escapes', async () => {
    const long = ['first \x1b[31mred', ...Array.from({ length: 11 }, (_, i) => `line ${i + 2}`)].join('\n');
    const out = await render([prompt(long)], { mode: 'verbose' });
    expect(out.split('\n').slice(0, 2)).toEqual(['❯ first \\x1b[31mred', '  line 2']);
    expect(out).toContain('  line 10\n  ⋮ 2 more lines\n');
  });

  it('nests a subagent prompt under its call', async () => {
    const out = await render([prompt('Warmup', 'prompt', { parentToolUseId: 'sidechain:w1' })], { mode: 'verbose' });
    expect(out).toBe('  ❯ Warmup\n');
  });

  it('default mode leaves prompts out, so that it writes exactly the DisplayOutput', async () => {
    expect(await render([prompt('Fix the test'), answer])).toBe('Done.\n');
  });

  it('paints the mark and the text when colour is on', async () => {
    const out = await render([prompt('/init', 'command')], { mode: 'verbose', color: true });
    expect(out).toBe('\x1b[35m❯ \x1b[39m\x1b[36m/init\x1b[39m\n');
  });
});
