import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './command-line.js';

describe('parseCommandLine', () => {
  it('joins the words of the prompt and finds --stream anywhere', () => {
    expect(parseCommandLine(['What', 'does', 'slugify', 'do?'])).toEqual({ stream: false, prompt: 'What does slugify do?' });
    expect(parseCommandLine(['Hello', '--stream'])).toEqual({ stream: true, prompt: 'Hello' });
  });

  it('drops the `--` that `pnpm start -- "question"` hands on', () => {
    expect(parseCommandLine(['--', 'What does slugify do?'])).toEqual({ stream: false, prompt: 'What does slugify do?' });
    expect(parseCommandLine(['--', '--stream', 'Hello'])).toEqual({ stream: true, prompt: 'Hello' });
  });

  it('keeps a `--` that is part of the prompt', () => {
    expect(parseCommandLine(['a', '--', 'b'])).toEqual({ stream: false, prompt: 'a -- b' });
  });

  it('gives an empty prompt when there is none', () => {
    expect(parseCommandLine(['--', '--stream']).prompt).toBe('');
  });
});
